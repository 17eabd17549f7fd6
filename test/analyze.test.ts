import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { creditCharger } from '../src/commands/credit-charger.ts';
import { credits } from '../src/domain/money.ts';
import { tokenCostMicro } from '../src/domain/pricing.ts';
import { ledgerSumMicro, getBalanceMicro } from '../src/queries/credits.ts';
import { runCli, ROOT } from './support/cli.ts';

/** A real non-final rejection (corpus item 04; source noted in the fixture's expected.json). */
const OA = readFileSync(new URL('../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');

let t: TestApp;
let key: string;
let accountId: string;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  ({ cookie, accountId } = await signUp(t.app));
  key = await createKey(t.app, cookie);
});
afterAll(async () => {
  await t?.close();
});

const analyze = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/prosa/analyze', headers: { 'x-api-key': key, ...headers }, payload: body as object, remoteAddress: randomIp() });

describe('REST #3 POST /v1/prosa/analyze', () => {
  test('returns the analysis record claim by claim with glass_box, and bills its tokens', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const res = await analyze({ application_number: '17/200,011', office_action_text: OA });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(Object.keys(a).slice(0, 5)).toEqual(['analysis_id', 'application_number', 'rejection_type', 'claim_analyses', 'glass_box']);
    expect(a).toMatchObject({ application_number: '17200011', rejection_type: 'CTNF' });
    expect(a.analysis_id).toMatch(/^an_[0-9A-Za-z]{24}$/);
    const claim1 = a.claim_analyses.find((c: { claim_number: number }) => c.claim_number === 1);
    expect(Object.keys(claim1).slice(0, 5)).toEqual(['claim_number', 'status', 'basis', 'prior_art', 'recommendation']);
    expect(claim1).toMatchObject({ status: 'rejected', basis: '103' });
    expect(claim1.prior_art.join(' ')).toMatch(/Rebmann/);
    const claim3 = a.claim_analyses.find((c: { claim_number: number }) => c.claim_number === 3);
    expect(claim3).toMatchObject({ status: 'objected', allowable_if_rewritten: true });
    // glass_box: every expert that ran, verified citations, a confidence and version each.
    expect(a.glass_box.experts_invoked).toEqual(expect.arrayContaining(['summary_parser', 'rejection_extractor', 'citation_verifier']));
    expect(a.glass_box.citations_verified).toBe(true);
    for (const name of a.glass_box.experts_invoked) {
      expect(a.glass_box.confidence_scores[name]).toBeGreaterThanOrEqual(0);
      expect(a.glass_box.components.find((c: { name: string }) => c.name === name)).toMatchObject({ kind: 'rules', version: expect.any(String) });
    }
    // Issue 11: a rule engine reports no model versions; the verification says what it checked.
    expect(a.glass_box.model_versions).toEqual({});
    expect(a.glass_box.citations_verified_scope).toMatch(/re-reads verbatim from the submitted text/);
    expect(a.glass_box.citations_verified_scope).toMatch(/Not verified/);
    expect(a.glass_box.elapsed_seconds).toBeGreaterThan(0);
    // Evidence spans point into the text we sent.
    const r = claim1.rejections[0];
    expect(OA.slice(r.span.start, r.span.end)).toBe(r.statement);

    // Billing: tokens counted, priced at 50 / 200 per million, one ledger entry, balance = ledger.
    expect(a.billing.input_tokens).toBeGreaterThan(500);
    // Output: the rationales written for the practitioner, not the JSON record (issue 11).
    expect(a.billing.output_tokens).toBeGreaterThan(50);
    expect(a.billing.output_tokens).toBeLessThan(1500);
    expect(a.billing.output_basis).toBe('practitioner_text');
    const cost = tokenCostMicro(a.billing.input_tokens, a.billing.output_tokens);
    const after = await getBalanceMicro(t.database.db, accountId);
    expect(before - after).toBe(cost);
    expect(await ledgerSumMicro(t.database.db, accountId)).toBe(after);
    const ledger = await t.database.db.selectFrom('credit_ledger').selectAll().where('reference', '=', a.analysis_id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0].kind).toBe('usage_tokens');
    expect(res.headers['x-credit-balance']).toBeDefined();
  });

  test('the account model multiplier scales the token price', async () => {
    const s = await signUp(t.app);
    const k = await createKey(t.app, s.cookie);
    await t.database.db.updateTable('accounts').set({ model_multiplier_milli: 2500 }).where('id', '=', s.accountId).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': k },
      payload: { application_number: '17200011', office_action_text: OA },
      remoteAddress: randomIp(),
    });
    const a = res.json();
    const charged = credits(25) - (await getBalanceMicro(t.database.db, s.accountId));
    expect(charged).toBe(tokenCostMicro(a.billing.input_tokens, a.billing.output_tokens, 2500));
  });

  test('an Idempotency-Key retry returns the same analysis without a second charge; a different body is a conflict', async () => {
    const body = { application_number: '17200011', office_action_text: OA, include_examiner_intel: false };
    const first = await analyze(body, { 'idempotency-key': 'retry-me-1' });
    const balance = await getBalanceMicro(t.database.db, accountId);
    const second = await analyze(body, { 'idempotency-key': 'retry-me-1' });
    expect(second.statusCode).toBe(200);
    expect(second.json().analysis_id).toBe(first.json().analysis_id);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(balance);
    const other = await analyze({ ...body, office_action_type: 'CTFR' }, { 'idempotency-key': 'retry-me-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error_code).toBe('idempotency_key_reused');
    const concurrent = await Promise.all([1, 2, 3].map(() => analyze(body, { 'idempotency-key': 'race-1' })));
    expect(new Set(concurrent.map((r) => r.json().analysis_id)).size).toBe(1);
    const entries = await t.database.db.selectFrom('credit_ledger').select('id').where('reference', '=', concurrent[0].json().analysis_id).execute();
    expect(entries).toHaveLength(1);
  });

  test('never blocked by the balance', async () => {
    const s = await signUp(t.app);
    const k = await createKey(t.app, s.cookie);
    await creditCharger(
      t.database.db,
      { accountId: null, via: 'system' },
      { accountId: s.accountId, amountMicro: credits(30), kind: 'usage_tokens', description: 'drain' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': k },
      payload: { application_number: '17200011', office_action_text: OA },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-balance-status']).toBe('critical');
    expect(res.headers['x-purchase-prompt']).toBe('true');
  });

  test('errors: missing key, missing or wrong fields named, 1 MB limit, number not stated', async () => {
    const noKey = await t.app.inject({ method: 'POST', url: '/v1/prosa/analyze', payload: { office_action_text: OA }, remoteAddress: randomIp() });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error_code).toBe('missing_api_key');
    const missing = await analyze({ application_number: '17200011' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/body\.office_action_text/);
    const badType = await analyze({ application_number: '17200011', office_action_text: OA, office_action_type: 'XXXX' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/office_action_type/);
    const badBool = await analyze({ application_number: '17200011', office_action_text: OA, include_examiner_intel: 'yes' });
    expect(badBool.json().message).toMatch(/include_examiner_intel/);
    const big = await analyze({ application_number: '17200011', office_action_text: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error_code).toBe('payload_too_large');
    const huge = await analyze({ application_number: '17200011', office_action_text: 'x'.repeat(5 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    const noNumber = await analyze({ office_action_text: OA });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toMatch(/application_number/);
    const empty = await analyze({ application_number: '17200011', office_action_text: '   ' });
    expect(empty.statusCode).toBe(400);
  });

  test('stored: GET /api/analyses/{id} answers the owner only', async () => {
    const a = (await analyze({ application_number: '17200011', office_action_text: OA })).json();
    const own = await t.app.inject({ method: 'GET', url: `/api/analyses/${a.analysis_id}`, headers: { cookie }, remoteAddress: randomIp() });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(a);
    const other = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/analyses/${a.analysis_id}`, headers: { cookie: other.cookie }, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error_code).toBe('analysis_not_found');
    const list = await t.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie: other.cookie }, remoteAddress: randomIp() });
    expect(list.json().analyses).toEqual([]);
  });
});

describe('prosa analyze (CLI)', () => {
  test('prints the same claim breakdown, locally and unbilled, from a file or standard input', async () => {
    const http = (await analyze({ application_number: '17200011', office_action_text: OA, include_examiner_intel: false })).json();
    const env = { PROSA_DATA_DIR: '/nonexistent-prosa-dir', PROSA_DEMO_DATA: 'off' };
    const r = await runCli(['analyze', `${ROOT}src/domain/office-action/fixtures/04.txt`, '--application', '17200011', '--no-examiner-intel', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const local = JSON.parse(r.stdout);
    expect(local.claim_analyses).toEqual(http.claim_analyses);
    expect(local.rejection_type).toBe(http.rejection_type);
    expect(local.billing).toMatchObject({ input_tokens: http.billing.input_tokens, cost: '0.00' });
    const piped = await runCli(['analyze', '-', '--application', '17200011', '--no-examiner-intel', '--json'], env, { input: OA });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout).claim_analyses).toEqual(http.claim_analyses);
    const human = await runCli(['analyze', `${ROOT}src/domain/office-action/fixtures/04.txt`, '--no-examiner-intel'], env);
    expect(human.stdout).toMatch(/claim 1: rejected \(103\)/);
    const empty = await runCli(['analyze', '-', '--json'], env, { input: '' });
    expect(empty.code).toBe(2);
    expect(JSON.parse(empty.stderr).message).toMatch(/empty/);
    // A missing file or a directory is the caller's mistake (exit 2), never internal_error.
    const missing = await runCli(['analyze', '/nonexistent/office-action.txt', '--json'], env);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stderr)).toMatchObject({
      error: true,
      error_code: 'file_not_found',
      message: expect.stringContaining('/nonexistent/office-action.txt'),
    });
    const dir = await runCli(['analyze', ROOT, '--json'], env);
    expect(dir.code).toBe(2);
    expect(JSON.parse(dir.stderr).error_code).toBe('file_unreadable');
  }, 60_000);
});
