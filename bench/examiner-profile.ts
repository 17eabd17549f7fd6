// bench/examiner-profile: bulk PatEx import through the real importer, then examiner-profile
// latency, on PostgreSQL (a scratch database — never `test`).
//
//   node bench/generate-synthetic.ts                     # writes bench/out/*.csv (gitignored)
//   createdb -h 127.0.0.1 -U postgres prosa_bench
//   /usr/bin/time -v node bench/examiner-profile.ts [--db postgres://postgres@127.0.0.1:5432/prosa_bench] [--fresh] [--skip-import] [--samples 1000]
//
// Import: `runImport(db, 'patex', [application_data.csv, transactions.csv])` then the ODP OA
// Rejections file, exactly what `prosa import` runs (including the examiner-statistics refresh at
// the end of each run). Prints rows per second per file, the refresh time and this process's peak
// RSS (process.resourceUsage().maxRSS).
// Query: examinerProfile() for `--samples` examiners drawn at random from examiners.csv, each name
// written a random way (as stored, lower case, without the comma, middle initial only), timed
// one after another; prints p50/p95/p99. Then checks the figures of 50 examiners against the
// counts the generator recorded (examiners.csv), so a fast wrong answer cannot pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runImport } from '../src/cli/import-runner.ts';
import { examinerProfile } from '../src/queries/examiner-profile.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench' },
    dir: { type: 'string', default: 'bench/out' },
    samples: { type: 'string', default: '1000' },
    fresh: { type: 'boolean', default: false },
    'skip-import': { type: 'boolean', default: false },
  },
});
const url = new URL(args.db as string);
if (url.pathname === '/test') throw new Error('refusing to benchmark on the `test` database');
const dir = args.dir as string;

if (args.fresh) {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const name = url.pathname.slice(1);
  await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
const { db } = database;
await migrateToLatest(db);
const results: Record<string, unknown> = {};

if (!args['skip-import']) {
  const started = performance.now();
  const run = await runImport(db, 'patex', [join(dir, 'application_data.csv'), join(dir, 'transactions.csv')]);
  const patexSeconds = (performance.now() - started) / 1000;
  const rej = await runImport(db, 'odp-rejections', [join(dir, 'oa_rejections.jsonl')]);
  results.import = {
    files: [...run.files, ...rej.files].map((f) => ({
      file: f.path.split('/').pop(),
      rows: f.summary.records,
      seconds: f.seconds,
      rows_per_second: f.rows_per_second,
      skipped: f.summary.skipped,
    })),
    patex_rows: run.totals.records,
    patex_seconds_with_refresh: Number(patexSeconds.toFixed(1)),
    patex_rows_per_second_with_refresh: Math.round(run.totals.records / patexSeconds),
    stats_refresh_after_patex: run.examiner_stats,
    stats_refresh_after_rejections: rej.examiner_stats,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stderr.write(`${JSON.stringify(results.import, null, 2)}\n`);
}

const counts = await db
  .selectNoFrom((eb) => [
    eb
      .selectFrom('applications')
      .select((e) => e.fn.countAll<string>().as('n'))
      .as('applications'),
    eb
      .selectFrom('prosecution_events')
      .select((e) => e.fn.countAll<string>().as('n'))
      .as('events'),
    eb
      .selectFrom('examiner_stats')
      .select((e) => e.fn.countAll<string>().as('n'))
      .as('stats_rows'),
  ])
  .executeTakeFirstOrThrow();
results.database = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));

