import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/connect.ts';
import { readSpendingCap } from '../../src/commands/spending-cap.ts';
import { formatCredits } from '../../src/domain/money.ts';
import { createKey, randomIp, signUp } from '../support/app.ts';
import { OA_TEXT } from '../support/drafts.ts';

/**
 * Issue 20, red team item 6: the daily spending cap under concurrent analyses. Shared by the
 * test that runs on both databases (spending-cap.test.ts) and the PostgreSQL-only one with two
 * app instances on one database (spending-cap-race.pg.test.ts).
 *
 * The rule: an analysis is charged only when the day's spend committed before its charge is
 * under the cap. Every analysis of one text costs the same c, so with the cap at 2.5 c exactly
 * three of ten concurrent analyses complete (0, c and 2c are under the cap, 3c is not): the day's
 * spend is 3c, and 3c - c < cap. Without serialization every analysis that started before the
 * first charge committed would pass the check (the red team saw 9 of 10 with the cap at 0.05).
 */
export const body = { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false };

export const analyze = (app: FastifyInstance, key: string) =>
  app.inject({ method: 'POST', url: '/v1/prosa/analyze', headers: { 'x-api-key': key }, payload: body, remoteAddress: randomIp() });

/** The cost of one analysis of `body`, on an account of its own without a cap. */
export async function costOfOneAnalysis(app: FastifyInstance): Promise<bigint> {
  const s = await signUp(app);
  const r = await analyze(app, await createKey(app, s.cookie));
  expect(r.statusCode, r.body).toBe(200);
  const cost = BigInt(Math.round(Number(r.json().billing.cost) * 1_000_000));
  expect(cost).toBeGreaterThan(0n);
  return cost;
}

/** A fresh account with the cap at 2.5 analyses' cost; its API key. */
export async function cappedAccount(app: FastifyInstance, cost: bigint): Promise<{ accountId: string; key: string; capMicro: bigint }> {
  const s = await signUp(app);
  const capMicro = (cost * 5n) / 2n;
  const set = await app.inject({
    method: 'PATCH',
    url: '/api/account/spending-cap',
    headers: { cookie: s.cookie },
    payload: { daily_ai_cap: formatCredits(capMicro) },
    remoteAddress: randomIp(),
  });
  expect(set.statusCode, set.body).toBe(200);
  // formatCredits rounds to the cent: the cap actually stored.
  const stored = BigInt(Math.round(Number(set.json().daily_ai_cap) * 1_000_000));
  expect(stored > 2n * cost && stored <= 3n * cost, `cap ${stored} between 2c and 3c (c = ${cost})`).toBe(true);
  return { accountId: s.accountId, key: await createKey(app, s.cookie), capMicro: stored };
}

/** Ten analyses at once (spread over the given apps): exactly three are charged. */
export async function expectCapHolds(
  apps: FastifyInstance[],
  database: Database,
  account: { accountId: string; key: string; capMicro: bigint },
  cost: bigint,
): Promise<void> {
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => analyze(apps[i % apps.length], account.key)));
  const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : `${r.statusCode} ${r.json().error_code}`));
  expect(
    codes.filter((c) => c === 'ok'),
    codes.join(', '),
  ).toHaveLength(3);
  expect(codes.filter((c) => c !== 'ok')).toEqual(Array(7).fill('402 spending_cap_reached'));
  const charges = await database.db
    .selectFrom('credit_ledger')
    .select('amount_micro')
    .where('account_id', '=', account.accountId)
    .where('kind', '=', 'usage_tokens')
    .execute();
  expect(charges.map((c) => BigInt(c.amount_micro))).toEqual([-cost, -cost, -cost]);
  const analyses = await database.db.selectFrom('analyses').select('id').where('account_id', '=', account.accountId).execute();
  expect(analyses).toHaveLength(3);
  const { spentTodayMicro } = await readSpendingCap(database.db, account.accountId);
  expect(spentTodayMicro).toBe(3n * cost);
  // Over the cap by less than the one analysis that crossed it.
  expect(spentTodayMicro - cost < account.capMicro && spentTodayMicro >= account.capMicro).toBe(true);
}
