import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { countTokens } from '../../src/analysis/llm/token-count.ts';
import { fails, mcpFixture, ok, web, type McpFixture } from './support.ts';

// quote_cost and get_audit_log through MCP.

const ACTION = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');

let f: McpFixture;
beforeAll(async () => {
  f = await mcpFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('account tools backed by the account API', () => {
  test('quote_cost: an analysis (estimated) and documents (fixed); nothing is charged', async () => {
    const before = (await web(f, 'GET', '/api/credits')).json;
    const q = await ok(f.client, 'quote_cost', { analyze: { office_action_text: ACTION }, draft: true, exports: [{ type: 'ids' }] });
    expect(q.data).toMatchObject({ estimated: true, billed: false, balance: '25.00', covers_prepaid_items: false });
    expect(q.data.line_items.map((l: { item: string }) => l.item)).toEqual(['analyze', 'draft', 'export']);
    expect(q.data.line_items[0]).toMatchObject({ input_tokens: countTokens(ACTION), estimated: true });
    expect(q.text).toMatch(/draft 49\.00, ids 9\.00; total \d+\.\d+ credits \(estimated\)/);
    const after = (await web(f, 'GET', '/api/credits')).json;
    expect(after.entries).toEqual(before.entries);
  });

  test('quote_cost with nothing to price is refused naming the body', async () => {
    const r = await fails(f.client, 'quote_cost', {});
    expect(r.error).toMatchObject({ error_code: 'validation_error', message: expect.stringMatching(/^body: /) });
  });

  test('get_audit_log: the tool calls of this assistant, filtered by source; a bad action prefix is refused', async () => {
    let entries: { action: string; source: string; details: Record<string, unknown> }[] = [];
    for (let i = 0; i < 50 && entries.length < 2; i++) {
      entries = (await ok(f.client, 'get_audit_log', { source: 'assistant', action: 'mcp.tool_call' })).data.entries;
      if (entries.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(entries.every((e) => e.source === 'assistant' && e.action === 'mcp.tool_call')).toBe(true);
    const quote = entries.find((e) => e.details.tool === 'quote_cost' && e.details.outcome === 'ok');
    // The office-action text is not kept in the audit log, only its length.
    expect(JSON.stringify(quote?.details.arguments_summary)).toMatch(/\[\d+ characters\]/);
    expect(JSON.stringify(quote)).not.toContain('DETAILED ACTION');
    const web_ = await ok(f.client, 'get_audit_log', { source: 'web' });
    expect(web_.data.entries.map((e: { action: string }) => e.action)).toContain('account.created');
    expect((await fails(f.client, 'get_audit_log', { action: 'x%' })).content[0].text).toContain('action');
  });
});
