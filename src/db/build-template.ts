/**
 * `node src/db/build-template.ts`: builds the migrated embedded-database template
 * (pglite-template.ts) unless the current one matches this checkout. Run by `prestart`.
 */
import { openDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { startDraftQueue } from '../jobs/queue.ts';
import { templateIsCurrent, writeTemplate, TEMPLATE_DIR } from './pglite-template.ts';

if (templateIsCurrent()) {
  process.exit(0);
}
const started = Date.now();
const database = await openDatabase({ dataDir: 'memory://' });
try {
  await migrateToLatest(database.db);
  // pg-boss's own schema too: creating it is a good part of a first start.
  const queue = await startDraftQueue(database, { supervise: false });
  await queue.stop();
  const dump = await database.pglite!.dumpDataDir('none'); // uncompressed: loading skips a gunzip
  writeTemplate(Buffer.from(await dump.arrayBuffer()));
} finally {
  await database.close();
}
console.log(`embedded database template written to ${TEMPLATE_DIR} in ${Date.now() - started} ms`);
