import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, signUp, type TestApp } from '../support/app.ts';
import { call } from './helpers.ts';

// GET /api/audit, POST /api/audit/tool-calls and the append-only audit log.

/**
 * A test-only hook turns a signed-in request carrying `x-test-bearer: <client id>` into the bearer
 * principal the auth plugin produces for an exchanged token, so these tests need no OAuth flow.
 * The real flow (SDK client, token exchange, the MCP server's own reports) is in test/api-mcp.
 */
const bearerSeam = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const client = request.headers['x-test-bearer'];
    if (typeof client === 'string' && request.principal) {
      request.principal = {
        ...request.principal,
        via: 'bearer',
        oauthClientId: client,
        oauthClientName: 'Claude',
        grantId: 'grant-1',
      } as typeof request.principal;
    }
  });
};

let t: TestApp;
let a: { cookie: string; accountId: string };
let b: { cookie: string; accountId: string };
let keyA: string;

const get = (url: string, headers: Record<string, string>) => call(t.app, { method: 'GET', url, headers });
const report = (headers: Record<string, string>, payload: unknown) =>
  call(t.app, { method: 'POST', url: '/api/audit/tool-calls', headers, payload: payload as object });
const toolCall = { tool: 'lookup_application', arguments_summary: { application_number: '17200011' }, outcome: 'ok', duration_ms: 42, request_id: 'mcp-req-1' };