// examiners.csv: examiner_id,name,art_unit,allowed,abandoned,allowed_interview,abandoned_interview,actions,pending,excluded,rces
// (allowed_interview / abandoned_interview: applicant-initiated interviews only — the generator also
// writes examiners' own pre-allowance calls, EXET, which must not count.)
interface Truth {
  id: string;
  name: string;
  artUnit: string;
  allowed: number;
  abandoned: number;
  allowedInterview: number;
  abandonedInterview: number;
  actions: number;
  pending: number;
  rces: number;
}
const truths: Truth[] = readFileSync(join(dir, 'examiners.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const m = /^(\d+),("(?:[^"]|"")*"|[^,]*),(\d+),(\d+),(\d+),(\d+),(\d+),(\d+),(\d+),(\d+),(\d+)$/.exec(line);
    if (!m) throw new Error(`bad examiners.csv line ${line}`);
    const n = m.slice(3).map(Number);
    return {
      id: m[1],
      name: m[2].replace(/^"|"$/g, '').replace(/""/g, '"'),
      artUnit: m[3],
      allowed: n[1],
      abandoned: n[2],
      allowedInterview: n[3],
      abandonedInterview: n[4],
      actions: n[5],
      pending: n[6],
      rces: n[8],
    };
  });

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
/** The name written the ways users and agents write it. */
function spelled(name: string): string {
  const r = rand();
  if (r < 0.4) return name;
  if (r < 0.6) return name.toLowerCase();
  if (r < 0.8) return name.replace(',', '');
  return name.replace(/^([^,]+), (\S+) (\S)\S*.*$/, '$1, $2 $3');
}

const samples = Number(args.samples);
const timings: number[] = [];
const outcomes = { found: 0, ambiguous: 0, not_found: 0 };
for (let i = 0; i < 20; i++) await examinerProfile(db, truths[i].name); // warm-up: connections, plans
for (let i = 0; i < samples; i++) {
  const t = truths[Math.floor(rand() * truths.length)];
  const started = performance.now();
  const result = await examinerProfile(db, spelled(t.name));
  timings.push(performance.now() - started);
  outcomes[result.status] += 1;
}
timings.sort((a, b) => a - b);
const pct = (p: number) => Number(timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))].toFixed(2));
results.profile_query_ms = { samples, p50: pct(50), p95: pct(95), p99: pct(99), max: Number(timings.at(-1)!.toFixed(2)), outcomes };

// Correctness: the computed figures equal the generator's own counts.
let checked = 0;
const mismatches: unknown[] = [];
for (const t of truths.slice(0, 50)) {
  const result = await examinerProfile(db, t.name, { examinerId: t.id });
  if (result.status !== 'found') {
    mismatches.push({ id: t.id, name: t.name, status: result.status });
    continue;
  }
  const p = result.profile;
  const disposed = t.allowed + t.abandoned;
  const expected = {
    total: disposed,
    allowance_rate: disposed ? Math.round((t.allowed / disposed) * 1e4) / 1e4 : null,
    avg_actions: t.allowed ? Math.round((t.actions / t.allowed) * 100) / 100 : null,
    avg_rces: t.allowed ? Math.round((t.rces / t.allowed) * 100) / 100 : null,
    interviewed: t.allowedInterview + t.abandonedInterview,
    interview_success_rate:
      t.allowedInterview + t.abandonedInterview >= 10 && disposed - t.allowedInterview - t.abandonedInterview >= 10
        ? Math.round((t.allowedInterview / (t.allowedInterview + t.abandonedInterview)) * 1e4) / 1e4
        : null,
    pending: t.pending,
  };
  const got = {
    total: p.totalCasesAnalyzed,
    allowance_rate: p.allowanceRate,
    avg_actions: p.avgActionsToAllowance,
    avg_rces: p.avgRcesToAllowance,
    interviewed: p.interviewedCases,
    interview_success_rate: p.interviewSuccessRate,
    pending: p.pendingCases,
  };
  if (JSON.stringify(expected) !== JSON.stringify(got)) mismatches.push({ id: t.id, name: t.name, expected, got });
  checked += 1;
}
results.correctness = { checked, mismatches: mismatches.length, first_mismatches: mismatches.slice(0, 5) };

const example = await examinerProfile(db, truths[0].name, { examinerId: truths[0].id });
results.example = example.status === 'found' ? example.profile : example;
results.peak_rss_mb = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
await database.close();
