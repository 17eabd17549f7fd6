/**
 * Issue 11, "more forms at the Form price": RCE transmittal, notice of appeal, pre-appeal brief
 * request, terminal disclaimer, issue-fee transmittal and client reporting letter, each through
 * POST /api/exports: billed 5.00, its USPTO fee for the entity size in the answer and in the DOCX,
 * its docket condition refused uncharged, its input validated (400 naming the field).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp, LIFTED } from '../support/app.ts';
import { analyzeOa, docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { addDays } from '../../src/domain/deadlines/calendar.ts';
import { credits } from '../../src/domain/money.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';

const SEEDED = '2026-11-21';
let t: TestApp;
let cookie: string;
let accountId: string;
let key: string;

beforeAll(async () => {
  // Forms, not limits, are under test: the per-credential and account-wide ceilings are lifted.
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { authenticated: LIFTED, session: LIFTED, account: LIFTED },
  });
  await seedDemoData(t.database.db, SEEDED);
  ({ cookie, accountId } = await signUp(t.app));
  key = await createKey(t.app, cookie);
  await grant(t.database.db, accountId, 200);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie }, payload, remoteAddress: randomIp() });
const balance = () => getBalanceMicro(t.database.db, accountId);

/** Submits a form, checks the 5.00 charge, waits and returns the answer and the DOCX text. */
async function form(payload: Record<string, unknown>): Promise<{ submitted: Record<string, unknown>; text: string; filename: string }> {
  const before = await balance();
  const res = await post({ type: 'form', ...payload });
  expect(res.statusCode, res.body).toBe(202);
  const submitted = res.json();
  expect(submitted).toMatchObject({ export_type: 'form', form: payload.form, price: '5.00' });
  expect(before - (await balance())).toBe(credits(5));
  const { body } = await pollUntilDone(t.app, submitted.poll_url, { cookie }, t.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() });
  return { submitted, text: await docxText(file), filename: String(file.headers['content-disposition']) };
}

async function refused(payload: Record<string, unknown>, status: number, code: string | RegExp): Promise<string> {
  const before = await balance();
  const res = await post({ type: 'form', ...payload });
  expect(res.statusCode, res.body).toBe(status);
  expect(`${res.json().error_code} ${res.json().message}`).toMatch(code);
  expect(await balance()).toBe(before);
  return res.json().message;
}

describe('RCE transmittal (37 CFR 1.114, PTO/SB/30)', () => {
  test('after a final: the submission, the 1.17(e)(1) fee for the entity size, an enclosed IDS under 1.97(b)(4)', async () => {
    const { submitted, text, filename } = await form({
      form: 'rce_transmittal',
      application_number: '17345678',
      input: { submission: { enclosed: ['amendment', 'ids'] }, date: SEEDED, deposit_account: '50-1234' },
    });
    expect(submitted.uspto_fees).toEqual([{ citation: '37 CFR 1.17(e)(1)', title: expect.stringMatching(/first request/), amount: '1500.00' }]);
    expect(filename).toMatch(/RCE-Transmittal-17345678-2026-11-21\.docx/);
    expect(text).toMatch(/REQUEST FOR CONTINUED EXAMINATION \(RCE\) TRANSMITTAL UNDER 37 C\.F\.R\. § 1\.114/);
    expect(text).toContain(`Prosecution was closed by the final Office Action mailed`);
    expect(text).toMatch(/Enclosed: Amendment\/Reply; Information Disclosure Statement \(IDS\)\./);
    expect(text).toMatch(/1\.97\(b\)\(4\)/);
    expect(text).toContain(
      'The fee for a first request for continued examination under 37 C.F.R. § 1.17(e)(1), at the undiscounted (large entity) rate, is $1,500.00.',
    );
    expect(text).toContain('Deposit Account No. 50-1234');
    expect(text).not.toMatch(/extension of time/i);
  });

  test('filed after the period set, it petitions for the fewest extension months with the 1.17(a) fee', async () => {
    // The final was mailed 75 days before SEEDED; 30 days later the three months have run.
    const { submitted, text } = await form({
      form: 'rce_transmittal',
      application_number: '17345678',
      input: { submission: { previously_filed_on: addDays(SEEDED, -10) }, date: addDays(SEEDED, 30) },
    });
    expect(submitted.uspto_fees).toEqual([
      expect.objectContaining({ citation: '37 CFR 1.17(e)(1)' }),
      { citation: '37 CFR 1.17(a)(1)', title: expect.any(String), amount: '235.00' },
    ]);
    expect(text).toMatch(/extension of time of one \(1\) month under 37 C\.F\.R\. § 1\.136\(a\).*The fee under 37 C\.F\.R\. § 1\.17\(a\)\(1\) is \$235\.00\./);
    expect(text).toMatch(/Previously submitted: the reply filed/);
  });

  test('refused while prosecution is open (409 rce_not_available); no submission is 400 naming input.submission', async () => {
    expect(
      await refused(
        { form: 'rce_transmittal', application_number: '17200011', input: { submission: { enclosed: ['amendment'] }, date: SEEDED } },
        409,
        'rce_not_available',
      ),
    ).toMatch(/not closed/);
    expect(
      await refused({ form: 'rce_transmittal', application_number: '17345678', input: { submission: {}, date: SEEDED } }, 400, /input\.submission/),
    ).toMatch(/input\.submission/);
  });
});

