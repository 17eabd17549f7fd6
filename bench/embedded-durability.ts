// bench/embedded-durability: what a durable commit costs on the embedded database.
//
//   node bench/embedded-durability.ts            (BENCH_COMMITS=300 by default)
//
// Two on-disk PGlite databases in one run, side by side, committing the same single-row
// transactions in interleaved rounds: PGlite as shipped (fsync off: nothing reaches stable
// storage) and Prosa's durable configuration (src/db/durable-pglite.ts: one fsync(2) of the WAL
// per commit). Prints per-commit latency (p50, p99), commits per second, the ratio, and the
// fsync calls made, so the price of the guarantee is a measured number.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durableStartParams } from '../src/db/durable-pglite.ts';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 300);
const ROUNDS = 10;
const dir = mkdtempSync(join(tmpdir(), 'prosa-bench-durability-'));

const plain = await PGlite.create(join(dir, 'plain'));
const durableFs = new DurableNodeFS(join(dir, 'durable'));
const durable = await PGlite.create({ fs: durableFs, startParams: durableStartParams() });
const sample = { plain: [] as number[], durable: [] as number[] };

for (const pg of [plain, durable]) await pg.exec('create table ledger (id serial primary key, account text, amount bigint, at timestamptz default now())');
const syncsBefore = durableFs.syncCount;
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, pg] of [
    ['plain', plain],
    ['durable', durable],
  ] as const) {
    for (let i = 0; i < COMMITS / ROUNDS; i += 1) {
      const t = performance.now();
      await pg.query('insert into ledger (account, amount) values ($1, $2)', ['acct', 1000]);
      sample[name].push(performance.now() - t);
    }
  }
}
const syncs = durableFs.syncCount - syncsBefore;
await plain.close();
await durable.close();
rmSync(dir, { recursive: true, force: true });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`embedded commits: ${COMMITS} single-row INSERT transactions each, ${ROUNDS} interleaved rounds`);
console.log('config     p50 ms   p99 ms   commits/s');
for (const name of ['plain', 'durable'] as const) {
  const xs = sample[name];
  console.log(`${name.padEnd(9)} ${pct(xs, 50).toFixed(3).padStart(7)}  ${pct(xs, 99).toFixed(3).padStart(7)}  ${(1000 / mean(xs)).toFixed(0).padStart(9)}`);
}
console.log(`durable/plain p50 latency ratio: ${(pct(sample.durable, 50) / pct(sample.plain, 50)).toFixed(1)}x`);
console.log(`fsync(2) calls by the durable database: ${syncs} (${(syncs / COMMITS).toFixed(2)} per commit)`);
