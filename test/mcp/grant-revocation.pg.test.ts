/**
 * PostgreSQL only (several processes on one database): every process keeps live grants in memory
 * (src/auth/grant-cache.ts) and hears of a revocation through the database's notification
 * (migration 038), so a grant revoked through one process is refused by the very next MCP message
 * to another; and while a process's LISTEN connection is down, it serves no grant from memory.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { createRateLimits, type RateLimits } from '../../src/serving/rate-limits/rate-limit-store.ts';
import { freePort, type OAuthTestServer } from '../support/oauth.ts';
import { logStatements } from '../support/statement-log.ts';
import { rawMcp, signedInUser, startMcpTestServer, type SignedInUser } from './support.ts';
import { LIFTED } from '../support/app.ts';

let a: OAuthTestServer;
/** A second process (its own pool, LISTEN connection and grant cache) serving the same issuer's MCP on another port. */
let b: { url: string; app: FastifyInstance; database: Database; rateLimits: RateLimits };
beforeAll(async () => {
  a = await startMcpTestServer();
  const database = await openDatabase({ databaseUrl: a.database.connectionString!, poolSize: 4 });
  const rateLimits = await createRateLimits({ connectionString: database.connectionString, tiers: { mcp: LIFTED, mcp_tools: LIFTED, assistant: LIFTED } });
  const app = await buildApp({ ...a.ctx, database, rateLimits }, { logger: false, mcp: true });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  b = { url: `http://127.0.0.1:${port}`, app, database, rateLimits };
});
afterAll(async () => {
  await b?.app.close();
  await b?.rateLimits.close();
  await b?.database.close();
  await a?.close();
});

const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const WHOAMI = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
const bearer = (user: SignedInUser) => ({ authorization: `Bearer ${user.tokens.access_token}` });
const grantOf = (user: SignedInUser) => String(decodeJwt(user.tokens.access_token).gid);

/** A user whose grant both processes hold in memory. */
async function warmUser(): Promise<SignedInUser> {
  const user = await signedInUser(a.url);
  for (const url of [a.url, b.url]) {
    expect((await rawMcp(url, WHOAMI, bearer(user))).status).toBe(200);
    expect((await rawMcp(url, TOOLS_LIST, bearer(user))).status).toBe(200);
  }
  expect(b.app.grantCache.get(grantOf(user))).toBeDefined();
  // The two calls' audit rows are written after their answers: waited for, so that none falls in a window counted later.
  const started = Date.now();
  while ((await auditedCalls(grantOf(user))) < 2) {
    if (Date.now() - started > 5000) throw new Error('the audit rows: not seen within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  return user;
}

/** The grant's tool calls in the audit log. */
async function auditedCalls(grantId: string): Promise<number> {
  const rows = await a.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'mcp.tool_call')
    .where(sql<boolean>`details->>'grant_id' = ${grantId}`)
    .execute();
  return rows.length;
}

async function until(ok: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > 5000) throw new Error(`${what}: not seen within 5 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('the second process answers a warm message without reading the grant', async () => {
  const user = await warmUser();
  await b.app.usageCounter.flush();
  const log = logStatements(b.database.db);
  try {
    expect((await rawMcp(b.url, TOOLS_LIST, bearer(user))).status).toBe(200);
  } finally {
    log.stop();
  }
  // Usage counts are written in batches on a timer of their own (usage-counter.ts): not the message's.
  expect(log.statements.map((st) => st.sql).filter((q) => !/insert into usage_hourly/.test(q))).toEqual([]);
});

test('a grant disconnected through one process is refused with 401 by the very next message to the other', async () => {
  const user = await warmUser();
  const del = await fetch(`${a.url}/api/oauth/grants/${grantOf(user)}`, { method: 'DELETE', headers: { cookie: user.cookie } });
  expect(del.status).toBe(204);
  const next = await rawMcp(b.url, TOOLS_LIST, bearer(user));
  expect(next.status).toBe(401);
  expect(next.headers.get('www-authenticate')).toContain('error="invalid_token"');
  expect((await rawMcp(a.url, TOOLS_LIST, bearer(user))).status).toBe(401);
});

test('the same when the app revokes its own refresh token at one process (RFC 7009), which ends its grant', async () => {
  const user = await warmUser();
  const res = await fetch(`${a.url}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: user.tokens.refresh_token, token_type_hint: 'refresh_token', client_id: user.tokens.client_id }),
  });
  expect(res.status).toBe(200);
  expect((await rawMcp(b.url, TOOLS_LIST, bearer(user))).status).toBe(401);
  expect((await rawMcp(a.url, TOOLS_LIST, bearer(user))).status).toBe(401);
});

test('while its LISTEN connection is down a process serves no grant from memory, so a revocation meanwhile is not missed', async () => {
  const user = await warmUser();
  const admin = new pg.Client({ connectionString: a.database.connectionString });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'prosa-credential-listener'`,
    );
    await until(() => !b.app.grantCache.enabled, 'the listener down');
    expect(b.app.grantCache.size).toBe(0);
    // Revoked while nobody listens: no notification reaches anyone.
    await admin.query(`delete from oauth_artifacts where model = 'Grant' and id = $1`, [grantOf(user)]);
    expect((await rawMcp(b.url, TOOLS_LIST, bearer(user))).status).toBe(401);
    // The listener reconnects (after about a second) and the cache serves again.
    await until(() => b.app.grantCache.enabled && a.app.grantCache.enabled, 'the listeners up again');
  } finally {
    await admin.end();
  }
});