describe('notice of appeal (37 CFR 41.31) and pre-appeal brief request', () => {
  test("a notice of appeal after a final carries the 41.20(b)(1) fee and the brief's due date", async () => {
    const { submitted, text } = await form({
      form: 'notice_of_appeal',
      application_number: '17345678',
      input: { date: SEEDED, with_pre_appeal_request: true },
    });
    expect(submitted.uspto_fees).toEqual([{ citation: '37 CFR 41.20(b)(1)', title: expect.any(String), amount: '905.00' }]);
    expect(text).toMatch(/NOTICE OF APPEAL FROM THE EXAMINER TO THE PATENT TRIAL AND APPEAL BOARD/);
    expect(text).toContain('Applicant hereby appeals to the Patent Trial and Appeal Board from the last decision of the examiner');
    expect(text).toContain('$905.00');
    expect(text).toContain('A Pre-Appeal Brief Request for Review is filed with this notice of appeal.');
    expect(text).toMatch(/The appeal brief is due two months from the filing of this notice, January 21, 2027/);
  });

  test('claims rejected once are not appealable (409 not_twice_rejected), uncharged', async () => {
    expect(await refused({ form: 'notice_of_appeal', application_number: '17200011', input: { date: SEEDED } }, 409, 'not_twice_rejected')).toMatch(
      /41\.31\(a\)\(1\)/,
    );
  });

  test('a pre-appeal request: no USPTO fee, one section per argued rejection, a counted place for the one without text, and the five-page limit', async () => {
    const { submitted, text } = await form({
      form: 'pre_appeal_request',
      application_number: '17345678',
      input: {
        date: SEEDED,
        arguments: [
          {
            heading: 'Rejection of claims 1-8 under 35 U.S.C. 103',
            text: 'Okafor does not disclose a federated model update; the Examiner cites no passage for it.',
          },
          { heading: 'Rejection of claim 9 under 35 U.S.C. 112(b)' },
        ],
      },
    });
    expect(submitted.uspto_fees).toBeUndefined();
    expect(text).toMatch(/PRE-APPEAL BRIEF REQUEST FOR REVIEW/);
    expect(text).toContain('This request is being filed with a notice of appeal.');
    expect(text).toContain('Okafor does not disclose a federated model update');
    expect(text).toMatch(
      /\[the clear error or the missing element of the prima facie case in this rejection \(Rejection of claim 9 under 35 U\.S\.C\. 112\(b\)\)\]/,
    );
    expect(text).toMatch(/Arguments: \d+ words of at most about 1750/);
    const long = 'word '.repeat(1800);
    expect(
      await refused(
        { form: 'pre_appeal_request', application_number: '17345678', input: { arguments: [{ heading: 'Rejection', text: long }] } },
        400,
        /input\.arguments/,
      ),
    ).toMatch(/five pages|5 pages/);
  });
});

describe('terminal disclaimer (37 CFR 1.321(c))', () => {
  test('over the named patent, with the common-ownership agreement, the eTD note and the 1.20(d) fee', async () => {
    const { submitted, text } = await form({
      form: 'terminal_disclaimer',
      application_number: '17200011',
      input: { reference: { kind: 'patent', number: '10123456' }, owner: { percent_interest: 100 }, date: SEEDED },
    });
    expect(submitted.uspto_fees).toEqual([{ citation: '37 CFR 1.20(d)', title: expect.any(String), amount: '200.00' }]);
    expect(text).toMatch(/TERMINAL DISCLAIMER TO OBVIATE A DOUBLE PATENTING REJECTION/);
    expect(text).toContain('The owner, Northwind Energy Systems, Inc., of 100 percent interest in the instant application hereby disclaims');
    expect(text).toContain('the full statutory term of prior U.S. Patent No. 10,123,456');
    expect(text).toMatch(/enforceable only for and during such period that it and the prior patent are commonly owned/);
    expect(text).toMatch(/eTerminal Disclaimer \(eTD\)/);
    expect(text).toContain('The fee for a terminal disclaimer under 37 C.F.R. § 1.20(d) is $200.00.');
  });

  test('over a reference application; no reference is 400 naming input.reference; a bad number names input.reference.number', async () => {
    const { text } = await form({
      form: 'terminal_disclaimer',
      application_number: '17200011',
      input: { reference: { kind: 'application', number: '16/555,444' }, date: SEEDED },
    });
    expect(text).toContain('any patent granted on pending reference Application No. 16/555,444');
    expect(await refused({ form: 'terminal_disclaimer', application_number: '17200011', input: {} }, 400, /input\.reference/)).toMatch(/^input\.reference:/);
    expect(
      await refused(
        { form: 'terminal_disclaimer', application_number: '17200011', input: { reference: { kind: 'patent', number: 'abc' } } },
        400,
        /input\.reference\.number/,
      ),
    ).toMatch(/input\.reference\.number/);
  });
});

