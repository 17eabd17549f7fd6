import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Which test files can reach a database, read from their import graphs.
 *
 * CI runs the suite on the embedded PGlite and again on PostgreSQL. A file that never opens a
 * database (the clock-free domain, document builders, parsers) gives the same answer on both, so
 * the PostgreSQL pass runs only the files this finds (`PROSA_TEST_DATABASE_FILES_ONLY`).
 *
 * It errs towards "reaches": a file counts when anything it imports at run time, followed through
 * the repository's own modules, is a database module (src/db/), names the test database
 * (`inject('databaseUrl')`, `DATABASE_URL`), loads a database driver, or starts the CLI or server
 * (src/main.ts, bin/prosa.js) in a child process. Type-only imports are erased at run time and are
 * not followed.
 */

const DATABASE_MARKS = [
  /inject\(\s*['"]databaseUrl['"]\s*\)/,
  /\bDATABASE_URL\b/,
  /from\s+['"](?:pg|@electric-sql\/pglite[^'"]*|kysely|pg-boss)['"]/,
  /src\/main\.ts|bin\/prosa\.js|main\.ts['"]/,
];

/** `import … from '…'`, `export … from '…'`, bare `import '…'` and `import('…')`, without `import type`. */
const RUNTIME_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function reachesDatabase(file: string, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false); // a cycle back to a file being read adds nothing
  const text = readFileSync(file, 'utf8');
  let reaches = file.includes('/src/db/') || DATABASE_MARKS.some((mark) => mark.test(text));
  if (!reaches) {
    for (const m of text.matchAll(RUNTIME_IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue; // packages cannot reach the project's database modules
      const target = resolve(dirname(file), spec);
      if (existsSync(target) && reachesDatabase(target, seen)) {
        reaches = true;
        break;
      }
    }
  }
  seen.set(file, reaches);
  return reaches;
}

/**
 * The test files among `files` that drive the web app in Chromium (they call `workerBrowser()`
 * of test/support/browser.ts). What they check is what the page shows and how a person works it; the
 * routes under the pages are the /api routes the API and MCP files run on both databases, so CI's
 * PostgreSQL pass leaves them out (they are half of its time). `DATABASE_URL=… npm test` runs them.
 */
export function browserFiles(root: string, files: string[]): string[] {
  return files.filter((f) => /\bworkerBrowser\(\)/.test(readFileSync(resolve(root, f), 'utf8')));
}

/**
 * The mark of a file that opens only embedded PGlite data directories of its own, whatever
 * DATABASE_URL says (backup and restore of a data directory, its fsyncs, the template it starts
 * from, the embedded server's memory): a line ` * @database embedded` in its header. Such a file
 * runs the very same thing in both passes, so CI's PostgreSQL pass leaves it out.
 */
const EMBEDDED_MARK = /^ \* @database embedded$/m;

/** What a file calls to reach the suite's database, PostgreSQL in that pass: a file marked embedded must call none. */
const TEST_DATABASE_HELPERS =
  /\b(?:freshCliEnv|createTestApp|createAppOn|createTestDatabase|createTestDatabaseUrl|onPostgres|startWebServer)\(|inject\(\s*['"]databaseUrl['"]/;

/** The test files among `files` marked `@database embedded`; throws if one of them calls a test-database helper. */
export function embeddedOnlyFiles(root: string, files: string[]): string[] {
  return files.filter((f) => {
    const text = readFileSync(resolve(root, f), 'utf8');
    if (!EMBEDDED_MARK.test(text)) return false;
    if (TEST_DATABASE_HELPERS.test(text)) throw new Error(`${f} is marked @database embedded but reaches the suite's database`);
    return true;
  });
}

/** The test files among `files` (paths relative to `root`) that cannot reach a database. */
export function databaseFreeFiles(root: string, files: string[]): string[] {
  const seen = new Map<string, boolean>();
  return files.filter((f) => !reachesDatabase(resolve(root, f), seen));
}
