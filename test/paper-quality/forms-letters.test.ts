/**
 * Issue 19, the forms and the client letter an attorney found wrong in the paper proof
 * (bench/paper-proof.ts), through HTTP (POST /api/exports, REST #4):
 * - A1 a terminal disclaimer asked for over a statutory (same-invention, 35 U.S.C. 101) double
 *   patenting rejection is refused, 422, nothing drafted (MPEP 804.02);
 * - A7 a letter written after the period (and every extension) has run offers no reply or
 *   extension, and states only the deadline engine's dates; B7 the allowance letter reports the
 *   claims allowed and cancelled and the issue fee; A3-A5 a statutory double patenting letter offers
 *   no terminal disclaimer; A6 rewriting claims in independent form is counted for the excess
 *   claims fees (letter and response);
 * - C3 day names and the roll of the extension petition and the letter's table are the engine's;
 *   C4 the RCE's fees print as "$600.00" and its signature block cannot split; C5 the interview
 *   request; C6 the claim chart's attorney docket number; C7 "nonstatutory" mid-sentence;
 *   C14 the IDS's first named inventor.
 */
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { corpusText, errorOf, newAccount, type Account } from '../response-plan/support.ts';
import { promisingSentences } from '../../src/documents/forms/promises.ts';
import { dollarsDisplay, usptoFee } from '../../src/domain/uspto-fees.ts';

const DATE = '2026-11-21';
const SET02 = readFileSync(new URL('../fixtures/art/set-02-15218841/action.txt', import.meta.url), 'utf8');
const PROFILE = { name: 'Jane Q. Roe', registration_number: '71,234', firm: 'Roe & Partners LLP', telephone: '(650) 555-0100', deposit_account: '50-1234' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const squash = (s: string) => s.replace(/\s+/g, ' ');
const long = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;
const DATE_RE =
  /(?:(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), )?(January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}), (\d{4})/g;

/** Every "Weekday, Month D, YYYY" of a text whose weekday is not that date's (checked with the JS calendar, independently of the engine). */
function wrongWeekdays(text: string): string[] {
  const bad: string[] = [];
  for (const m of text.matchAll(DATE_RE)) {
    if (!m[1]) continue;
    const day = new Date(Date.UTC(Number(m[4]), MONTHS.indexOf(m[2]), Number(m[3]))).getUTCDay();
    if (WEEKDAYS[day] !== m[1]) bad.push(m[0]);
  }
  return bad;
}

/** The dates a text names, as ISO strings. */
function datesIn(text: string): Set<string> {
  return new Set([...text.matchAll(DATE_RE)].map((m) => `${m[4]}-${String(MONTHS.indexOf(m[2]) + 1).padStart(2, '0')}-${m[3].padStart(2, '0')}`));
}

let t: TestApp;
let a: Account;

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED, authenticated: LIFTED, session: LIFTED },
  });
  a = await newAccount(t, 4);
  await grant(t.database.db, a.accountId, 500);
  const profile = await t.app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: { cookie: a.cookie },
    payload: { practitioner: PROFILE },
    remoteAddress: randomIp(),
  });
  expect(profile.statusCode, profile.body).toBe(200);
});
afterAll(() => t?.close());

