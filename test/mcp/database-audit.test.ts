import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeJwt } from 'jose';
import type { OAuthTestServer } from '../support/oauth.ts';
import { AuditReporter, type AuditCaller, type ToolCallRecord } from '../../src/mcp/audit-reporter.ts';
import { databaseAuditWriter } from '../../src/mcp/database-audit.ts';
import { rawMcp, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';
import { logStatements } from '../support/statement-log.ts';

/**
 * One process (`prosa serve`): the audit rows of tool calls are written to the database directly
 * (src/mcp/database-audit.ts), with what POST /api/audit/tool-calls would have written for the
 * exchanged token: the firm's account, the OAuth client's id and name, the grant.
 */
let s: OAuthTestServer;
let user: SignedInUser;
let caller: AuditCaller;
beforeAll(async () => {
  s = await startMcpTestServer();
  user = await signedInUser(s.url);
  const claims = decodeJwt(user.tokens.access_token) as { sub: string; client_id: string; gid: string };
  caller = { sub: claims.sub, clientId: claims.client_id, grantId: claims.gid };
});
afterAll(async () => {
  await s?.close();
});

const record = (request_id: string, summary: Record<string, unknown> = {}): ToolCallRecord => ({
  tool: 'whoami',
  arguments_summary: summary,
  outcome: 'ok',
  duration_ms: 3,
  request_id,
});

async function rowsOf(requestIds: string[]) {
  return s.database.db
    .selectFrom('audit_log')
    .select(['account_id', 'actor', 'action', 'target_id', 'details', 'request_id'])
    .where('request_id', 'in', requestIds)
    .where('action', '=', 'mcp.tool_call')
    .execute();
}

test('a tool call through /mcp leaves its row with the account, the client and the grant', async () => {
  const res = await rawMcp(
    s.url,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
    { authorization: `Bearer ${user.tokens.access_token}`, 'x-request-id': 'direct-audit-1' },
  );
  expect(res.status).toBe(200);
  let rows = await rowsOf(['direct-audit-1']);
  for (let i = 0; i < 200 && rows.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 10));
    rows = await rowsOf(['direct-audit-1']);
  }
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ account_id: user.accountId, actor: 'bearer', target_id: 'whoami' });
  expect(rows[0].details).toMatchObject({
    tool: 'whoami',
    outcome: 'ok',
    client_id: caller.clientId,
    client_name: 'Test assistant',
    grant_id: caller.grantId,
  });
});

test('with a direct writer and a known caller the report makes no /api request; without a caller it does', async () => {
  const sent: unknown[] = [];
  const transport = {
    async send(req: { body?: unknown }) {
      sent.push(req.body);
      return { status: 201, headers: {}, body: { id: '1' } };
    },
  };
  const direct: { caller: AuditCaller; records: readonly ToolCallRecord[] }[] = [];
  const reporter = new AuditReporter(transport, { warn: () => {} } as never, async (c, records) => {
    direct.push({ caller: c, records });
  });
  reporter.report('tok-a', record('r1'), caller);
  reporter.report('tok-a', record('r2'), caller);
  reporter.report('tok-b', record('r3'));
  await reporter.flush();
  expect(direct).toEqual([{ caller, records: [record('r1'), record('r2')] }]);
  expect(sent).toEqual([record('r3')]);
});

test('a report of several calls is one statement, and once the grant is held it reads no grant row', async () => {
  const write = databaseAuditWriter(s.database.db, s.app.grantCache);
  await write(caller, [record('one-statement-0')]); // the grant is read once and kept (src/auth/grant-cache.ts)
  const log = logStatements(s.database.db);
  try {
    await write(caller, [record('one-statement-1'), record('one-statement-2'), record('one-statement-3')]);
  } finally {
    log.stop();
  }
  expect(log.statements.map((st) => st.sql)).toEqual([expect.stringMatching(/^insert into "audit_log"/)]);
  const rows = await rowsOf(['one-statement-1', 'one-statement-2', 'one-statement-3']);
  expect(rows.map((r) => r.request_id).sort()).toEqual(['one-statement-1', 'one-statement-2', 'one-statement-3']);
});

test('one record the database refuses does not cost the others their row', async () => {
  const write = databaseAuditWriter(s.database.db, s.app.grantCache);
  // jsonb refuses NUL in text: the batch's transaction fails, then each record is written alone.
  await expect(write(caller, [record('batch-1'), record('batch-2', { a: 'x\u0000' }), record('batch-3')])).rejects.toThrow();
  expect((await rowsOf(['batch-1', 'batch-2', 'batch-3'])).map((r) => r.request_id).sort()).toEqual(['batch-1', 'batch-3']);
});

test('a report whose grant is gone writes nothing, like the route refusing its token', async () => {
  const write = databaseAuditWriter(s.database.db, s.app.grantCache);
  await expect(write({ ...caller, grantId: 'no-such-grant' }, [record('dead-1')])).rejects.toThrow(/revoked/);
  await expect(write({ ...caller, grantId: null }, [record('dead-2')])).rejects.toThrow();
  expect(await rowsOf(['dead-1', 'dead-2'])).toEqual([]);
});
