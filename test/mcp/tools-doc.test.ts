import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { renderToolsDoc } from '../../src/mcp/tools-doc.ts';
import { TOOLS } from '../../src/mcp/tools/index.ts';

test('docs/mcp-tools.md is what the registry generates (run `npm run docs:mcp` after changing a tool)', () => {
  const committed = readFileSync(new URL('../../docs/mcp-tools.md', import.meta.url), 'utf8');
  expect(committed).toBe(renderToolsDoc());
  for (const t of TOOLS) expect(committed).toContain(`### ${t.name}`);
});

test("the README and docs/decisions/oauth-and-mcp.md state the registry's tool count", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const decisions = readFileSync(new URL('../../docs/decisions/oauth-and-mcp.md', import.meta.url), 'utf8');
  expect(Number(/The tools \((\d+) of them:/.exec(readme)?.[1])).toBe(TOOLS.length);
  expect(Number(/\| tool set \| (\d+) tools in /.exec(decisions)?.[1])).toBe(TOOLS.length);
});
