import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { SETTING_NAMES } from '../src/config.ts';

/**
 * Issue 12: "The README configuration table lists every setting". The table's rows name settings
 * in their first cell (one or more, in backticks); it must name every setting Prosa reads and no
 * setting Prosa does not read.
 */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
const documented = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));

describe('the README configuration table', () => {
  test('names every setting', () => {
    expect(SETTING_NAMES.filter((name) => !documented.includes(name))).toEqual([]);
  });
  test('names no setting that is not read', () => {
    expect(documented.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });
  test('names each setting once', () => {
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });
});
