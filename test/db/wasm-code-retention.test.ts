/**
 * The embedded database keeps its WebAssembly code (src/db/wasm-code-retention.ts): V8 frees dead
 * WebAssembly code through the call that aborted a test worker under PGlite (nodejs/node#64500),
 * so Prosa turns that collection off before its first PGlite starts.
 *
 * Each case runs in a child process in V8's stress mode, which collects dead WebAssembly code
 * after every compilation, and turns on V8's trace of those collections once its database is
 * open (module loading before that compiles WebAssembly of its own): a bare PGlite (the control)
 * is collected, one opened through openDatabase is not.
 * @database embedded
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

/** Runs `body` (an ES module) under the stress mode; returns what it printed. */
function traced(body: string): string {
  return execFileSync(process.execPath, ['--stress-wasm-code-gc', '--input-type=module', '-e', body], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const WORKLOAD = `
  (await import('node:v8')).setFlagsFromString('--trace-wasm-code-gc');
  await q("create table t(a int, b text)");
  for (let i = 0; i < 20; i++) await q("insert into t select g, md5(g::text) from generate_series(1, 50) g");
  await q("select count(*), max(b) from t");
`;

const collections = (trace: string) => trace.split('\n').filter((line) => line.startsWith('[wasm-gc] Starting GC')).length;

test('a bare PGlite has its dead WebAssembly code collected (the control)', () => {
  const trace = traced(`
    import { PGlite } from '@electric-sql/pglite';
    const pg = await PGlite.create();
    const q = (s) => pg.query(s);
    ${WORKLOAD}
    await pg.close();
  `);
  expect(collections(trace)).toBeGreaterThan(0);
}, 120_000);

test('an embedded database opened by Prosa keeps it', () => {
  const trace = traced(`
    import { sql } from 'kysely';
    import { openDatabase } from './src/db/connect.ts';
    const database = await openDatabase({ dataDir: 'memory://' });
    const q = (s) => sql.raw(s).execute(database.db);
    ${WORKLOAD}
    await database.close();
    console.log('closed');
  `);
  expect(trace).toContain('closed');
  expect(collections(trace)).toBe(0);
}, 120_000);
