/**
 * What a draft submission costs the database (issue 24): REST #4 through HTTP. Its writes are one
 * statement: the balance row updated only where it covers the price, the ledger line with the
 * balance it wrote, the job and the two audit rows (charge first). A submission the balance cannot
 * cover writes nothing and answers 402.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { logStatements } from '../support/statement-log.ts';
import { analyzeOa } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { creditGranter } from '../../src/commands/credit-granter.ts';
import { CLI_ACTOR } from '../../src/commands/actor.ts';
import { credits, formatCredits2 } from '../../src/domain/money.ts';
import { getBalanceMicro, ledgerSumMicro } from '../../src/queries/credits.ts';
import { analysisRecordParses, findAccountAnalysis } from '../../src/commands/draft-requests/inputs/analysis-records.ts';

/** Reads that check the request (the cited references, the account's and the public cache's, in one), the one write, the queue message. */
const SUBMISSION_STATEMENTS = 7;

let t: TestApp;
let key: string;
let accountId: string;
let analysisId: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  let cookie: string;
  ({ cookie, accountId } = await signUp(t.app));
  key = await createKey(t.app, cookie);
  analysisId = (await analyzeOa(t.app, key)).analysis_id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const submit = (analysis = analysisId) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': key },
    payload: {
      application_number: '17200011',
      analysis_id: analysis,
      claims: { '1': 'A battery pack comprising a cell.' },
      strategy_selections: { claim_1: 'amend_narrow' },
    },
    remoteAddress: randomIp(),
  });

const MONEY_AUDIT_AND_JOBS = /credit_balances|credit_ledger|audit_log|draft_jobs/;

test('a submission charges, stores its job and writes both audit rows in one statement, and reads no balance after', async () => {
  await creditGranter(t.database.db, CLI_ACTOR, { accountId, amountMicro: credits(100), kind: 'grant', description: 'drafts' });
  const log = logStatements(t.database.db);
  const res = await submit();
  log.stop();
  expect(res.statusCode, res.body).toBe(202);
  const jobId = res.json().job_id as string;
  // The usage counts' timed flush (usage-counter.ts) is no part of the submission.
  const all = log.statements.map((s) => s.sql.replace(/\s+/g, ' ').trim()).filter((s) => !/^insert into usage_hourly/.test(s));
  const writes = all.filter((s) => MONEY_AUDIT_AND_JOBS.test(s) && /^(insert|update|delete|with)/i.test(s));
  expect(writes, writes.join('\n')).toHaveLength(1);
  expect(writes[0]).toMatch(
    /^with balance as \( update credit_balances .* ledger as \( insert into credit_ledger .* job as \( insert into draft_jobs .* audit as \( .*insert into audit_log/,
  );
  // Every statement of the submission (the reads that validate it, the one write, the queue
  // message); the usage headers show the balance the charge wrote instead of reading it again.
  expect(all, all.join('\n')).toHaveLength(SUBMISSION_STATEMENTS);
  expect(all.filter((s) => /credit_balances/.test(s) && /^select/i.test(s))).toEqual([]);
  // The pending action is read without the action's text (tens of kilobytes no check needs).
  expect(all.filter((s) => /full_text|"c"\.\*/.test(s))).toEqual([]);

  const [line] = await t.database.db.selectFrom('credit_ledger').selectAll().where('reference', '=', jobId).execute();
  expect(line).toMatchObject({ kind: 'export', amount_micro: -credits(49) });
  expect(line.balance_after_micro).toBe(await getBalanceMicro(t.database.db, accountId));
  expect(res.headers['x-credit-balance']).toBe(formatCredits2(line.balance_after_micro));
  expect(await ledgerSumMicro(t.database.db, accountId)).toBe(line.balance_after_micro);
  const audit = await t.database.db
    .selectFrom('audit_log')
    .select(['action', 'target_id'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  expect(audit.reverse()).toEqual([
    { action: 'credits.charged.export', target_id: line.id.toString() },
    { action: 'draft_job.created', target_id: jobId },
  ]);
});

test('a submission the balance cannot cover answers 402 and writes no ledger line, job or audit row', async () => {
  const balance = await getBalanceMicro(t.database.db, accountId);
  // Spend down to under one draft's price.
  const spend = balance - credits(48);
  await t.database.db
    .updateTable('credit_balances')
    .set({ balance_micro: credits(48).toString() })
    .where('account_id', '=', accountId)
    .execute();
  await t.database.db
    .insertInto('credit_ledger')
    .values({ account_id: accountId, amount_micro: (-spend).toString(), balance_after_micro: credits(48).toString(), kind: 'adjustment', description: 'test' })
    .execute();
  const count = async (table: 'credit_ledger' | 'draft_jobs' | 'audit_log') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = [await count('credit_ledger'), await count('draft_jobs'), await count('audit_log')];
  const res = await submit();
  expect(res.statusCode, res.body).toBe(402);
  expect(res.json()).toMatchObject({ error_code: 'insufficient_credits' });
  expect(res.json().message).toMatch(/costs 49\.00 credits and the balance is 48\.00/);
  expect([await count('credit_ledger'), await count('draft_jobs'), await count('audit_log')]).toEqual(before);
  expect(await getBalanceMicro(t.database.db, accountId)).toBe(credits(48));
});

test("an analysis' record is parsed once: later submissions read its row without it, and another account still gets 404", async () => {
  await creditGranter(t.database.db, CLI_ACTOR, { accountId, amountMicro: credits(200), kind: 'grant', description: 'drafts' });
  // An analysis no submission has used yet.
  const fresh = (await analyzeOa(t.app, key)).analysis_id;
  const parsesBefore = analysisRecordParses();
  const first = await submit(fresh);
  expect(first.statusCode, first.body).toBe(202);
  expect(analysisRecordParses()).toBe(parsesBefore + 1);
  const second = await submit(fresh);
  expect(second.statusCode, second.body).toBe(202);
  expect(analysisRecordParses()).toBe(parsesBefore + 1);
  // Both drafts were built from the one record: their requests name the same analysis and answer its claims.
  const requests = await t.database.db
    .selectFrom('draft_jobs')
    .select(['analysis_id', 'request'])
    .where('id', 'in', [first.json().job_id, second.json().job_id])
    .execute();
  expect(requests.map((r) => r.analysis_id)).toEqual([fresh, fresh]);
  expect(requests[0].request).toEqual(requests[1].request);
  // Callers share the parsed record, so none can change it.
  const held = await findAccountAnalysis(t.database.db, accountId, fresh);
  expect(Object.isFrozen(held!.record) && Object.isFrozen(held!.record.claim_analyses[0])).toBe(true);
  expect(analysisRecordParses()).toBe(parsesBefore + 1);

  // The record is held, but the row is still read for the asking account: another firm's key is told 404.
  const other = await signUp(t.app);
  const otherKey = await createKey(t.app, other.cookie);
  await creditGranter(t.database.db, CLI_ACTOR, { accountId: other.accountId, amountMicro: credits(100), kind: 'grant', description: 'drafts' });
  const stranger = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': otherKey },
    payload: { application_number: '17200011', analysis_id: fresh, claims: { '1': 'A battery pack comprising a cell.' } },
    remoteAddress: randomIp(),
  });
  expect(stranger.statusCode, stranger.body).toBe(404);
  expect(stranger.json()).toMatchObject({ error_code: 'analysis_not_found' });
});
