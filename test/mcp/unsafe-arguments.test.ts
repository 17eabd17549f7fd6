import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuthTestServer } from '../support/oauth.ts';
import { callTool, connectClient, signedInUser, startMcpTestServer, type SignedInUser, type ToolResult } from './support.ts';
import { auditSummary } from '../../src/mcp/tool-results.ts';

/**
 * A lone UTF-16 surrogate (or NUL) in a tool argument (issue 20, red team item 9): it has no
 * UTF-8 form, so building the API path threw (encodeURIComponent's URIError) and 13 tools
 * answered internal_error; and the audit report carrying it was refused, so the call left no row.
 * Now: the API's validation_error naming the argument, and an audit row with the text made
 * storable (U+FFFD).
 */
const LONE = 'x\ud800y';

let s: OAuthTestServer;
let user: SignedInUser;
beforeAll(async () => {
  s = await startMcpTestServer();
  user = await signedInUser(s.url);
});
afterAll(async () => {
  await s?.close();
});

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  minItems?: number;
}

/** Arguments with LONE in `target` and a plain value in every other required property; null when one cannot be made up. */
function argsFor(schema: Schema, target: string): Record<string, unknown> | null {
  const args: Record<string, unknown> = { [target]: LONE };
  for (const name of schema.required ?? []) {
    if (name === target) continue;
    const p = schema.properties?.[name] ?? {};
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    if (type === 'string') args[name] = '17200011';
    else if (type === 'integer' || type === 'number') args[name] = 1;
    else if (type === 'boolean') args[name] = false;
    else return null;
  }
  return args;
}

async function auditRows(): Promise<{ tool: string; outcome: string; args: unknown }[]> {
  const rows = await s.database.db
    .selectFrom('audit_log')
    .select('details')
    .where('account_id', '=', user.accountId)
    .where('action', '=', 'mcp.tool_call')
    .execute();
  return rows.map((r) => {
    const d = r.details as { tool: string; outcome: string; arguments_summary: unknown };
    return { tool: d.tool, outcome: d.outcome, args: d.arguments_summary };
  });
}

describe('a lone surrogate in any string argument of any tool', () => {
  test("is the API's validation_error naming the argument, never internal_error, and the call is audited", async () => {
    const client = await connectClient(s.url, user.tokens.access_token);
    const { tools } = await client.listTools();
    const reached: string[] = [];
    const internal: string[] = [];
    for (const t of tools) {
      const schema = t.inputSchema as Schema;
      for (const [name, p] of Object.entries(schema.properties ?? {})) {
        if ((Array.isArray(p.type) ? p.type[0] : p.type) !== 'string') continue;
        const args = argsFor(schema, name);
        if (!args) continue;
        const r: ToolResult = await callTool(client, t.name, args);
        const err = r.structuredContent as { error_code?: string; message?: string } | undefined;
        if (err?.error_code === 'internal_error') internal.push(`${t.name}.${name}`);
        if (err?.error_code === 'validation_error' && err.message?.startsWith(`arguments.${name} `)) {
          expect(r.isError).toBe(true);
          expect(err.message).toMatch(/unpaired UTF-16 surrogate/);
          expect(r.content[0].text).toMatch(/^validation_error: arguments\./);
          reached.push(t.name);
        }
      }
    }
    await client.close();
    expect(internal).toEqual([]);
    // Every tool with a free-text string argument reaches the check (the red team counted 13 failing).
    expect(new Set(reached).size).toBeGreaterThanOrEqual(13);

    // Audited, every one, with storable text.
    let rows = await auditRows();
    for (let i = 0; i < 500 && rows.filter((r) => r.outcome === 'validation_error').length < reached.length; i++) {
      await new Promise((r) => setTimeout(r, 10));
      rows = await auditRows();
    }
    const refused = rows.filter((r) => r.outcome === 'validation_error');
    expect(refused.length).toBe(reached.length);
    expect(new Set(refused.map((r) => r.tool))).toEqual(new Set(reached));
    for (const r of refused) expect(JSON.stringify(r.args)).toContain('x\ufffdy');
  });

  test('NUL in an argument: the same validation_error; a well-formed pair (an emoji) is fine', async () => {
    const client = await connectClient(s.url, user.tokens.access_token);
    const nul = await callTool(client, 'lookup_application', { application_number: '172\u000000011' });
    expect(nul.structuredContent).toMatchObject({
      error_code: 'validation_error',
      message: expect.stringMatching(/^arguments\.application_number must not contain the NUL character/),
    });
    const emoji = await callTool(client, 'lookup_application', { application_number: '17200011 \ud83d\ude00' });
    expect((emoji.structuredContent as { error_code?: string } | undefined)?.error_code).not.toBe('validation_error');
    await client.close();
  });
});

describe('the audit summary always fits what the API stores', () => {
  test('surrogates and NUL become U+FFFD, keys are cut to 64 characters, and it stays under 4 KiB', () => {
    expect(auditSummary({ a: 'p\ud800q', ['k\u0000'.padEnd(80, 'k')]: 1 })).toEqual({ a: 'p\ufffdq', ['k\ufffd'.padEnd(64, 'k')]: 1 });
    const big = auditSummary({ claims: Array.from({ length: 20 }, () => 'c'.repeat(199)), small: 'kept' });
    expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThanOrEqual(4000);
    expect(big.small).toBe('kept');
    expect(big.claims).toMatch(/^\[\d+ bytes\]$/);
  });
});

describe('one record the API refuses does not cost the others their row', () => {
  test('a refused batch report is written again record by record', async () => {
    const { AuditReporter } = await import('../../src/mcp/audit-reporter.ts');
    const sent: unknown[] = [];
    const transport = {
      async send(req: { body?: unknown }) {
        sent.push(req.body);
        const body = req.body as { calls?: unknown[]; outcome?: string };
        if (body.calls || body.outcome === 'bad')
          return { status: 400, headers: {}, body: { error: true, error_code: 'validation_error', message: 'no', agent_suggestion: 'no' } };
        return { status: 201, headers: {}, body: { id: '1' } };
      },
    };
    const warned: unknown[] = [];
    const log = { warn: (o: unknown) => warned.push(o) } as never;
    const reporter = new AuditReporter(transport, log);
    const record = (outcome: string, i: number) => ({ tool: 'whoami', arguments_summary: {}, outcome, duration_ms: 1, request_id: `r${i}` });
    reporter.report('tok', record('ok', 1));
    reporter.report('tok', record('bad', 2));
    reporter.report('tok', record('ok', 3));
    await reporter.flush();
    // The batch, then each record alone: two written, one logged.
    expect(sent).toHaveLength(4);
    expect(
      sent
        .slice(1)
        .map((b) => (b as { request_id: string }).request_id)
        .sort(),
    ).toEqual(['r1', 'r2', 'r3']);
    expect(warned).toHaveLength(1);
  });
});
