/**
 * Plans start from the docket's claims (issue 19 item 6: "claims placed on the docket were
 * ignored by a new plan"): claims put on the docket after a plan was started reach that plan when
 * it is opened again, and a plan started after a submitted one takes the docket's texts too.
 * Corpus item 04 (17/200,011).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { newAccount, startPlan, type Account } from './support.ts';

const LISTING = [
  '1. A sensor assembly comprising: a housing; and a lens.',
  '2. The sensor assembly of claim 1, wherein the housing is sealed.',
  '3. The sensor assembly of claim 1, wherein the lens is glass.',
].join('\n');

let t: TestApp;
let a: Account;
let entryId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  a = await newAccount(t);
  const entry = await a.call('POST', '/api/docket', { application_number: '17200011' });
  expect(entry.statusCode, entry.body).toBe(201);
  entryId = entry.json().id;
});
afterAll(() => t?.close());

const originalOf = (plan: Record<string, any>, n: number) => plan.claims.find((c: { claim_number: number }) => c.claim_number === n)?.original_text ?? null;

test('claims put on the docket after the plan was started reach it when it is opened again', async () => {
  const analysis = (await a.analyze('04', '17200011')).analysis_id;
  const before = await startPlan(a, analysis);
  expect(originalOf(before, 1)).toBeNull();
  expect((await a.call('PUT', `/api/docket/${entryId}/claims`, { text: LISTING })).statusCode).toBe(200);
  const after = await startPlan(a, analysis);
  expect(after.plan_id).toBe(before.plan_id);
  expect(originalOf(after, 1)).toBe('A sensor assembly comprising: a housing; and a lens.');
  expect(originalOf(after, 3)).toBe('The sensor assembly of claim 1, wherein the lens is glass.');
  const audit = (await a.call('GET', '/api/audit?action=response_plan')).json().entries.map((e: { action: string }) => e.action);
  expect(audit).toContain('response_plan.claims_from_docket');
});

test('a text the practitioner typed into the plan is kept', async () => {
  const analysis = (await a.analyze('04', '17200011')).analysis_id;
  const plan = await startPlan(a, analysis);
  const typed = 'A sensor assembly comprising: a housing; a lens; and a filter.';
  expect((await a.call('PUT', `/api/response-plans/${plan.plan_id}/claims/1/text`, { original_text: typed })).statusCode).toBe(200);
  expect(originalOf(await startPlan(a, analysis), 1)).toBe(typed);
});

test('a claim whose docket text names its parent is argued through its base claim, not amended, when the action does not say it is dependent', async () => {
  // Real action 15/218,841 (statutory double patenting of claims 1-18; public record, see
  // test/fixtures/art/README.md): only claim 1 is quoted, so the action alone leaves claims 2-18's
  // independence unknown and the analysis would amend all eighteen.
  const entry = await a.call('POST', '/api/docket', { application_number: '17345678' });
  expect([200, 201], entry.body).toContain(entry.statusCode);
  const listing = [
    '1. A dot pattern, wherein a plurality of reference points is provided in an area of a block having a predetermined information dot arranged thereon.',
    '2. The dot pattern of claim 1, wherein the information dot is arranged at a distance from the virtual reference point.',
    '3. The dot pattern according to claim 2, wherein the block is square.',
  ].join('\n');
  expect((await a.call('PUT', `/api/docket/${entry.json().id}/claims`, { text: listing })).statusCode).toBe(200);
  const text = readFileSync('test/fixtures/art/set-02-15218841/action.txt', 'utf8');
  const analyzed = await a.call('POST', '/api/analyses', { office_action_text: text, include_examiner_intel: false, application_number: '17345678' });
  expect(analyzed.statusCode, analyzed.body).toBe(201);
  const plan = await startPlan(a, analyzed.json().analysis_id);
  const claim = (n: number) => plan.claims.find((c: { claim_number: number }) => c.claim_number === n);
  expect(claim(1)).toMatchObject({ independent: true, strategy: 'amend_narrow' });
  for (const n of [2, 3])
    expect(claim(n), `claim ${n}`).toMatchObject({ independent: false, recommendation: 'argue_distinction', strategy: 'argue_distinction' });
  // A claim with no text on the docket keeps the analysis' recommendation: nothing is assumed.
  expect(claim(4)).toMatchObject({ independent: null, strategy: 'amend_narrow' });
});
