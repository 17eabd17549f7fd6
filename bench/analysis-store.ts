// bench/analysis-store: the CPU one stored analysis costs beyond the parser (issue 24, "storing
// an analysis costs <= 8 ms CPU embedded"): REST #3's path through the command that serves it
// (commands/analysis-creator.ts) with the analysis threads off, so every step runs on this thread
// and is counted: the parse, the examiner statistics, token counting, the record's presentation
// and serialization, and the transaction (record, bases, outbox event, ledger charge, audit rows).
// A host reference (bench/support/host-reference.ts) is printed before and after the runs.
//
//   ./node_modules/.bin/node bench/analysis-store.ts            embedded (a fresh on-disk data directory) and PostgreSQL
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (default; `off` skips PostgreSQL), BENCH_RUNS=300
//
// Per database: a warm-up, then BENCH_RUNS analyses of five corpus actions in turn (01, 02, 04,
// 06, 09: 4-25 kB, 8-31 claims) against a demo application with an examiner, and the same
// number of parser runs alone (first pass, then the second pass with the examiner statistics, as
// the creator runs them) on the same texts in the same process. "store" is the difference: what
// the issue calls storing an analysis, less the examiner profile's reads (timed apart at the
// examinerStats seam: they inform the strategy, they store nothing). CPU is process.cpuUsage() (this process: the embedded
// database runs in it); on PostgreSQL the server's CPU for the bench's database is read from
// /proc beside it (the backends' titles name the database). Token counting and presentation are
// also timed alone, to show where the store's CPU goes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { backendCpuSeconds } from './support/wrk.ts';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { DEMO_EMAIL } from '../src/sources/demo/demo-docket.ts';
import { analysisCreator } from '../src/commands/analysis-creator.ts';
import { inProcessEngine } from '../src/analysis/analysis-engine.ts';
import { examinerStatsFor } from '../src/analysis/examiner-intel.ts';
import { runAnalysis } from '../src/analysis/run-analysis.ts';
import { countTokens } from '../src/analysis/llm/token-count.ts';
import { practitionerText } from '../src/analysis/billable-text.ts';
import { presentAnalysisWithJson } from '../src/presenters/analysis.ts';
import { todayUtc } from '../src/clock.ts';
import { withScratchDatabase } from './support/processes.ts';
import { logStatements } from '../test/support/statement-log.ts';
import { hostReferenceLine } from './support/host-reference.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = 30;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILES = ['01', '02', '04', '06', '09'];
const TEXTS = FILES.map((f) => readFileSync(new URL(`../src/domain/office-action/fixtures/${f}.txt`, import.meta.url), 'utf8'));
const APPLICATION = '17200011';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU seconds of the PostgreSQL processes serving database `name` (their titles name it), when readable. */
function serverCpuMs(name: string): number | null {
  const seconds = backendCpuSeconds(name);
  return seconds === null ? null : seconds * 1000;
}

