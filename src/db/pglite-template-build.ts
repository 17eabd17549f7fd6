import { openDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { startDraftQueue } from '../jobs/queue.ts';
import { templateIsCurrent, writeTemplate, TEMPLATE_DIR } from './pglite-template.ts';

/**
 * Builds the migrated embedded-database template (pglite-template.ts) unless the one in `dir`
 * already matches this checkout. Used by `prestart` (build-template.ts) and by the test suite's
 * global setup, whose CLI and server child processes each start from a fresh data directory.
 * Returns the milliseconds spent building, or null when the template was current.
 */
export async function ensurePgliteTemplate(dir = TEMPLATE_DIR): Promise<number | null> {
  if (templateIsCurrent(dir)) return null;
  const started = Date.now();
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    // pg-boss's own schema too: creating it is a good part of a first start.
    const queue = await startDraftQueue(database, { supervise: false });
    await queue.stop();
    const dump = await database.pglite!.dumpDataDir('none'); // uncompressed: loading skips a gunzip
    writeTemplate(Buffer.from(await dump.arrayBuffer()), dir);
  } finally {
    await database.close();
  }
  return Date.now() - started;
}
