/**
 * What storing one analysis costs the database (issue 24): REST #3 through HTTP, statement by
 * statement, so a change that adds a round trip to the path fails here. One analysis of a demo
 * application with an examiner and examiner statistics on: the cap check that also reads the price
 * multiplier, the application, the examiner profile's reads, then one statement (no transaction)
 * writing the record, the charge, the examiner bases, the outbox event and both audit rows
 * (commands/analysis-writer.ts). The stored results are checked too: the ledger line's
 * balance_after is the balance, the audit rows come in their order, a re-analysis of the same
 * action replaces its bases; a cap set while the analysis ran is still enforced.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { logStatements } from '../support/statement-log.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { recordAnalysisBases } from '../../src/commands/analysis-bases-recorder.ts';
import { getBalanceMicro, ledgerSumMicro } from '../../src/queries/credits.ts';
import { analysisCreator } from '../../src/commands/analysis-creator.ts';
import { spendingCapSetter } from '../../src/commands/spending-cap.ts';
import { inProcessEngine } from '../../src/analysis/analysis-engine.ts';
import { unpackJsonText } from '../../src/db/packed-json.ts';

const OA = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');

let t: TestApp;
let key: string;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  let cookie: string;
  ({ cookie, accountId } = await signUp(t.app));
  key = await createKey(t.app, cookie);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const analyze = () =>
  t.app.inject({
    method: 'POST',
    url: '/v1/prosa/analyze',
    headers: { 'x-api-key': key },
    payload: { application_number: '17/200,011', office_action_text: OA },
    remoteAddress: randomIp(),
  });

/** The analysis path's statements, by the table each is about (the credential and usage reads of the request left out). */
const ANALYSIS_TABLES = /analyses|analysis_rejection_bases|credit_|spending_caps|audit_log|docket_events|examiner_|"applications"|model_multiplier/;

test('one stored analysis: 6 statements before the work, 1 that stores it (no charge or audit row written twice)', async () => {
  expect((await analyze()).statusCode).toBe(200); // warms the credential cache
  const log = logStatements(t.database.db);
  const res = await analyze();
  log.stop();
  expect(res.statusCode, res.body).toBe(200);
  const sqls = log.statements.map((s) => s.sql.replace(/\s+/g, ' ').trim()).filter((s) => ANALYSIS_TABLES.test(s));
  const writes = sqls.filter((s) => /^(insert|update|delete|with)/i.test(s));
  expect(writes, sqls.join('\n')).toHaveLength(1);
  for (const table of ['analyses', 'credit_balances', 'credit_ledger', 'analysis_rejection_bases', 'docket_events', 'audit_log']) {
    expect(writes[0].match(new RegExp(`(insert into|update) ${table} `, 'g')), table).toHaveLength(1);
  }
  // 6 + 1, and the usage headers' read of the balance as the response leaves (usage-headers.ts).
  expect(sqls, sqls.join('\n')).toHaveLength(8);
  expect(sqls.at(-1)).toMatch(/^select "balance_micro" from "credit_balances"/);

  const id = res.json().analysis_id as string;
  const ledger = await t.database.db.selectFrom('credit_ledger').selectAll().where('reference', '=', id).execute();
  expect(ledger).toHaveLength(1);
  expect(ledger[0].balance_after_micro).toBe(await getBalanceMicro(t.database.db, accountId));
  expect(await ledgerSumMicro(t.database.db, accountId)).toBe(ledger[0].balance_after_micro);
  const audit = await t.database.db
    .selectFrom('audit_log')
    .select(['action', 'target_id'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  expect(audit.reverse()).toEqual([
    { action: 'credits.charged.usage_tokens', target_id: ledger[0].id.toString() },
    { action: 'analysis.created', target_id: id },
  ]);
  // The stored record reads back as it was answered, packed to under a quarter of its JSON text
  // (migration 042: the bytes the database is sent and writes for it).
  const stored = await t.database.db.selectFrom('analyses').select('record').where('id', '=', id).executeTakeFirstOrThrow();
  expect(JSON.parse(unpackJsonText(stored.record))).toEqual(res.json());
  expect(stored.record.byteLength).toBeLessThan(Buffer.byteLength(res.body) / 4);
  const size = await sql<{ stored: number }>`select pg_column_size(record) as stored from analyses where id = ${id}`.execute(t.database.db);
  expect(size.rows[0].stored).toBeGreaterThanOrEqual(stored.record.byteLength); // not compressed again
  const events = await t.database.db.selectFrom('docket_events').select('kind').where('subject_id', '=', id).execute();
  expect(events).toEqual([{ kind: 'analysis.completed' }]);
});

test("re-recording an action's bases keeps those found again, drops those no longer found, adds new ones", async () => {
  const bases = async () =>
    (
      await t.database.db
        .selectFrom('analysis_rejection_bases')
        .select('basis')
        .where('account_id', '=', accountId)
        .where('action_key', '=', '17345678|2026-01-02')
        .orderBy('basis')
        .execute()
    ).map((r) => r.basis);
  const input = { accountId, applicationNumber: '17345678', examinerName: 'SMITH, JANE', mailingDate: '2026-01-02' };
  expect(await recordAnalysisBases(t.database.db, { ...input, bases: ['102', '103'] })).toEqual({ recorded: ['102', '103'], skipped: null });
  expect(await bases()).toEqual(['102', '103']);
  await recordAnalysisBases(t.database.db, { ...input, bases: ['103', '112(b)'] });
  expect(await bases()).toEqual(['103', '112(b)']);
  await recordAnalysisBases(t.database.db, { ...input, bases: ['103', '112(b)'] });
  expect(await bases()).toEqual(['103', '112(b)']);
});

test('a cap set while the analysis runs is still checked, under the lock, before anything is stored', async () => {
  const s = await signUp(t.app);
  const actor = { accountId: s.accountId, memberId: s.accountId, via: 'api_key' as const };
  const stored = () => t.database.db.selectFrom('analyses').select('id').where('account_id', '=', s.accountId).execute();
  // The examiner statistics are read after the check before the work and before the write: the
  // owner sets the cap meanwhile.
  const capMidway = (dailyAiCap: string) => async () => {
    await spendingCapSetter(t.database.db, actor, { accountId: s.accountId, dailyAiCap });
    return null;
  };
  const run = (dailyAiCap: string) =>
    analysisCreator(t.database.db, actor, {
      accountId: s.accountId,
      text: OA,
      officeActionType: null,
      includeExaminerIntel: true,
      applicationNumber: '17200011',
      examinerStats: capMidway(dailyAiCap),
      engine: inProcessEngine,
    });
  const log = logStatements(t.database.db);
  await expect(run('0')).rejects.toMatchObject({ status: 402, code: 'spending_cap_reached' });
  log.stop();
  expect(await stored()).toEqual([]);
  expect(await ledgerSumMicro(t.database.db, s.accountId)).toBe(await getBalanceMicro(t.database.db, s.accountId));
  // The one statement wrote nothing; the locked check refused.
  expect(log.statements.map((x) => x.sql).filter((q) => /for update/.test(q))).toHaveLength(1);

  await spendingCapSetter(t.database.db, actor, { accountId: s.accountId, dailyAiCap: null });
  const done = await run('100.00');
  expect(await stored()).toEqual([{ id: done.record.analysis_id }]);
  const charges = await t.database.db
    .selectFrom('credit_ledger')
    .select('reference')
    .where('account_id', '=', s.accountId)
    .where('kind', '=', 'usage_tokens')
    .execute();
  expect(charges).toEqual([{ reference: done.record.analysis_id }]);
});