async function bench(label: string, database: Database, dbName: string | null): Promise<void> {
  await migrateToLatest(database.db);
  await seedDemoData(database.db, todayUtc());
  const account = await database.db.selectFrom('accounts').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const actor = { accountId: account.id, memberId: account.id, via: 'api_key' as const };
  const log = logStatements(database.db);
  const statements = () => log.statements.length;
  // The examiner profile's reads are timed apart: they inform the analysis, they do not store it.
  let statsMs = 0;
  const examinerStats = async (name: string, accountId: string) => {
    const t0 = cpuMs();
    try {
      return await examinerStatsFor(database.db, name, accountId);
    } finally {
      statsMs += cpuMs() - t0;
    }
  };
  const analyze = (i: number) =>
    analysisCreator(database.db, actor, {
      accountId: account.id,
      text: TEXTS[i % TEXTS.length],
      officeActionType: null,
      includeExaminerIntel: true,
      applicationNumber: APPLICATION,
      examinerStats,
      engine: inProcessEngine,
    });
  for (let i = 0; i < WARMUP; i++) await analyze(i);
  // The statistics the creator finds for the demo application's examiner (for the parser-alone runs).
  const app = await database.db.selectFrom('applications').select('examiner_name').where('application_number', '=', APPLICATION).executeTakeFirstOrThrow();
  const stats = await examinerStatsFor(database.db, app.examiner_name!, account.id);

  const parse = (i: number) => {
    const text = TEXTS[i % TEXTS.length];
    const first = runAnalysis(text, { typeHint: 'CTNF', examinerStats: null });
    return stats ? runAnalysis(text, { typeHint: 'CTNF', examinerStats: stats, reuse: first }) : first;
  };
  for (let i = 0; i < WARMUP; i++) parse(i);
  statsMs = 0;

  // Alternate blocks of analyses and parser runs, so both see the same machine load.
  const BLOCK = 25;
  let fullMs = 0;
  let parseMs = 0;
  let serverMs = 0;
  let sent = 0;
  for (let done = 0; done < RUNS; done += BLOCK) {
    const s0 = statements();
    const srv0 = dbName ? serverCpuMs(dbName) : null;
    let t = cpuMs();
    for (let i = done; i < done + BLOCK; i++) await analyze(i);
    fullMs += cpuMs() - t;
    if (srv0 !== null) serverMs += serverCpuMs(dbName!)! - srv0;
    sent += statements() - s0;
    t = cpuMs();
    for (let i = done; i < done + BLOCK; i++) parse(i);
    parseMs += cpuMs() - t;
  }
  const runs = Math.ceil(RUNS / BLOCK) * BLOCK;

  // Where the store's CPU goes, each step alone on the same texts (warm caches, as in the runs above).
  const runsOf = TEXTS.map((_, i) => parse(i));
  let t = cpuMs();
  for (let i = 0; i < runs; i++) {
    const r = runsOf[i % TEXTS.length];
    countTokens(TEXTS[i % TEXTS.length]);
    countTokens(practitionerText(r.analysis));
  }
  const tokensMs = cpuMs() - t;
  const meta = {
    analysisId: 'an_bench',
    applicationNumber: APPLICATION,
    requestedType: null,
    createdAt: new Date(),
    examinerIntel: { requested: true, examiner_name: app.examiner_name, stats },
    billing: { input_tokens: 1, output_tokens: 1, token_source: 'tokenizer' as const, cost: '0.000001' },
  };
  t = cpuMs();
  // The record and its JSON text, as the engine builds them (the bound's size check is the serialization).
  for (let i = 0; i < runs; i++) presentAnalysisWithJson(runsOf[i % TEXTS.length], meta);
  const presentMs = cpuMs() - t;

  const per = (ms: number) => (ms / runs).toFixed(2);
  console.log(`\n## ${label}: ${runs} analyses, load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`);
  console.log('| per analysis | CPU ms |');
  console.log('|---|---|');
  console.log(`| whole analysis (this process) | ${per(fullMs)} |`);
  console.log(`| parser alone (first pass + examiner pass) | ${per(parseMs)} |`);
  console.log(`| examiner statistics (profile reads) | ${per(statsMs)} |`);
  console.log(`| **store** (whole - parser - examiner statistics) | **${per(fullMs - parseMs - statsMs)}** |`);
  console.log(`| of which token counting alone (input + output) | ${per(tokensMs)} |`);
  console.log(`| of which presentation, bounding and JSON alone | ${per(presentMs)} |`);
  if (dbName) console.log(`| PostgreSQL server, this database's backends | ${per(serverMs)} |`);
  console.log(`| statements per analysis (4 of them the examiner profile's) | ${(sent / runs).toFixed(1)} |`);
  log.stop();
}

console.log(hostReferenceLine('start'));
const dir = mkdtempSync(join(tmpdir(), 'prosa-analysis-store-'));
try {
  const embedded = await openDatabase({ dataDir: dir });
  try {
    await bench('embedded PGlite (on disk)', embedded, null);
  } finally {
    await embedded.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (PG_URL !== 'off') {
  await withScratchDatabase(
    PG_URL,
    'prosa_bench_store',
    async (url) => {
      const pg = await openDatabase({ databaseUrl: url });
      try {
        await bench('PostgreSQL', pg, new URL(url).pathname.slice(1));
      } finally {
        await pg.close();
      }
    },
    (err) => console.log(`\nPostgreSQL skipped: ${err.message}`),
  );
}
console.log(`\n${hostReferenceLine('end')}`);
