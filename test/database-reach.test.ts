import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { browserFiles, databaseFreeFiles, embeddedOnlyFiles } from './database-reach.ts';

// The PostgreSQL pass of CI skips the files this calls database-free: a file wrongly called free
// would never run on PostgreSQL, so each way of reaching a database must count.
const root = mkdtempSync(join(tmpdir(), 'prosa-reach-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

write('src/db/connect.ts', 'export const openDatabase = () => null;\n');
write('src/domain/pure.ts', "import type { Row } from '../db/connect.ts';\nexport const pure = 1;\n");
write('src/commands/write.ts', "import {\n  openDatabase,\n} from '../db/connect.ts';\nexport const write = openDatabase;\n");
write('test/support/app.ts', "export * from '../../src/commands/write.ts';\n");
write('test/support/cli.ts', "import { spawn } from 'node:child_process';\nexport const run = () => spawn('node', ['src/main.ts', 'accounts']);\n");

describe('which test files can reach a database', () => {
  test.each([
    ['a runtime import chain ending in src/db/', "import { write } from './support/app.ts';\n"],
    ['a dynamic import of a database module', "const m = await import('../src/commands/write.ts');\n"],
    ["the test database's URL", "import { inject } from 'vitest';\nconst url = inject('databaseUrl');\n"],
    ['a database driver', "import pg from 'pg';\n"],
    ['the CLI in a child process', "import { run } from './support/cli.ts';\n"],
    ['a bare side-effect import of a database module', "import '../src/db/connect.ts';\n"],
  ])('%s counts', (_, text) => {
    write('test/reaches.test.ts', text);
    expect(databaseFreeFiles(root, ['test/reaches.test.ts'])).toEqual([]);
  });

  test('type-only imports and pure modules do not', () => {
    write('test/free.test.ts', "import type { write } from './support/app.ts';\nimport { pure } from '../src/domain/pure.ts';\nimport { z } from 'zod';\n");
    expect(databaseFreeFiles(root, ['test/free.test.ts'])).toEqual(['test/free.test.ts']);
  });

  test("the repository's own files: an API test reaches, a domain unit test does not", () => {
    const repo = join(import.meta.dirname, '..');
    expect(databaseFreeFiles(repo, ['test/credits.test.ts', 'test/web/docket-pages.test.ts', 'src/domain/deadlines/calculator.test.ts'])).toEqual([
      'src/domain/deadlines/calculator.test.ts',
    ]);
  });
});

describe('which test files drive the web app in a browser', () => {
  test('a file that launches Chromium is one; a file that only imports the helpers is not', () => {
    write('test/web/page.test.ts', "import { workerBrowser } from '../support/browser.ts';\nconst browser = await workerBrowser();\n");
    write('test/web/words.test.ts', "import { SCREENSHOTS } from '../support/browser.ts';\n");
    expect(browserFiles(root, ['test/web/page.test.ts', 'test/web/words.test.ts'])).toEqual(['test/web/page.test.ts']);
  });

  test("the repository's own browser files are found, its API files are not", () => {
    const repo = join(import.meta.dirname, '..');
    expect(browserFiles(repo, ['test/web/app-flows.test.ts', 'test/credits.test.ts', 'test/web/format.test.ts'])).toEqual(['test/web/app-flows.test.ts']);
  });
});

describe('which test files use only embedded data directories of their own', () => {
  test('a file marked `@database embedded` is one; a file without the mark is not', () => {
    write('test/backup.test.ts', "/**\n * Backup of a data directory.\n * @database embedded\n */\nimport { runCli } from './support/cli.ts';\n");
    write('test/plain.test.ts', "import { runCli } from './support/cli.ts';\n");
    expect(embeddedOnlyFiles(root, ['test/backup.test.ts', 'test/plain.test.ts'])).toEqual(['test/backup.test.ts']);
  });

  test.each([
    ['a CLI database of the pass', 'const { env } = await freshCliEnv();'],
    ['an app on the test database', 'const t = await createTestApp();'],
    ["the test database's URL", "const url = inject('databaseUrl');"],
  ])('a marked file that reaches the suite database through %s is refused', (_, call) => {
    write('test/wrong.test.ts', `/**\n * @database embedded\n */\n${call}\n`);
    expect(() => embeddedOnlyFiles(root, ['test/wrong.test.ts'])).toThrow(/marked @database embedded but reaches/);
  });

  test("the repository's marked files are the embedded ones", () => {
    const repo = join(import.meta.dirname, '..');
    const files = ['test/durability/embedded-backup.test.ts', 'test/durability/embedded-fsync.test.ts', 'test/credits.test.ts', 'test/cli.test.ts'];
    expect(embeddedOnlyFiles(repo, files)).toEqual(['test/durability/embedded-backup.test.ts', 'test/durability/embedded-fsync.test.ts']);
  });
});