beforeAll(async () => {
  t = await createTestApp({}, bearerSeam);
  a = await signUp(t.app);
  b = await signUp(t.app);
  keyA = await createKey(t.app, a.cookie, 'script');
  // A: one docket entry through the web session, one through an API key, then a settings change.
  await t.database.db
    .insertInto('applications')
    .values({ id: 'app-audit-1', application_number: '17700001', owner_account_id: null, invention_title: 'T', status: 'pending', source: 'odp' })
    .execute();
  expect(
    (await call(t.app, { method: 'POST', url: '/api/docket', headers: { cookie: a.cookie }, payload: { application_number: '17700001' } })).statusCode,
  ).toBe(201);
  expect(
    (
      await call(t.app, {
        method: 'POST',
        url: '/api/docket',
        headers: { 'x-api-key': keyA },
        payload: { application_number: '29700001', application: { invention_title: 'U' } },
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await call(t.app, { method: 'PATCH', url: '/api/account', headers: { 'x-api-key': keyA }, payload: { firm_name: 'Hale & Birch LLP' } })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/audit', () => {
  test("the account's rows, newest first, with their source", async () => {
    const res = await get('/api/audit', { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const { entries, next_cursor } = res.json();
    expect(next_cursor).toBeNull();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'account.updated',
      'docket.entry_added',
      'docket.entry_added',
      'api_key.created',
      'session.created',
      'account.created',
    ]);
    expect(entries.map((e: { source: string }) => e.source)).toEqual(['api_key', 'api_key', 'web', 'web', 'web', 'web']);
    expect(entries[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      actor: 'api_key',
      target_type: 'account',
      target_id: a.accountId,
      details: { fields: ['firm_name'] },
      request_id: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const ids = entries.map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    // Nothing of B's.
    expect(JSON.stringify(entries)).not.toContain(b.accountId);
  });

  test('filters: source and action prefix (LIKE wildcards taken literally)', async () => {
    const keyRows = (await get('/api/audit?source=api_key', { cookie: a.cookie })).json().entries;
    expect(keyRows.map((e: { action: string }) => e.action)).toEqual(['account.updated', 'docket.entry_added']);
    const web = (await get('/api/audit?source=web&action=docket.', { 'x-api-key': keyA })).json().entries;
    expect(web).toHaveLength(1);
    expect(web[0]).toMatchObject({ action: 'docket.entry_added', actor: 'session', details: { application_number: '17700001' } });
    expect((await get('/api/audit?action=docket', { cookie: a.cookie })).json().entries).toHaveLength(2);
    // "_" is not a wildcard: account_ matches neither account.created nor account.updated.
    expect((await get('/api/audit?action=account_', { cookie: a.cookie })).json().entries).toEqual([]);
    expect((await get('/api/audit?source=assistant', { cookie: b.cookie })).json().entries).toEqual([]);
  });

  test('cursor pagination walks every row once', async () => {
    const all = (await get('/api/audit', { cookie: a.cookie })).json().entries.map((e: { id: string }) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body: { entries: { id: string }[]; next_cursor: string | null } = (
        await get(`/api/audit?limit=4${cursor ? `&before=${cursor}` : ''}`, { cookie: a.cookie })
      ).json();
      expect(body.entries.length).toBeLessThanOrEqual(4);
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  test('bad filters are 400s naming the field; no credential is 401', async () => {
    const bad = await get('/api/audit?source=robot', { cookie: a.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('querystring.source') });
    expect((await get('/api/audit?action=%25', { cookie: a.cookie })).json().message).toContain('querystring.action');
    expect((await get('/api/audit?limit=500', { cookie: a.cookie })).json().message).toContain('querystring.limit');
    expect((await get('/api/audit', {})).statusCode).toBe(401);
  });
});

describe('POST /api/audit/tool-calls', () => {
  test('a bearer principal: 201, an mcp.tool_call row with the client id and name, shown as source assistant', async () => {
    const res = await report({ cookie: a.cookie, 'x-test-bearer': 'client-claude' }, toolCall);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    const rows = (await get('/api/audit?source=assistant', { cookie: a.cookie })).json().entries;
    expect(rows).toEqual([
      {
        id,
        created_at: expect.any(String),
        source: 'assistant',
        actor: 'bearer',
        action: 'mcp.tool_call',
        summary: 'Claude called lookup_application',
        application_number: null,
        target_type: 'mcp_tool',
        target_id: 'lookup_application',
        details: {
          tool: 'lookup_application',
          outcome: 'ok',
          duration_ms: 42,
          arguments_summary: { application_number: '17200011' },
          client_id: 'client-claude',
          client_name: 'Claude',
          grant_id: 'grant-1',
        },
        request_id: 'mcp-req-1',
        // The member who acted (issue 22): A's founder, whose member id is the account's.
        member: { id: a.accountId, email: expect.any(String), display_name: null },
      },
    ]);
    // The row is A's alone.
    expect((await get('/api/audit?action=mcp.', { cookie: b.cookie })).json().entries).toEqual([]);
  });

  test('an error outcome is recorded as its error code', async () => {
    const res = await report({ cookie: a.cookie, 'x-test-bearer': 'client-claude' }, { ...toolCall, outcome: 'app_not_found', request_id: 'mcp-req-2' });
    expect(res.statusCode).toBe(201);
    expect((await get('/api/audit?action=mcp.tool_call&limit=1', { cookie: a.cookie })).json().entries[0].details.outcome).toBe('app_not_found');
  });

  test('sessions and API keys get 404, even with a bad body; nothing is written', async () => {
    const before = (await get('/api/audit?action=mcp.', { cookie: a.cookie })).json().entries.length;
    for (const headers of [{ cookie: a.cookie }, { 'x-api-key': keyA }] as Record<string, string>[]) {
      for (const body of [toolCall, { nonsense: true }]) {
        const res = await report(headers, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: true, error_code: 'route_not_found' });
      }
    }
    expect((await get('/api/audit?action=mcp.', { cookie: a.cookie })).json().entries).toHaveLength(before);
  });

  test('a batch of calls is written in one report, each row with its own request id', async () => {
    const bearer = { cookie: a.cookie, 'x-test-bearer': 'client-claude' };
    const res = await report(bearer, {
      calls: [
        { ...toolCall, tool: 'whoami', request_id: 'batch-1' },
        { ...toolCall, tool: 'check_credits', request_id: 'batch-2' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().ids).toHaveLength(2);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['request_id', 'target_id'])
      .where('request_id', 'in', ['batch-1', 'batch-2'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { request_id: 'batch-1', target_id: 'whoami' },
      { request_id: 'batch-2', target_id: 'check_credits' },
    ]);
    const tooMany = await report(bearer, { calls: Array.from({ length: 101 }, () => toolCall) });
    expect(tooMany.statusCode).toBe(400);
  });

  test('the body is validated and bounded', async () => {
    const bearer = { cookie: a.cookie, 'x-test-bearer': 'client-claude' };
    const badTool = await report(bearer, { ...toolCall, tool: 'Drop Table' });
    expect(badTool.statusCode).toBe(400);
    expect(badTool.json().message).toContain('body.tool');
    expect((await report(bearer, { ...toolCall, duration_ms: -1 })).json().message).toContain('body.duration_ms');
    expect((await report(bearer, { ...toolCall, extra: 1 })).statusCode).toBe(400);
    const big = await report(bearer, { ...toolCall, arguments_summary: { text: 'x'.repeat(5000) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('body.arguments_summary');
    const huge = await report(bearer, { ...toolCall, arguments_summary: { text: 'x'.repeat(700_000) } });
    expect(huge.statusCode).toBe(413);
  });
});

describe('the audit log is append-only', () => {
  test('UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const db = t.database.db;
    const row = await db
      .selectFrom('audit_log')
      .select(['id', 'action'])
      .where('account_id', '=', a.accountId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expect(db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await db.selectFrom('audit_log').select('action').where('id', '=', row.id).executeTakeFirstOrThrow()).action).toBe(row.action);
  });
});
