// Run by test/speed/embedded-memory.test.ts in a plain Node process (a test runner's own
// bookkeeping can keep a Blob reachable): opens an on-disk embedded database from a dump and
// prints whether the dump's Blob is still reachable once a full collection has run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/connect.ts';
import { collectStartGarbage } from '../../src/cli/start-garbage.ts';

const source = await openDatabase({ dataDir: 'memory://' });
await source.pglite!.exec('create table kept (n int); insert into kept values (42)');
const dump = await source.pglite!.dumpDataDir('none');
await source.close();

const dir = mkdtempSync(join(tmpdir(), 'prosa-dump-release-'));
const open = async () => {
  const blob = new Blob([await dump.arrayBuffer()]);
  return { database: await openDatabase({ dataDir: join(dir, 'data'), loadDataDir: blob }), released: new WeakRef(blob) };
};
const { database, released } = await open();
const rows = (await database.pglite!.query<{ n: number }>('select n from kept')).rows;
// (deref() keeps its target alive until the current turn ends: collect first, look on a later turn.)
await new Promise((r) => setTimeout(r, 0));
collectStartGarbage();
await new Promise((r) => setTimeout(r, 0));
process.stdout.write(`${JSON.stringify({ rows, released: released.deref() === undefined })}\n`);
await database.close();
rmSync(dir, { recursive: true, force: true });
