import { describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from './support/cli.ts';

// The README a new user follows. Its configuration table must be one table
// (a blank line once split it, and GitHub showed ten rows as plain text), `$PROSA_DEMO_KEY` must
// be set before it is used, and the `prosa` commands it shows must run on the system Node
// without npm's warnings.
const readme = readFileSync(`${ROOT}README.md`, 'utf8');
const lines = readme.split('\n');
const codeLines = readme
  .split('```')
  .filter((_, i) => i % 2 === 1)
  .flatMap((block) => block.split('\n'));

describe('the README', () => {
  test('the configuration table is one table: every row follows the header with no break', () => {
    const start = lines.findIndex((l) => l.startsWith('## Configuration'));
    const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
    const header = lines.findIndex((l, i) => i > start && l.startsWith('| variable |'));
    expect(lines[header + 1]).toMatch(/^\|(---\|)+$/);
    let last = header + 1;
    while (lines[last + 1]?.startsWith('|')) last++;
    const rows = lines
      .slice(start, end)
      .map((l, i) => ({ l, at: start + i }))
      .filter(({ l }) => l.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter(({ at }) => at > last).map(({ l }) => l.slice(0, 40))).toEqual([]);
  });

  test('$PROSA_DEMO_KEY is set (with where its value comes from) before a command uses it', () => {
    const set = codeLines.findIndex((l) => /^export PROSA_DEMO_KEY=/.test(l));
    const used = codeLines.findIndex((l) => l.includes('$PROSA_DEMO_KEY'));
    expect(set).toBeGreaterThanOrEqual(0);
    expect(set).toBeLessThan(used);
    expect(readme).toMatch(/demo API key:/);
  });

  test('the prosa command lines it shows run on the system Node without npm warnings', async () => {
    const shown = codeLines.filter((l) => /(^|\s)(npx prosa|\.\/bin\/prosa\.js) /.test(l));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((l) => l.includes('npx prosa'))).toEqual([]);
    const line = shown
      .find((l) => l.includes(' analyze '))!
      .replace(/#.*$/, '')
      .trim();
    const [cmd, ...args] = line.split(/\s+/);
    // The system Node first on PATH, as a user's shell has it.
    const env = { PATH: '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(cmd, args, { cwd: ROOT, env }, (err, stdout, stderr) => resolve({ code: err ? 1 : 0, stdout, stderr }));
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/claim 1: rejected \(103\)/);
  }, 120_000);
});
