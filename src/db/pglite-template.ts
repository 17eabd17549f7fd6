import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A migrated, empty embedded database, built once at install/start time (`npm start` runs
 * `node src/db/build-template.ts` in `prestart`), so that a fresh data directory starts from it
 * instead of running PGlite's initdb, every migration and pg-boss's schema creation (issue 12 goal: a fresh embedded start
 * under 3 s; initdb alone took 2.7-3.5 s).
 *
 * The template is only used when its stamp matches this checkout: PGlite's version and the text
 * of every migration. Anything else (no template, a stale one) falls back to initdb + migrations,
 * so a template can make a start faster but never different.
 */
export const TEMPLATE_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));
const TEMPLATE = 'pglite-template.tar';
const STAMP = 'pglite-template.stamp';

/** PGlite's version and every migration's name and text, hashed. */
function templateStamp(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  hash.update(readFileSync(new URL('../../node_modules/pg-boss/package.json', import.meta.url)));
  hash.update(readFileSync(new URL('./migrate.ts', import.meta.url)));
  const migrations = fileURLToPath(new URL('./migrations/', import.meta.url));
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name);
    hash.update(readFileSync(join(migrations, name)));
  }
  return hash.digest('hex');
}

/** The template's dump when it exists and matches this checkout. */
export function readTemplate(dir = TEMPLATE_DIR): Blob | undefined {
  return templateIsCurrent(dir) ? new Blob([readFileSync(join(dir, TEMPLATE))]) : undefined;
}

/** A dump and a stamp are there, and the stamp names this checkout. */
export function templateIsCurrent(dir = TEMPLATE_DIR): boolean {
  const stamp = join(dir, STAMP);
  return existsSync(join(dir, TEMPLATE)) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === templateStamp();
}

/** Writes the dump and then its stamp (a stamp never names a half-written dump). */
export function writeTemplate(dump: Buffer, dir = TEMPLATE_DIR): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${TEMPLATE}.partial`), dump);
  renameSync(join(dir, `${TEMPLATE}.partial`), join(dir, TEMPLATE));
  writeFileSync(join(dir, STAMP), `${templateStamp()}\n`);
}
