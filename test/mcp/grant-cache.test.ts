import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import type { OAuthTestServer } from '../support/oauth.ts';
import { onPostgres } from '../support/db.ts';
import { logStatements, type StatementLog } from '../support/statement-log.ts';
import { rawMcp, readRpc, signedInUser, startMcpTestServer, type SignedInUser, type ToolResult } from './support.ts';

/**
 * The grant behind an MCP token is kept in memory (src/auth/grant-cache.ts; issue 24): a warm MCP
 * message, its in-process /api call and its audit report read no grant row, and a grant that is
 * revoked or expires is still refused at once. On both databases.
 */
let s: OAuthTestServer;
beforeAll(async () => {
  s = await startMcpTestServer();
});
afterAll(async () => {
  await s?.close();
});

const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const CHECK_CREDITS = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'check_credits', arguments: {} } };
const bearer = (user: SignedInUser) => ({ authorization: `Bearer ${user.tokens.access_token}` });
const grantOf = (user: SignedInUser) => String(decodeJwt(user.tokens.access_token).gid);

/** A grant statement: any read of the OAuth artifacts table (the gate's, the bearer check's, the audit writer's). */
const grantStatements = (log: StatementLog) => log.statements.map((st) => st.sql).filter((q) => /oauth_artifacts/.test(q));

/** What a message ran itself: usage counts are written in batches on a timer of their own (usage-counter.ts). */
const ownStatements = (log: StatementLog) => log.statements.map((st) => st.sql).filter((q) => !/insert into usage_hourly/.test(q));

/** The grant's tool calls in the audit log. */
async function auditedCalls(server: Pick<OAuthTestServer, 'database'>, grantId: string): Promise<number> {
  const rows = await server.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'mcp.tool_call')
    .where(sql<boolean>`details->>'grant_id' = ${grantId}`)
    .execute();
  return rows.length;
}

async function untilAsync(ok: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await ok())) {
    if (Date.now() - started > 5000) throw new Error(`${what}: not seen within 5 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function until(ok: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > 5000) throw new Error(`${what}: not seen within 5 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('the grant cache is served (its change notifications are listened to)', () => {
  expect(s.app.grantCache.enabled).toBe(true);
});

test('a warm MCP message reads no grant: tools/list makes no statement, a tool call only its route and audit statements', async () => {
  const user = await signedInUser(s.url);
  // Warm: the first message reads the grant once and keeps it; its audit row is written after the
  // answer, and is waited for so that it falls in no window counted below.
  expect((await rawMcp(s.url, CHECK_CREDITS, bearer(user))).status).toBe(200);
  await untilAsync(async () => (await auditedCalls(s, grantOf(user))) === 1, 'the first audit row');

  await s.app.usageCounter.flush();
  const list = logStatements(s.database.db);
  try {
    expect((await rawMcp(s.url, TOOLS_LIST, bearer(user))).status).toBe(200);
  } finally {
    list.stop();
  }
  expect(ownStatements(list)).toEqual([]);

  const call = logStatements(s.database.db);
  try {
    const res = await rawMcp(s.url, CHECK_CREDITS, bearer(user));
    expect(res.status).toBe(200);
    expect((await readRpc<{ result: ToolResult }>(res)).result.isError).toBeFalsy();
    // The audit row is written after the answer (audit-reporter.ts): wait for it, so its statements are counted too.
    await until(() => call.statements.some((st) => /insert into "audit_log"/.test(st.sql)), 'the audit row');
  } finally {
    call.stop();
  }
  expect(grantStatements(call)).toEqual([]);
  // One audit insert for the call (a batch of calls shares one statement: tool-call-auditor.ts).
  expect(call.statements.filter((st) => /insert into "audit_log"/.test(st.sql))).toHaveLength(1);
});

test('a grant disconnected through the API is refused with 401 on the very next message', async () => {
  const user = await signedInUser(s.url);
  expect((await rawMcp(s.url, CHECK_CREDITS, bearer(user))).status).toBe(200);
  expect((await rawMcp(s.url, TOOLS_LIST, bearer(user))).status).toBe(200); // answered from memory
  const del = await fetch(`${s.url}/api/oauth/grants/${grantOf(user)}`, { method: 'DELETE', headers: { cookie: user.cookie } });
  expect(del.status).toBe(204);
  const next = await rawMcp(s.url, TOOLS_LIST, bearer(user));
  expect(next.status).toBe(401);
  expect(next.headers.get('www-authenticate')).toContain('error="invalid_token"');
});

test('a grant deleted behind the app (an operator in psql) is refused: at once on the embedded database, after the notification on PostgreSQL', async () => {
  const user = await signedInUser(s.url);
  expect((await rawMcp(s.url, TOOLS_LIST, bearer(user))).status).toBe(200);
  expect((await rawMcp(s.url, TOOLS_LIST, bearer(user))).status).toBe(200);
  await s.database.db.deleteFrom('oauth_artifacts').where('model', '=', 'Grant').where('id', '=', grantOf(user)).execute();
  if (onPostgres()) await until(() => s.app.grantCache.get(grantOf(user)) === undefined, 'the notification');
  expect((await rawMcp(s.url, TOOLS_LIST, bearer(user))).status).toBe(401);
});

test('an expired grant is never served: its expiry is checked in memory, with no statement', async () => {
  const user = await signedInUser(s.url);
  // The grant expires shortly; the first message then keeps it (and its expiry) in memory.
  const expiresAt = new Date(Date.now() + 1500);
  await s.database.db.updateTable('oauth_artifacts').set({ expires_at: expiresAt }).where('model', '=', 'Grant').where('id', '=', grantOf(user)).execute();
  // On PostgreSQL the update's own notification may arrive after the first message kept the
  // grant, and forget it: then the next message keeps it again.
  for (let i = 0; i < 5 && s.app.grantCache.get(grantOf(user)) === undefined; i++) {
    expect((await rawMcp(s.url, TOOLS_LIST, bearer(user))).status).toBe(200);
    if (onPostgres()) await new Promise((r) => setTimeout(r, 20));
  }
  expect(s.app.grantCache.get(grantOf(user))?.expiresAt).toBe(expiresAt.getTime());
  await until(() => Date.now() > expiresAt.getTime() + 20, 'the expiry');
  const log = logStatements(s.database.db);
  try {
    expect((await rawMcp(s.url, TOOLS_LIST, bearer(user))).status).toBe(401);
  } finally {
    log.stop();
  }
  expect(grantStatements(log)).toEqual([]);
});