describe('issue fee transmittal (PTOL-85B)', () => {
  test("issue and publication fees for the account's entity size, the non-extendable due date; refused without a notice of allowance", async () => {
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/account', headers: { cookie }, payload: { entity_size: 'small' }, remoteAddress: randomIp() }))
        .statusCode,
    ).toBe(200);
    const { submitted, text } = await form({
      form: 'issue_fee_transmittal',
      application_number: '17111222',
      input: { date: SEEDED, assignee: { name: 'Verdant Films Inc.', residence: 'Portland, Oregon' } },
    });
    expect(submitted.uspto_fees).toEqual([
      { citation: '37 CFR 1.18(a)', title: expect.any(String), amount: '516.00' },
      { citation: '37 CFR 1.18(d)(1)', title: expect.any(String), amount: '0.00' },
    ]);
    expect(text).toMatch(/ISSUE FEE TRANSMITTAL \(PTOL-85 PART B\)/);
    expect(text).toMatch(/\$516\.00/);
    expect(text).toMatch(/\$0\.00/);
    expect(text).toContain('this period is not extendable (35 U.S.C. 151(a); 37 C.F.R. § 1.311(a))');
    expect(text).toContain('Verdant Films Inc., Portland, Oregon');
    expect(text).toMatch(/1\.104\(e\)/);
    expect(await refused({ form: 'issue_fee_transmittal', application_number: '17200011', input: { date: SEEDED } }, 409, 'no_notice_of_allowance')).toMatch(
      /No notice of allowance/,
    );
  });
});

describe('the price quote shows the USPTO fees beside the Form price', () => {
  test("POST /api/quote with forms: 5.00 each in credits, and each paper's USPTO fee for the account's entity size (small, set above)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      headers: { cookie },
      payload: {
        exports: [
          { type: 'form', form: 'notice_of_appeal' },
          { type: 'form', form: 'issue_fee_transmittal' },
          { type: 'form', form: 'client_report' },
        ],
      },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    expect(q.line_items).toEqual(expect.arrayContaining([expect.objectContaining({ item: 'export', type: 'form', unit_price: '5.00' })]));
    expect(q.total).toBe('15.00');
    expect(q.uspto_fees).toEqual([
      expect.objectContaining({ export: 'notice_of_appeal', citation: '37 CFR 41.20(b)(1)', amount: '362.00', verified: true }),
      expect.objectContaining({ export: 'issue_fee_transmittal', citation: '37 CFR 1.18(a)', amount: '516.00', verified: false }),
      expect.objectContaining({ export: 'issue_fee_transmittal', citation: '37 CFR 1.18(d)(1)', amount: '0.00' }),
    ]);
    expect(q.notes.join(' ')).toMatch(/paid to the USPTO, not in credits/);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/quote',
          headers: { cookie },
          payload: { exports: [{ type: 'form', form: 'petition' }] },
          remoteAddress: randomIp(),
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('client reporting letter', () => {
  test('summarizes the analysis: grounds with claims, deadlines with extension fees, options and the recommendation', async () => {
    const analysis = await analyzeOa(t.app, key);
    const { text } = await form({
      form: 'client_report',
      application_number: '17200011',
      analysis_id: analysis.analysis_id,
      input: { client: { name: 'Northwind Energy Systems, Inc.', attention: 'Ms. Elena Marquez' }, date: SEEDED },
    });
    expect(text).toContain('Re: U.S. Patent Application No. 17/200,011');
    expect(text).toContain('Dear Ms. Elena Marquez:');
    expect(text).toMatch(/What the Examiner did[\s\S]*Rejection of claims? [\d, -]+ under 35 U\.S\.C\. 10[23]/);
    expect(text).toMatch(/The period for reply ends on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, 2027/);
    // Small entity (set above): 1.17(a)(1) small is $94.00.
    // The last day with its weekday, and why it moved when it did (issue 19 C3).
    expect(text).toMatch(/1 month\s*[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, 2027(?: \([^)]*\))?\s*\$94\.00/);
    expect(text).toMatch(/Your options[\s\S]*File a reply[\s\S]*Interview with the Examiner/);
    expect(text).toMatch(/Our recommendation\s*We recommend filing a reply within the period set/);
    expect(await refused({ form: 'client_report', application_number: '17200011', input: {} }, 400, /analysis_id/)).toMatch(/analysis_id/);
  });
});

describe('validation', () => {
  test('an unknown form and bad input fields are 400 naming the field, unbilled', async () => {
    const before = await balance();
    expect((await post({ type: 'form', form: 'petition_to_make_special', application_number: '17200011', input: {} })).statusCode).toBe(400);
    const bad = await post({ type: 'form', form: 'rce_transmittal', application_number: '17345678', input: { submission: { enclosed: ['brief'] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/enclosed/);
    expect(await balance()).toBe(before);
  });
});
