import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.ts';
import { collectStartGarbage } from '../../src/cli/start-garbage.ts';

/**
 * Issue 12, idle RSS of `prosa serve` under 300 MB: the embedded PostgreSQL keeps a small cache
 * (its shared memory is resident in full, src/db/pglite-memory.ts), a dump the database was
 * started from is not kept once loaded, and the start's garbage is collected once listening
 * (src/cli/start-garbage.ts). These run on the embedded database whatever DATABASE_URL says.
 */
const root = mkdtempSync(join(tmpdir(), 'prosa-memory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const setting = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: 'shared_buffers' | 'wal_buffers') =>
  (await sql<{ v: string }>`select current_setting(${name}) as v`.execute(db)).rows[0]!.v;

describe('embedded database memory', () => {
  it('on disk and in memory, PostgreSQL runs with 16 MB of shared buffers and 4 MB of WAL buffers', async () => {
    for (const dataDir of [join(root, 'disk'), 'memory://']) {
      const database = await openDatabase({ dataDir, useTemplate: false });
      try {
        expect(await setting(database.db, 'shared_buffers')).toBe('16MB');
        expect(await setting(database.db, 'wal_buffers')).toBe('4MB');
      } finally {
        await database.close();
      }
    }
  }, 120_000);

  it('a dump the database was started from is freed once it is loaded (the template is 42 MB)', () => {
    const out = execFileSync(process.execPath, [fileURLToPath(new URL('../support/dump-release-probe.ts', import.meta.url))], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ rows: [{ n: 42 }], released: true });
  }, 120_000);
});

describe('collectStartGarbage', () => {
  it('collects unreachable objects at once, without --expose-gc on the command line', async () => {
    let garbage: object | undefined = { big: new Array(1_000_000).fill(0) };
    const ref = new WeakRef(garbage);
    garbage = undefined;
    await new Promise((r) => setTimeout(r, 0)); // WeakRef targets are kept until the end of the turn
    collectStartGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
