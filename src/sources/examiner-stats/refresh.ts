// Incremental refresh of the examiner statistics (docs/examiner-profile.md "Keeping the figures
// current"). Triggers (migration 004) list every public application whose inputs changed in
// examiner_stats_dirty, in the writer's transaction. The refresh drains that list in two phases:
//
//  1. per batch of applications, one transaction: claim the ids, recompute their facts rows,
//     and list the examiner variants they left or joined in examiner_stats_dirty_keys;
//  2. per batch of variants, one transaction: recompute their examiner_stats rows from facts.
//
// Work items are claimed with FOR UPDATE SKIP LOCKED, so refreshes running side by side (an
// import finishing while a request refreshes) share the work instead of repeating it; a crash
// leaves the unfinished items listed for the next run. Phase 2 runs once per variant however many
// batches touched it, which is what keeps a 10M-event bulk load to one pass.
import { sql } from 'kysely';
import { allowsConcurrentTransactions } from '../../db/capabilities.ts';
import type { Db } from '../../db/connect.ts';
import { deriveFacts, type FactRow } from './app-facts.ts';

export interface RefreshOptions {
  /** Applications per phase-1 transaction. */
  applicationBatch?: number;
  /** Examiner variants per phase-2 transaction. */
  keyBatch?: number;
  /** Transactions run side by side on PostgreSQL (a core each); always 1 on PGlite. Default 2. */
  concurrency?: number;
  onProgress?(phase: 'applications' | 'examiners', done: number): void;
}

export interface RefreshSummary {
  /** Applications whose facts were recomputed. */
  applications: number;
  /** Examiner-name variants whose statistics were recomputed. */
  examiners: number;
  seconds: number;
}

export async function refreshExaminerStats(db: Db, opts: RefreshOptions = {}): Promise<RefreshSummary> {
  const started = performance.now();
  const appBatch = opts.applicationBatch ?? 5000;
  const keyBatch = opts.keyBatch ?? 250;
  const workers = allowsConcurrentTransactions(db) ? Math.max(1, opts.concurrency ?? 2) : 1;
  let applications = 0;
  let examiners = 0;
  const bulk = !db.isTransaction && (await backlogAtLeast(db, BULK));
  if (bulk) {
    // After a bulk load the planner may know nothing of the new rows (autovacuum can be off or
    // behind), and would then scan all events for every batch: refresh its statistics first.
    await sql`analyze applications, prosecution_events, office_action_rejections`.execute(db);
  }
  // Workers claim disjoint items (SKIP LOCKED); each loops until nothing is left to claim.
  const drain = async (step: (trx: Db) => Promise<number>, onDone: (n: number) => void) => {
    for (;;) {
      // Joins the caller's transaction when given one (then a single worker runs).
      const n = db.isTransaction ? await step(db) : await db.transaction().execute(step);
      if (n === 0) return;
      onDone(n);
    }
  };
  const run = (step: (trx: Db) => Promise<number>, onDone: (n: number) => void) => Promise.all(Array.from({ length: workers }, () => drain(step, onDone)));
  await run(
    (trx) => refreshApplications(trx, appBatch),
    (n) => {
      applications += n;
      opts.onProgress?.('applications', applications);
    },
  );
  await run(
    (trx) => refreshKeys(trx, keyBatch),
    (n) => {
      examiners += n;
      opts.onProgress?.('examiners', examiners);
    },
  );
  if (bulk || (applications >= BULK && !db.isTransaction)) {
    // A bulk refresh leaves a million dead rows in the work lists and facts; reclaim them now and
    // refresh the planner's statistics rather than wait for autovacuum (outside any transaction).
    await sql`vacuum (analyze) examiner_stats_dirty, examiner_stats_dirty_keys, examiner_app_facts, examiner_stats`.execute(db);
  }
  return { applications, examiners, seconds: Number(((performance.now() - started) / 1000).toFixed(3)) };
}

/** A backlog this large is a bulk load: analyze the inputs first, vacuum the work tables after. */
const BULK = 50_000;

