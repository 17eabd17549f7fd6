import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signUp, type TestApp } from './support/app.ts';
import { creditCharger } from '../src/commands/credit-charger.ts';
import { creditGranter } from '../src/commands/credit-granter.ts';
import { getBalanceMicro, ledgerSumMicro } from '../src/queries/credits.ts';
import { credits } from '../src/domain/money.ts';
import { EXPORT_PRICES } from '../src/domain/pricing.ts';
import { AppError } from '../src/errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const actor = { accountId: null, via: 'system' as const };

describe('credit ledger', () => {
  test('100 concurrent debits: nothing lost or doubled, balance = sum of the ledger', async () => {
    const { accountId } = await signUp(t.app);
    await creditGranter(t.database.db, actor, { accountId, amountMicro: credits(75), kind: 'grant', description: 'top up' });
    const debit = 123_457n; // 0.123457 credits: odd amounts catch rounding as well as races
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        creditCharger(t.database.db, actor, { accountId, amountMicro: debit, kind: 'usage_tokens', description: `call ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const balance = await getBalanceMicro(t.database.db, accountId);
    expect(balance).toBe(credits(100) - 100n * debit);
    expect(await ledgerSumMicro(t.database.db, accountId)).toBe(balance);
    const after = await t.database.db
      .selectFrom('credit_ledger')
      .select('balance_after_micro')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'usage_tokens')
      .execute();
    // Each debit saw a distinct running balance: no two read the same row state.
    expect(new Set(after.map((r) => r.balance_after_micro)).size).toBe(100);
  });

  test('concurrent credit-gated charges never overdraw: exactly as many as the balance covers succeed', async () => {
    const { accountId } = await signUp(t.app); // 25.00 on sign-up
    await creditGranter(t.database.db, actor, { accountId, amountMicro: 5_500_000n, kind: 'grant', description: 'top up' }); // 30.50
    const price = { label: 'Test', priceMicro: credits(1) };
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        creditCharger(t.database.db, actor, {
          accountId,
          amountMicro: price.priceMicro,
          kind: 'export',
          description: `export ${i}`,
          requireSufficientFor: price,
        }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    expect(refused).toHaveLength(30);
    for (const err of refused) expect(err).toMatchObject({ status: 402, code: 'insufficient_credits' });
    const balance = await getBalanceMicro(t.database.db, accountId);
    expect(balance).toBe(500_000n);
    expect(await ledgerSumMicro(t.database.db, accountId)).toBe(balance);
    const after = await t.database.db
      .selectFrom('credit_ledger')
      .select('balance_after_micro')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'export')
      .execute();
    expect(new Set(after.map((r) => r.balance_after_micro)).size).toBe(30);
    expect(after.every((r) => BigInt(r.balance_after_micro) >= 0n)).toBe(true);
  });

  test('an export the balance cannot cover is refused with 402 naming the document and price; nothing is written', async () => {
    const { accountId } = await signUp(t.app);
    const before = await t.database.db
      .selectFrom('credit_ledger')
      .select(sql<number>`count(*)`.as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const err = await creditCharger(t.database.db, actor, {
      accountId,
      amountMicro: EXPORT_PRICES.oa_response.priceMicro,
      kind: 'export',
      description: 'OA Response',
      requireSufficientFor: EXPORT_PRICES.oa_response,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 402, code: 'insufficient_credits' });
    expect((err as AppError).message).toMatch(/OA Response.*49\.00/);
    expect((err as AppError).agentSuggestion).toMatch(/buy credits/i);
    const afterCount = await t.database.db
      .selectFrom('credit_ledger')
      .select(sql<number>`count(*)`.as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(afterCount.n)).toBe(Number(before.n));
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(credits(25));
  });

  test('token usage is never blocked by the balance (it may go negative)', async () => {
    const { accountId } = await signUp(t.app);
    await creditCharger(t.database.db, actor, { accountId, amountMicro: credits(30), kind: 'usage_tokens', description: 'big analysis' });
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(-credits(5));
  });

  test('the ledger is append-only at the database', async () => {
    const { accountId } = await signUp(t.app);
    await expect(t.database.db.updateTable('credit_ledger').set({ amount_micro: '1' }).where('account_id', '=', accountId).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.db.deleteFrom('credit_ledger').where('account_id', '=', accountId).execute()).rejects.toThrow(/append-only/);
  });

  test('GET /api/credits pages the ledger newest first', async () => {
    const { accountId, cookie } = await signUp(t.app);
    for (let i = 1; i <= 3; i++) await creditGranter(t.database.db, actor, { accountId, amountMicro: credits(i), kind: 'grant', description: `grant ${i}` });
    const first = await t.app.inject({ method: 'GET', url: '/api/credits?limit=2', headers: { cookie } });
    expect(first.json()).toMatchObject({ balance: '31.00', status: 'healthy' });
    expect(first.json().entries.map((e: { description: string }) => e.description)).toEqual(['grant 3', 'grant 2']);
    const next = await t.app.inject({ method: 'GET', url: `/api/credits?limit=2&before=${first.json().next_cursor}`, headers: { cookie } });
    expect(next.json().entries.map((e: { description: string }) => e.description)).toEqual(['grant 1', 'Welcome credits']);
    expect(next.json().next_cursor).toBeNull();
    const bad = await t.app.inject({ method: 'GET', url: '/api/credits?limit=0', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/querystring\.limit/);
  });
});
