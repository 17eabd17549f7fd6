import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Issue 12, speed goal 5: `prosa --help` loads no heavy module (it loaded 1,098 of them, docx,
 * token tables, pg-boss and PGlite among them, and took 0.7 s). Each command loads its own modules
 * when it runs. Counted with a module-load hook (test/support/module-trace.ts).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HEAVY = [
  '/docx/',
  '/@electric-sql/pglite/',
  '/pg-boss/',
  '/pg/',
  '/kysely/',
  '/fastify/',
  '/zod/',
  'tiktoken',
  '/@modelcontextprotocol/',
  '/src/db/',
  '/src/http/',
];

function traced(args: string[]): { stdout: string; modules: string[] } {
  const r = spawnSync(process.execPath, ['--import', './test/support/module-trace.ts', 'src/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  expect(r.status).toBe(0);
  const list = r.stderr.split('--- modules loaded: ')[1];
  expect(list).toBeDefined();
  return { stdout: r.stdout, modules: list.split('\n').slice(1).filter(Boolean) };
}

describe('prosa --help loads no heavy module', () => {
  test.each([[['--help']], [['serve', '--help']], [['import', '--help']], [['accounts', '--help']]])('%j', (args) => {
    const { stdout, modules } = traced(args);
    expect(stdout).toMatch(/Usage: prosa/);
    expect(modules.filter((m) => HEAVY.some((h) => m.includes(h)))).toEqual([]);
    expect(modules.length).toBeLessThan(40);
  });

  test('the import formats come from the light module and unknown ones are still refused', () => {
    const run = spawnSync(process.execPath, ['src/main.ts', 'import', 'nonsense', 'x.json'], { cwd: ROOT, encoding: 'utf8' });
    // The format list comes from the light module and still refuses unknown formats.
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/odp, patex, odp-rejections|Allowed choices are odp, patex, odp-rejections/);
  });
});
