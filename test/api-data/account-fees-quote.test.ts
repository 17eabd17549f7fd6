import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, signUp, type TestApp } from '../support/app.ts';
import { countTokens } from '../../src/analysis/llm/token-count.ts';
import { tokenCostMicro } from '../../src/domain/pricing.ts';
import { formatCredits } from '../../src/domain/money.ts';
import { EXTENSION_FEE_SCHEDULES } from '../../src/domain/deadlines/fees.ts';
import { call, today } from './helpers.ts';

// PATCH /api/account, GET /api/fees, POST /api/quote.

const ACTION = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');

let t: TestApp;
let a: { cookie: string; accountId: string };
let b: { cookie: string; accountId: string };
let keyA: string;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
  call(t.app, { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app);
  b = await signUp(t.app);
  keyA = await createKey(t.app, a.cookie);
});
afterAll(async () => {
  await t?.close();
});

describe('PATCH /api/account', () => {
  test('display name, firm name and entity size; GET /api/auth/me shows them; audited', async () => {
    const res = await inject(
      'PATCH',
      '/api/account',
      { cookie: a.cookie },
      { display_name: '  Dana Whitfield ', firm_name: 'Whitfield IP PLLC', entity_size: 'small' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account).toMatchObject({ id: a.accountId, display_name: 'Dana Whitfield', firm_name: 'Whitfield IP PLLC', entity_size: 'small' });
    const me = (await inject('GET', '/api/auth/me', { 'x-api-key': keyA })).json();
    expect(me.account).toMatchObject({ display_name: 'Dana Whitfield', firm_name: 'Whitfield IP PLLC', entity_size: 'small' });
    // B is untouched.
    expect((await inject('GET', '/api/auth/me', { cookie: b.cookie })).json().account).toMatchObject({ firm_name: null, entity_size: 'large' });
    const audit = (await inject('GET', '/api/audit?action=account.updated', { cookie: a.cookie })).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      source: 'web',
      details: { fields: ['display_name', 'firm_name', 'entity_size'], entity_size: { from: 'large', to: 'small' } },
    });
  });

  test('an empty string or null clears a name; fields left out stay', async () => {
    const res = await inject('PATCH', '/api/account', { 'x-api-key': keyA }, { firm_name: '' });
    expect(res.json().account).toMatchObject({ firm_name: null, display_name: 'Dana Whitfield', entity_size: 'small' });
    expect((await inject('PATCH', '/api/account', { cookie: a.cookie }, { display_name: null })).json().account.display_name).toBeNull();
  });

  test('refusals: a bad entity size, an unknown field, nothing to change, no credential', async () => {
    const bad = await inject('PATCH', '/api/account', { cookie: a.cookie }, { entity_size: 'tiny' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('body.entity_size') });
    expect((await inject('PATCH', '/api/account', { cookie: a.cookie }, { email: 'x@y.example' })).statusCode).toBe(400);
    const empty = await inject('PATCH', '/api/account', { cookie: a.cookie }, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^body: /);
    expect((await inject('PATCH', '/api/account', { cookie: a.cookie }, { firm_name: 'x'.repeat(201) })).json().message).toContain('body.firm_name');
    expect((await inject('PATCH', '/api/account', {}, { firm_name: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/fees', () => {
  test("every 37 CFR 1.17(a) table with its dates and citations; fee for the account's entity size", async () => {
    const res = await inject('GET', '/api/fees', { cookie: b.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ entity: 'large', today: today(), currency: 'USD' });
    const eot = body.fees.find((f: { fee: string }) => f.fee === 'extension_of_time');
    expect(eot.citation).toBe('37 CFR 1.17(a)');
    expect(eot.schedules.map((s: { effective: string }) => s.effective)).toEqual(EXTENSION_FEE_SCHEDULES.map((s) => s.effective).sort());
    const current = eot.schedules.find((s: { in_force: boolean }) => s.in_force);
    expect(current).toMatchObject({ effective: '2025-01-19', until: null });
    expect(eot.schedules[0]).toMatchObject({ effective: '2022-12-29', until: '2025-01-18', in_force: false });
    expect(current.amounts).toHaveLength(5);
    expect(current.amounts[0]).toEqual({ months: 1, citation: '37 CFR 1.17(a)(1)', fee: '235.00', fees: { large: '235.00', small: '94.00', micro: '47.00' } });
    expect(current.amounts[4]).toMatchObject({ months: 5, citation: '37 CFR 1.17(a)(5)', fee: '3395.00' });
  });

  test('a small entity gets the small amounts', async () => {
    const body = (await inject('GET', '/api/fees', { cookie: a.cookie })).json();
    expect(body.entity).toBe('small');
    const current = body.fees[0].schedules.find((s: { in_force: boolean }) => s.in_force);
    expect(current.amounts.map((x: { fee: string }) => x.fee)).toEqual(['94.00', '276.00', '636.00', '998.00', '1358.00']);
    expect((await inject('GET', '/api/fees', {})).statusCode).toBe(401);
  });
});

describe('POST /api/quote', () => {
  test('an analysis: input tokens exact, output estimated, priced with the model multiplier; then the real run agrees', async () => {
    const res = await inject('POST', '/api/quote', { cookie: b.cookie }, { analyze: { office_action_text: ACTION } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const line = body.line_items[0];
    const input = countTokens(ACTION);
    expect(line).toMatchObject({ item: 'analyze', input_tokens: input, estimated: true, input_amount: formatCredits(tokenCostMicro(input, 0)) });
    expect(line.amount).toBe(formatCredits(tokenCostMicro(input, line.output_tokens)));
    expect(body).toMatchObject({ total: line.amount, estimated: true, model_multiplier: 1, billed: false, balance: '25.00' });

    const run = await inject(
      'POST',
      '/api/analyses',
      { cookie: b.cookie },
      { office_action_text: ACTION, application_number: '16/123,456', include_examiner_intel: false },
    );
    expect(run.statusCode, run.body).toBe(201);
    const billing = run.json().billing;
    expect(billing.input_tokens).toBe(input);
    expect(Math.abs(billing.output_tokens - line.output_tokens)).toBeLessThanOrEqual(Math.ceil(billing.output_tokens * 0.02));
  });

  test('a higher model multiplier raises the price; the quote bills nothing', async () => {
    await t.database.db.updateTable('accounts').set({ model_multiplier_milli: 2500 }).where('id', '=', a.accountId).execute();
    const ledgerBefore = (await inject('GET', '/api/credits', { cookie: a.cookie })).json();
    const body = (await inject('POST', '/api/quote', { cookie: a.cookie }, { analyze: { office_action_text: ACTION, office_action_type: 'CTFR' } })).json();
    const line = body.line_items[0];
    expect(body.model_multiplier).toBe(2.5);
    expect(line.amount).toBe(formatCredits(tokenCostMicro(line.input_tokens, line.output_tokens, 2500)));
    const ledgerAfter = (await inject('GET', '/api/credits', { cookie: a.cookie })).json();
    expect(ledgerAfter.balance).toBe(ledgerBefore.balance);
    expect(ledgerAfter.entries).toEqual(ledgerBefore.entries);
  });

  test('a draft and exports: fixed prices, not estimated, and whether the balance covers them', async () => {
    const res = await inject('POST', '/api/quote', { 'x-api-key': keyA }, { draft: true, exports: [{ type: 'ids', count: 2 }, { type: 'drawing' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      line_items: [
        { item: 'draft', type: 'oa_response', description: expect.any(String), quantity: 1, unit_price: '49.00', amount: '49.00', estimated: false },
        { item: 'export', type: 'ids', description: expect.stringContaining('IDS'), quantity: 2, unit_price: '9.00', amount: '18.00', estimated: false },
        { item: 'export', type: 'drawing', description: expect.any(String), quantity: 1, unit_price: '5.00', amount: '5.00', estimated: false },
      ],
      total: '72.00',
      estimated: false,
      model_multiplier: 2.5,
      balance: '25.00',
      balance_after: '-47.00',
      covers_prepaid_items: false,
      billed: false,
      notes: expect.any(Array),
      // The USPTO's own fee an IDS can carry (issue 11), for the account's entity size (small, set earlier in this file).
      uspto_fees: [expect.objectContaining({ export: 'ids', citation: '37 CFR 1.17(p)', amount: '112.00', when: expect.stringContaining('1.97(c)') })],
    });
  });

  test('refusals: nothing to price, an unknown export type, a text over 1 MB, no credential', async () => {
    const empty = await inject('POST', '/api/quote', { cookie: a.cookie }, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^body: /);
    const type = await inject('POST', '/api/quote', { cookie: a.cookie }, { exports: [{ type: 'oa_response' }] });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toContain('body.exports.0.type');
    expect((await inject('POST', '/api/quote', { cookie: a.cookie }, { exports: [{ type: 'ids', count: 0 }] })).json().message).toContain(
      'body.exports.0.count',
    );
    const big = await inject('POST', '/api/quote', { cookie: a.cookie }, { analyze: { office_action_text: 'x'.repeat(1024 * 1024 + 1) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().error_code).toBe('payload_too_large');
    expect((await inject('POST', '/api/quote', {}, { draft: true })).statusCode).toBe(401);
  });
});