/** A docket entry (the firm's matter number, entity status, the application's caption facts). */
async function entry(number: string, extra: { client_matter?: string; entity_size?: string; first_inventor_name?: string } = {}): Promise<string> {
  const { first_inventor_name, ...docket } = extra;
  const res = await a.call('POST', '/api/docket', {
    application_number: number,
    ...docket,
    application: {
      invention_title: `Test application ${number}`,
      filing_date: '2019-02-01',
      examiner_name: 'SMITH, JANE',
      art_unit: '3744',
      ...(first_inventor_name ? { first_inventor_name } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Records an action on the docket entry; returns the deadline engine's calculation for it. */
async function record(entryId: string, kind: string, mailing: string, text: string): Promise<Record<string, any>> {
  const res = await a.call('POST', `/api/docket/${entryId}/office-actions`, { kind, mailing_date: mailing, text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().calculation;
}

async function analyze(number: string, text: string): Promise<Record<string, any>> {
  const res = await a.call('POST', '/api/analyses', { application_number: number, office_action_text: text, include_examiner_intel: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function download(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  expect(res.statusCode, res.body).toBe(202);
  const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  return t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() });
}

const exportForm = (payload: object) => a.call('POST', '/api/exports', { type: 'form', ...payload });
const text = async (res: LightMyRequestResponse) => squash(await docxText(await download(res)));

describe('A1: no terminal disclaimer over statutory double patenting', () => {
  test('refused with 422 statutory_double_patenting, with or without a named reference; a nonstatutory one is drafted', async () => {
    await entry('16/700,101');
    const same = await analyze('16/700,101', SET02);
    const refusal = errorOf(
      await exportForm({ form: 'terminal_disclaimer', application_number: '16/700,101', analysis_id: same.analysis_id }),
      422,
      'statutory_double_patenting',
    );
    expect(refusal.message).toMatch(/same invention/);
    expect(refusal.message).toContain('MPEP 804.02');
    expect(refusal.agent_suggestion).toMatch(/Nothing was charged/);
    errorOf(
      await exportForm({
        form: 'terminal_disclaimer',
        application_number: '16/700,101',
        analysis_id: same.analysis_id,
        input: { reference: { kind: 'patent', number: '8,430,328' } },
      }),
      422,
      'statutory_double_patenting',
    );

    await entry('16/700,109');
    const odp = await analyze('16/700,109', corpusText('09'));
    const drafted = await text(await exportForm({ form: 'terminal_disclaimer', application_number: '16/700,109', analysis_id: odp.analysis_id }));
    expect(drafted).toContain('10,072,876');
  });
});

describe('the client letter', () => {
  const letter = (number: string, analysisId: string, input: object = {}) =>
    exportForm({ form: 'client_report', application_number: number, analysis_id: analysisId, input: { date: DATE, ...input } }).then(text);

  test("A7: after the last day with extensions, no reply or extension is offered; the dates are the engine's", async () => {
    const id = await entry('16/700,107', { entity_size: 'small' });
    const calc = await record(id, 'CTNF', '2026-01-05', corpusText('04'));
    const an = await analyze('16/700,107', corpusText('04'));
    const out = await letter('16/700,107', an.analysis_id, { office_action_date: '2026-01-05' });
    // The period set ended on a Sunday: the letter names the day and the Monday a reply was timely on.
    expect([calc.ssp_due, calc.response_deadline]).toEqual(['2026-04-05', '2026-04-06']);
    expect(out).toContain(
      'The period for reply set in the action ended on Sunday, April 5, 2026; because April 5, 2026 is a Sunday, a reply filed on Monday, April 6, 2026 was timely (35 U.S.C. 21(b)), and the last day on which a reply could be filed with extensions of time',
    );
    expect(out).toContain(`${long(calc.critical_deadline_date)}, has also passed`);
    expect(out).toMatch(/\[our advice: e\.g\. whether a petition to revive under 37 C\.F\.R\. § 1\.137 is to be considered/);
    expect(out).not.toMatch(
      /needs no extension fee|can be extended|extensions still available|Let the application lapse|File a reply|We recommend filing a reply|Whether to narrow|before the first deadline/,
    );
    expect(out).toContain('What to do now that the period for reply has ended');
    // Every date the letter states is the action's, the letter's own, or one the deadline engine computed.
    const engine = new Set([calc.ssp_due, calc.response_deadline, calc.critical_deadline_date, '2026-01-05', DATE]);
    expect([...datesIn(out)].filter((d) => !engine.has(d))).toEqual([]);
    expect(wrongWeekdays(out)).toEqual([]);
  });

  test('A7: after the period set but within the extensions, only the extensions still open are listed', async () => {
    const id = await entry('16/700,117', { entity_size: 'small' });
    const calc = await record(id, 'CTNF', '2026-07-20', corpusText('04'));
    const an = await analyze('16/700,117', corpusText('04'));
    const out = await letter('16/700,117', an.analysis_id, { office_action_date: '2026-07-20' });
    expect(out).toContain('The period for reply set in the action ended on');
    expect(out).toContain(
      `A reply can still be filed, with a petition for an extension of time and its USPTO fee (37 C.F.R. § 1.136(a)), until ${WEEKDAYS[new Date(`${calc.critical_deadline_date}T00:00:00Z`).getUTCDay()]}, ${long(calc.critical_deadline_date)}`,
    );
    expect(out).not.toMatch(/needs no extension fee|within the period set|before the first deadline/);
    expect(out).toContain('we recommend filing a reply with the extension of time it then needs');
    const open = (calc.extensions as { months: number; due_effective: string }[]).filter((e) => e.due_effective >= DATE);
    expect(open.length).toBeGreaterThan(0);
    for (const e of calc.extensions as { months: number; due_effective: string }[]) {
      expect(
        out.includes(
          `${e.months} month${e.months === 1 ? '' : 's'} ${WEEKDAYS[new Date(`${e.due_effective}T00:00:00Z`).getUTCDay()]}, ${long(e.due_effective)}`,
        ),
        `${e.months} months`,
      ).toBe(e.due_effective >= DATE);
    }
    expect(wrongWeekdays(out)).toEqual([]);
  });

  test('B7: the allowance letter reports the claims allowed and cancelled and the issue fee', async () => {
    const id = await entry('16/700,111', { entity_size: 'small' });
    const calc = await record(id, 'NOA', '2026-10-28', corpusText('11'));
    const an = await analyze('16/700,111', corpusText('11'));
    const out = await letter('16/700,111', an.analysis_id, { office_action_date: '2026-10-28' });
    expect(out).toContain('The Notice of Allowance allows claims 1, 4, and 6-10');
    expect(out).toContain('The action shows claims 11-21 as cancelled; they would not be part of the patent');
    expect(out).toContain(
      `The issue fee must be paid by ${WEEKDAYS[new Date(`${calc.critical_deadline_date}T00:00:00Z`).getUTCDay()]}, ${long(calc.critical_deadline_date)}`,
    );
    expect(out).toContain(`Issue fee, utility or reissue patent (37 C.F.R. § 1.18(a)) ${dollarsDisplay(usptoFee('issue_fee_utility', 'small', DATE).amount)}`);
    expect(out).not.toMatch(/period for reply ends|needs no extension fee|states no rejection or objection\. The Examiner indicates/);
  });

  test('A6 and B7: allowable claims are reported, and rewriting them is counted for the excess claims fees of the entity', async () => {
    await entry('16/700,104', { entity_size: 'small' });
    const an = await analyze('16/700,104', corpusText('04'));
    const out = await letter('16/700,104', an.analysis_id, { office_action_date: '2026-10-01' });
    expect(out).toContain('The Examiner indicates that claims 3-6 would be allowable if rewritten in independent form');
    expect(out).toContain('Whether to rewrite claims 3-6 in independent form');
    const each = dollarsDisplay(usptoFee('excess_independent_claims', 'small', DATE).amount)!;
    expect(each).toBe('$240.00');
    expect(out).toContain(`Excess claims fee, each independent claim in excess of three (37 C.F.R. § 1.16(h)) ${each}`);
    expect(out).toContain(
      'Rewriting claims 3-6 in independent form adds four independent claims: the application would then have at least five independent claims (claims 1 and 3-6; whether claims 7 and 8 are independent is not known)',
    );
    expect(out).toContain('two to four fees of $240.00 each ($480.00 to $960.00)');
    expect(out).toContain('Rewriting adds no claim, so no fee for claims over twenty arises from it (37 C.F.R. § 1.16(i))');
    expect(promisingSentences(out).filter((s) => !squash(corpusText('04')).includes(s.slice(0, 80)))).toEqual([]);
  });

  test('A3-A5: a statutory double patenting letter offers no terminal disclaimer and no "cited art"', async () => {
    await entry('16/700,102', { entity_size: 'small' });
    const an = await analyze('16/700,102', SET02);
    const out = await letter('16/700,102', an.analysis_id, { office_action_date: '2026-10-13' });
    expect(out).toContain('Rejection of claims 1-18 under 35 U.S.C. 101 (statutory double patenting)');
    expect(out).toContain('How to answer the rejection for claiming the same invention as US 8,430,328 B2');
    expect(out).toContain('A terminal disclaimer cannot overcome this rejection (MPEP 804.02)');
    expect(out).not.toMatch(/Whether to file a terminal disclaimer|cited art does not show|Statutory disclaimer, including a terminal disclaimer/);
    expect(out).toContain('Claims 1-18: amend so that the claims no longer claim the same invention as the patent the Examiner names');
    expect(promisingSentences(out).filter((s) => !squash(SET02).includes(s.slice(0, 80)))).toEqual([]);
  });

  test('C7: a nonstatutory double patenting ground is "on the ground of nonstatutory double patenting", in the analysis and the letter', async () => {
    await entry('16/700,119');
    const an = await analyze('16/700,119', corpusText('09'));
    const dp = (an.grounds as { basis: string; title: string }[]).find((g) => g.basis === 'DP')!;
    expect(dp.title).toBe('Rejection of claim 2 on the ground of nonstatutory double patenting');
    const out = await letter('16/700,119', an.analysis_id, { office_action_date: '2026-10-01' });
    expect(out).toContain('Rejection of claim 2 on the ground of nonstatutory double patenting');
    expect(out).not.toMatch(/under Nonstatutory|ground of Nonstatutory/);
  });
});

describe('C3: the extension petition and the letter name the days the deadline engine computes', () => {
  test("a month ending on a Saturday before Washington's Birthday rolls to Tuesday, named as such", async () => {
    const id = await entry('16/700,103', { entity_size: 'small' });
    const calc = await record(id, 'CTNF', '2026-10-13', corpusText('04'));
    const one = (calc.extensions as { months: number; due: string; due_effective: string }[]).find((e) => e.months === 1)!;
    expect([one.due, one.due_effective]).toEqual(['2027-02-13', '2027-02-16']);
    const petition = await text(await exportForm({ form: 'extension_of_time', application_number: '16/700,103', input: { petition_date: '2027-01-20' } }));
    expect(petition).toContain(
      "The extended period ends on Saturday, February 13, 2027. February 13, 2027 is a Saturday; February 14, 2027, a Sunday; and February 15, 2027, Washington's Birthday, a Federal holiday, so a reply filed on Tuesday, February 16, 2027, the next succeeding business day, is timely",
    );
    expect(petition).not.toContain('a Saturday, Sunday or Federal holiday');
    expect(wrongWeekdays(petition)).toEqual([]);

    const an = await analyze('16/700,103', corpusText('04'));
    const out = await exportForm({
      form: 'client_report',
      application_number: '16/700,103',
      analysis_id: an.analysis_id,
      input: { date: DATE, office_action_date: '2026-10-13' },
    }).then(text);
    expect(out).toContain(
      "1 month Tuesday, February 16, 2027 (February 13, 2027 is a Saturday; February 14, 2027, a Sunday; and February 15, 2027, Washington's Birthday, a Federal holiday)",
    );
    expect(out).toContain('2 months Monday, March 15, 2027 (March 13, 2027 is a Saturday and March 14, 2027, a Sunday)');
    expect(wrongWeekdays(out)).toEqual([]);
  });
});

describe('C4: the RCE transmittal', () => {
  test('prints every fee as $600.00, and its signature block is one row that cannot split across pages', async () => {
    const id = await entry('16/700,121', { entity_size: 'small' });
    await record(id, 'NOA', '2026-10-28', corpusText('11'));
    const res = await download(await exportForm({ form: 'rce_transmittal', application_number: '16/700,121', input: { submission: { enclosed: ['ids'] } } }));
    const out = squash(await docxText(res));
    expect(out).toContain('the fee under 37 C.F.R. § 1.17(e)(1) is $600.00');
    // Every 600.00 is $600.00 (the drafting note printed a bare "600.00").
    expect(out.split('600.00').length).toBeGreaterThan(2);
    expect(out.split('$600.00').length).toBe(out.split('600.00').length);
    const xml = await (await JSZip.loadAsync(res.rawPayload)).file('word/document.xml')!.async('string');
    const rows = [...xml.matchAll(/<w:tr\b[^>]*>([\s\S]*?)<\/w:tr>/g)].map((r) => r[1]);
    const sig = rows.filter((r) => r.includes('Respectfully submitted,'));
    expect(sig).toHaveLength(1);
    expect(sig[0]).toContain('<w:cantSplit/>');
    for (const line of ['S-signature of the practitioner', 'Jane Q. Roe', 'Registration No. ', '71,234', 'Date: ']) expect(sig[0]).toContain(line);
    expect(xml.split('Respectfully submitted,').length).toBe(2);
    // The paragraph before it goes with it, so the signature never stands alone on a page.
    const deposit = [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map((m) => m[1]).find((p) => p.includes('The Director is authorized to charge'))!;
    expect(deposit).toContain('<w:keepNext/>');
  });
});

describe('C5: the interview request', () => {
  test('a row for the 101 ground, the practitioner as participant, the period it does not extend, headers that fit', async () => {
    const id = await entry('16/700,131', { client_matter: 'ROE-0131-US' });
    const calc = await record(id, 'CTNF', '2026-08-20', corpusText('01'));
    const an = await analyze('16/700,131', corpusText('01'));
    const res = await download(
      await exportForm({
        form: 'interview_request',
        application_number: '16/700,131',
        analysis_id: an.analysis_id,
        input: {
          interview_type: 'video',
          office_action_date: '2026-08-20',
          request_date: '2026-09-01',
          proposed_slots: [{ date: '2026-09-15', time: '10:00 ET' }],
        },
      }),
    );
    const out = squash(await docxText(res));
    expect(out).toContain('(1) Jane Q. Roe, Reg. No. 71,234, Applicant’s representative');
    expect(out).toContain(
      `does not extend or suspend the period for reply, which ends on ${WEEKDAYS[new Date(`${calc.response_deadline}T00:00:00Z`).getUTCDay()]}, ${long(calc.response_deadline)} without an extension fee`,
    );
    expect(out).toContain('37 C.F.R. § 1.133(b)');
    expect(out).toMatch(/Rejection under 35 U\.S\.C\. 101 Claims [\s\S]*?Discuss the eligibility of claims 1, 7, and 14 as proposed to be amended/);
    expect(out).not.toMatch(/distinguishing the applied art/);
    expect(wrongWeekdays(out)).toEqual([]);
    // The check columns are wide enough for "Discussed", "Agreed" and "Not Agreed" on one line (they broke as "Discuss/ed", "Agree/d").
    const xml = await (await JSZip.loadAsync(res.rawPayload)).file('word/document.xml')!.async('string');
    const table = [...xml.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)].map((m) => m[1]).find((x) => x.includes('Not Agreed'))!;
    const cols = [...table.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(cols.slice(4)).toEqual([1100, 850, 950]);
  });
});

describe('C6 and C14: the claim chart and the IDS identify the application as the other papers do', () => {
  test("the claim chart carries the attorney docket number (the docket entry's matter number)", async () => {
    await entry('16/700,141', { client_matter: 'ROE-0141-US' });
    const an = await analyze('16/700,141', corpusText('04'));
    const out = await exportForm({ form: 'claim_chart', application_number: '16/700,141', analysis_id: an.analysis_id }).then(text);
    expect(out).toContain('Attorney Docket No. ROE-0141-US');
  });

  test('the IDS names the first named inventor from the record, or leaves a marked place', async () => {
    const listing = { us_patents: [{ number: '8,930,553', kind_code: 'B2', date: '2015-01-06', patentee_or_applicant: 'Nissim' }] };
    await entry('16/700,151', { first_inventor_name: 'Ada Lovelace' });
    await entry('16/700,152');
    const named = await text(await a.call('POST', '/api/exports', { type: 'ids', application_number: '16/700,151', input: listing }));
    expect(named).toContain('First Named Inventor Ada Lovelace');
    const unnamed = await text(await a.call('POST', '/api/exports', { type: 'ids', application_number: '16/700,152', input: listing }));
    expect(unnamed).toContain('First Named Inventor [first named inventor, as in the application data sheet]');
  });
});

describe('A6: the response that rewrites claims in independent form counts them for the excess claims fees', () => {
  test('REST #4 on corpus 04 (claims 3-6 rewritten): the note with the 1.16(h) fees of the entity, the authorization naming them', async () => {
    await entry('16/700,161', { entity_size: 'small' });
    const an = await analyze('16/700,161', corpusText('04'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': a.keys[1] },
      payload: { application_number: '16/700,161', analysis_id: an.analysis_id, office_action_date: '2026-10-01', accept_incomplete: true },
      remoteAddress: randomIp(),
    });
    const out = squash(await docxText(await download(res)));
    expect(out).toContain('Rewriting claims 3-6 in independent form adds four independent claims');
    expect(out).toContain('two to four fees of $240.00 each ($480.00 to $960.00)');
    expect(out).toContain('Amounts at the small entity rate.');
    expect(out).toContain('any excess claims fee under 37 C.F.R. § 1.16(h) or (i) for the claims rewritten in independent form');
  });
});
