/**
 * `node src/db/build-template.ts`: builds the migrated embedded-database template
 * (pglite-template.ts) unless the current one matches this checkout. Run by `prestart`.
 */
import { ensurePgliteTemplate } from './pglite-template-build.ts';
import { TEMPLATE_DIR } from './pglite-template.ts';

const ms = await ensurePgliteTemplate();
if (ms !== null) console.log(`embedded database template written to ${TEMPLATE_DIR} in ${ms} ms`);