async function backlogAtLeast(db: Db, n: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from examiner_stats_dirty order by application_id limit ${n}) d`.execute(
    db,
  );
  return rows[0].n >= n;
}

/**
 * Refresh only when little is waiting (a few applications the live connector or a small import
 * touched): the profile query calls this so its figures include recent writes, without ever
 * making a request wait for a bulk load's backlog (that one is refreshed by the import run, or by
 * `prosa stats refresh`). Returns whether the statistics are now current.
 */
export async function refreshIfSmall(db: Db, maxApplications = 2000, maxKeys = 200): Promise<boolean> {
  // Through the indexes: right after a bulk refresh the tables hold many dead rows until vacuumed.
  const pending = await sql<{ apps: number; keys: number }>`
    select (select count(*) from (select 1 from examiner_stats_dirty order by application_id limit ${maxApplications + 1}) a)::int as apps,
           (select count(*) from (select 1 from examiner_stats_dirty_keys order by examiner_key limit ${maxKeys + 1}) k)::int as keys`.execute(db);
  const { apps, keys } = pending.rows[0];
  if (apps === 0 && keys === 0) return true;
  // Inside the caller's transaction (one connection) the refresh's own transactions cannot run.
  if (apps > maxApplications || keys > maxKeys || db.isTransaction) return false;
  await refreshExaminerStats(db);
  return true;
}

async function refreshApplications(trx: Db, limit: number): Promise<number> {
  await noJit(trx);
  const claimed = await sql<{ application_id: string }>`
    delete from examiner_stats_dirty where application_id in (
      select application_id from examiner_stats_dirty order by application_id limit ${limit} for update skip locked)
    returning application_id`.execute(trx);
  const ids = claimed.rows.map((r) => r.application_id);
  if (ids.length === 0) return 0;
  const facts = await deriveFacts(trx, ids);
  const removed = await sql<{ examiner_key: string }>`
    delete from examiner_app_facts where application_id = any(${ids}::text[]) returning examiner_key`.execute(trx);
  await insertFacts(trx, facts);
  const keys = [...new Set([...removed.rows.map((r) => r.examiner_key), ...facts.map((f) => f.examiner_key)])].sort();
  if (keys.length > 0) {
    await sql`insert into examiner_stats_dirty_keys (examiner_key) select unnest(${keys}::text[]) on conflict do nothing`.execute(trx);
  }
  return ids.length;
}

async function refreshKeys(trx: Db, limit: number): Promise<number> {
  await noJit(trx);
  const claimed = await sql<{ examiner_key: string }>`
    select examiner_key from examiner_stats_dirty_keys order by examiner_key limit ${limit} for update skip locked`.execute(trx);
  const keys = claimed.rows.map((r) => r.examiner_key);
  if (keys.length === 0) return 0;
  await sql`delete from examiner_stats where examiner_key = any(${keys}::text[])`.execute(trx);
  await sql`
    insert into examiner_stats (examiner_key, art_unit, disposal_year, name_last, name_first, name_middle, examiner_id,
      examiner_name, allowed, abandoned, allowed_interview, abandoned_interview, actions_sum, rces_sum, pending, excluded,
      rej_actions, rej_101, rej_102, rej_103, rej_112, rej_dp, first_disposal, last_disposal, last_filing, refreshed_at)
    select examiner_key, art_unit, disposal_year, min(name_last), min(name_first), min(name_middle), min(examiner_id),
      mode() within group (order by examiner_name),
      count(*) filter (where outcome = 'allowed')::int,
      count(*) filter (where outcome = 'abandoned')::int,
      count(*) filter (where outcome = 'allowed' and has_interview)::int,
      count(*) filter (where outcome = 'abandoned' and has_interview)::int,
      coalesce(sum(actions_to_allowance) filter (where outcome = 'allowed'), 0)::int,
      coalesce(sum(rces_to_allowance) filter (where outcome = 'allowed'), 0)::int,
      count(*) filter (where outcome = 'pending')::int,
      count(*) filter (where outcome = 'excluded')::int,
      sum(rej_actions)::int, sum(rej_101)::int, sum(rej_102)::int, sum(rej_103)::int, sum(rej_112)::int, sum(rej_dp)::int,
      min(disposal_date), max(disposal_date), max(filing_date), now()
    from examiner_app_facts where examiner_key = any(${keys}::text[])
    group by examiner_key, art_unit, disposal_year`.execute(trx);
  await sql`delete from examiner_stats_dirty_keys where examiner_key = any(${keys}::text[])`.execute(trx);
  return keys.length;
}

/**
 * These batch queries look expensive to the planner (thousands of keys) but run in tens of
 * milliseconds; JIT compilation would add more than that to each. Transaction-local.
 */
async function noJit(trx: Db): Promise<void> {
  await sql`set local jit = off`.execute(trx);
}

const FACT_COLUMNS = [
  ['application_id', 'text'],
  ['examiner_key', 'text'],
  ['name_last', 'text'],
  ['name_first', 'text'],
  ['name_middle', 'text'],
  ['examiner_id', 'text'],
  ['examiner_name', 'text'],
  ['art_unit', 'text'],
  ['outcome', 'text'],
  ['disposal_date', 'date'],
  ['disposal_year', 'int4'],
  ['actions_to_allowance', 'int4'],
  ['rces_to_allowance', 'int4'],
  ['has_interview', 'bool'],
  ['filing_date', 'date'],
  ['rej_actions', 'int4'],
  ['rej_101', 'int4'],
  ['rej_102', 'int4'],
  ['rej_103', 'int4'],
  ['rej_112', 'int4'],
  ['rej_dp', 'int4'],
] as const satisfies readonly (readonly [keyof FactRow, string])[];

async function insertFacts(trx: Db, facts: readonly FactRow[]): Promise<void> {
  if (facts.length === 0) return;
  const names = FACT_COLUMNS.map(([c]) => sql.ref(c));
  const arrays = FACT_COLUMNS.map(([c, type]) => sql`${facts.map((f) => f[c])}::${sql.raw(type)}[]`);
  await sql`insert into examiner_app_facts (${sql.join(names)}) select * from unnest(${sql.join(arrays)})`.execute(trx);
}
