import { describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * patches/docx+9.15.2.patch remembers two constant lookups in docx's layout module (about a third
 * of a response's build time; patches/README.md). It must be installed (`postinstall`) and must
 * not change a single byte of what the papers say: the page references it helps compute are
 * printed in the paper ("Remarks begin on page 7").
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAYOUT = join(ROOT, 'node_modules/docx/dist/layout.mjs');
const PATCH = join(ROOT, 'patches/docx+9.15.2.patch');

const documentXml = (layoutFile?: string): Record<string, string> =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', './test/support/docx-layout-from.ts', 'test/support/response-document-xml.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...(layoutFile ? { DOCX_LAYOUT_FILE: layoutFile } : {}) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );

describe('the docx layout patch', () => {
  test('is installed: npm ci applied it to node_modules', () => {
    const source = readFileSync(LAYOUT, 'utf8');
    expect(source).toContain('var knownEastAsianFontCache = new Map();');
    expect(source).toContain('var decodedMoreByFace = /* @__PURE__ */ new WeakMap();');
  });

  test('every response sample is byte-identical with and without it', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'prosa-docx-unpatched-'));
    try {
      const unpatched = join(dir, 'layout.mjs');
      execFileSync('patch', ['--reverse', '--silent', '--output', unpatched, LAYOUT, PATCH]);
      expect(readFileSync(unpatched, 'utf8')).not.toContain('knownEastAsianFontCache');
      const withPatch = documentXml();
      const without = documentXml(unpatched);
      expect(Object.keys(withPatch)).toEqual(['nonFinal', 'nonFinalWithoutText', 'finalRejection', 'restriction']);
      // The samples hold page references, so the layout ran.
      expect(withPatch.nonFinal).toMatch(/PAGEREF/);
      for (const name of Object.keys(withPatch)) expect(withPatch[name], name).toBe(without[name]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
