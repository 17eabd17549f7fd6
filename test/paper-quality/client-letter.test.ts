/**
 * Issue 19 item 4: the client letter reports every ground and every decision the client must make,
 * with its USPTO fees from the fee tables for the entity the request carries, and promises nothing.
 * Letters through POST /api/exports (form client_report) for corpus 09 (double patenting, 112(b),
 * 102, 103, objections), 15 (restriction), 04 (non-final with allowable claims), 11 (allowance) and
 * a final rejection.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { corpusText, newAccount, type Account } from '../response-plan/support.ts';
import { promisingSentences, PROMISE_PATTERNS } from '../../src/documents/forms/promises.ts';
import { usptoFee, dollarsDisplay } from '../../src/domain/uspto-fees.ts';

const DATE = '2026-11-21';
const FINAL = readFileSync(new URL('../../src/domain/office-action/fixtures/synthetic-final.txt', import.meta.url), 'utf8');
const squash = (s: string) => s.replace(/\s+/g, ' ');

let t: TestApp;
let a: Account;
const letters = new Map<string, { text: string; action: string }>();

async function letter(name: string, action: string, applicationNumber: string, input: Record<string, unknown> = {}): Promise<string> {
  const entry = await a.call('POST', '/api/docket', {
    application_number: applicationNumber,
    application: { invention_title: `Test application ${name}`, filing_date: '2019-02-01', examiner_name: 'SMITH, JANE', art_unit: '3744' },
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const analysis = await a.call('POST', '/api/analyses', { application_number: applicationNumber, office_action_text: action, include_examiner_intel: false });
  expect(analysis.statusCode, analysis.body).toBe(201);
  const res = await a.call('POST', '/api/exports', {
    type: 'form',
    form: 'client_report',
    application_number: applicationNumber,
    analysis_id: analysis.json().analysis_id,
    input: { office_action_date: '2026-10-01', date: DATE, entity_size: 'small', ...input },
  });
  expect(res.statusCode, res.body).toBe(202);
  const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  const text = squash(await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() })));
  letters.set(name, { text, action: squash(action) });
  return text;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED },
  });
  a = await newAccount(t, 4);
  await grant(t.database.db, a.accountId, 100);
});
afterAll(() => t?.close());

describe('the letter on a double-patenting rejection (corpus 09)', () => {
  let text: string;
  beforeAll(async () => {
    text = await letter('09', corpusText('09'), '16/555,009');
  });

  test('every ground of the action is reported', () => {
    for (const ground of ['double patenting', '112(b)', '102(b)', '103(a)', 'Objection to claims 4-8', 'Objection to claims 5-8'])
      expect(text).toContain(ground);
  });

  test('the terminal-disclaimer decision is set out with its 37 CFR 1.20(d) fee and its consequences', () => {
    const fee = dollarsDisplay(usptoFee('terminal_disclaimer', 'small', DATE).amount)!;
    expect(text).toMatch(/Decisions for you/);
    expect(text).toMatch(/Whether to file a terminal disclaimer over US 10,072,876/);
    expect(text).toContain(
      `USPTO fees: Statutory disclaimer, including a terminal disclaimer (no small or micro entity reduction) (37 C.F.R. § 1.20(d)) ${fee}.`,
    );
    expect(text).toMatch(/enforceable only while it and US 10,072,876[^.]* are owned by the same owner \(37 C\.F\.R\. § 1\.321\(c\)\(3\)\)/);
    expect(text).toMatch(/Its term would end when US 10,072,876[^.]* expires/);
  });

  test('the narrowing amendments are a decision, and the clarifying ones are described, not promised', () => {
    expect(text).toMatch(/Whether to narrow claims 4 and 9/);
    expect(text).toMatch(/amend the wording the Examiner questions; any amendment can change what is covered/);
    expect(text).not.toMatch(/does not narrow/);
  });

  test('fees are those of the entity the request carries, and the letter names it', () => {
    expect(text).toContain('the USPTO’s official fees for a small entity');
    expect(text).not.toMatch(/for your entity size/);
  });
});

describe('letters on other kinds of action', () => {
  test('a restriction: the election is a decision listing the groups; no claim is "elected" in advance', async () => {
    const text = await letter('15', corpusText('15'), '16/555,015');
    expect(text).toMatch(/Which invention to pursue in this application \(the election\)/);
    expect(text).toContain('• Group I: claims 10-13 and 38-42 (methods).');
    expect(text).toContain('• Group II: claims 27-37 (an apparatus).');
    expect(text).toMatch(/keeps the right to have it reviewed by petition \(37 C\.F\.R\. § 1\.144\)/);
    expect(text).not.toMatch(/elect this claim/);
  });

  test('a final rejection: how to go on, with the RCE and notice-of-appeal fees for the entity', async () => {
    const text = await letter('final', FINAL, '16/555,016');
    expect(text).toMatch(/How to go on after the final rejection/);
    expect(text).toContain(dollarsDisplay(usptoFee('rce_first', 'small', DATE).amount)!);
    expect(text).toContain(dollarsDisplay(usptoFee('notice_of_appeal', 'small', DATE).amount)!);
  });

  test('a non-final with allowable claims says what the Examiner indicated; an allowance sets out the issue fee', async () => {
    const nonFinal = await letter('04', corpusText('04'), '16/555,004');
    expect(nonFinal).toMatch(/would be allowable if rewritten in independent form/);
    const noa = await letter('11', corpusText('11'), '16/555,011');
    expect(noa).toMatch(/Whether to pay the issue fee/);
    expect(noa).toContain(dollarsDisplay(usptoFee('issue_fee_utility', 'small', DATE).amount)!);
  });

  test("a promise in the practitioner's own recommendation is pointed out in a drafting note", async () => {
    const text = await letter('promise', corpusText('04'), '16/555,005', {
      recommendation: 'We will file a reply. The claims will be allowed after this reply.',
    });
    expect(text).toContain('Check before sending: “The claims will be allowed after this reply.” reads as a promise');
  });
});

describe('no letter promises an outcome', () => {
  test('the promise patterns catch the phrases the attorney found', () => {
    for (const phrase of [
      'a clarifying amendment that does not narrow the claim',
      'the claims will be allowed',
      'we guarantee the result',
      'the Examiner says it would then be allowed',
    ]) {
      expect(
        PROMISE_PATTERNS.some((re) => re.test(phrase)),
        phrase,
      ).toBe(true);
    }
    expect(promisingSentences('The Examiner indicates that claim 3 would be allowable if rewritten in independent form.')).toEqual([]);
  });

  test("no sentence of any letter above promises, except the Examiner's own words quoted from the action", () => {
    expect(letters.size).toBeGreaterThanOrEqual(5);
    for (const [name, { text, action }] of letters) {
      if (name === 'promise') continue; // the practitioner's own words, flagged above
      const own = promisingSentences(text).filter((s) => !action.includes(s.replace(/…$/, '').slice(0, 120)));
      expect(own, name).toEqual([]);
    }
  });
});
