/**
 * docs/decisions/ and docs/benchmarks.md say what holds now: no history wording (which issue,
 * branch, session or round changed something belongs in commit bodies), and every reference to a
 * decisions page, and every section it quotes, points at something that exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const DECISIONS = join(ROOT, 'docs/decisions');

const read = (path: string) => readFileSync(path, 'utf8');
const pages = readdirSync(DECISIONS).filter((f) => f.endsWith('.md'));

/** Wording that dates a statement instead of stating what holds. */
const HISTORY = /\b(issue \d+|branch [a-z0-9-]+|session \d|round \d|we used to|before and after|re-run after)\b/i;

/** The lines of a file that carry history wording, as "file:line: text". */
function historyLines(path: string): string[] {
  return read(path)
    .split('\n')
    .flatMap((line, i) => (HISTORY.test(line) ? [`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`] : []));
}

/** Every file under `dir` whose name ends with one of `exts` (node_modules and build output skipped). */
function filesUnder(dir: string, exts: string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, exts);
    return exts.some((e) => name.endsWith(e)) ? [path] : [];
  });
}

/** The headings of a decisions page, without their `#` marks. */
function headings(page: string): Set<string> {
  return new Set(
    read(join(DECISIONS, page))
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .map((l) => l.replace(/^#+\s*/, '').trim()),
  );
}

// A page path, then optionally a quoted section on the same line or the next comment line:
// docs/decisions/billing.md "Analyses", docs/decisions/billing.md, "Analyses", or
// docs/decisions/oauth-and-mcp.md\n * "Context budget".
const REFERENCE = /docs\/decisions\/([A-Za-z0-9._-]+)(?:[,:]?[ \t]*(?:\n[ \t]*(?:\*|\/\/)[ \t]*)?"([^"\n]+)")?/g;

/** Files that may point at a decisions page: code comments, tests, benchmarks, README and docs. */
const citing = [
  ...['src', 'web/src', 'test', 'bench'].flatMap((d) => filesUnder(join(ROOT, d), ['.ts', '.tsx'])),
  join(ROOT, 'README.md'),
  ...filesUnder(join(ROOT, 'docs'), ['.md']),
].filter((path) => !path.endsWith('docs-current.test.ts'));

describe('docs say what holds now', () => {
  test('the decisions pages and docs/benchmarks.md carry no history wording', () => {
    const found = [...pages.map((p) => join(DECISIONS, p)), join(ROOT, 'docs/benchmarks.md')].flatMap(historyLines);
    expect(found).toEqual([]);
  });

  test('the history check catches the wording it is meant to catch', () => {
    for (const dated of ['changed in issue 12', 'on branch web-forms', 'Session 4: the figures', 'round 2 of the review'])
      expect(HISTORY.test(dated)).toBe(true);
    for (const current of ['before issue of the patent', 'the issue fee', 'a web session cookie']) expect(HISTORY.test(current)).toBe(false);
  });

  test('the diary is gone and nothing points at it', () => {
    expect(existsSync(join(ROOT, 'docs/decisions.md'))).toBe(false);
    const stale = citing.flatMap((path) => (read(path).includes('docs/decisions.md') || /\]\(decisions\.md/.test(read(path)) ? [relative(ROOT, path)] : []));
    expect(stale).toEqual([]);
  });

  test('every docs/decisions/<page>.md referenced from code, README and docs exists, and so does every section it quotes', () => {
    const broken: string[] = [];
    let references = 0;
    for (const path of citing) {
      for (const m of read(path).matchAll(REFERENCE)) {
        const [, page, section] = m;
        if (page === 'README.md' || !page.endsWith('.md')) continue;
        references++;
        if (!pages.includes(page)) broken.push(`${relative(ROOT, path)}: no page docs/decisions/${page}`);
        else if (section && !headings(page).has(section)) broken.push(`${relative(ROOT, path)}: no heading "${section}" in docs/decisions/${page}`);
      }
    }
    expect(broken).toEqual([]);
    // The check would pass vacuously if the pattern stopped matching: the code does cite pages.
    expect(references).toBeGreaterThan(40);
  });

  test('the index lists every decisions page', () => {
    const index = read(join(DECISIONS, 'README.md'));
    expect(pages.filter((p) => p !== 'README.md' && !index.includes(`(${p})`))).toEqual([]);
  });

  test('links from the README and docs to other Markdown files resolve', () => {
    const dead: string[] = [];
    for (const path of [join(ROOT, 'README.md'), ...filesUnder(join(ROOT, 'docs'), ['.md'])]) {
      for (const [, target] of read(path).matchAll(/\]\(([^)#\s:]+\.md)(?:#[^)]*)?\)/g)) {
        if (!existsSync(join(dirname(path), target))) dead.push(`${relative(ROOT, path)} -> ${target}`);
      }
    }
    expect(dead).toEqual([]);
  });
});
