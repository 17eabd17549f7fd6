import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { createKey, createTestApp, signUp, type TestApp } from '../support/app.ts';
import { onPostgres } from '../support/db.ts';

// GET /api/events: the account's activity as Server-Sent Events, over a real socket (inject
// cannot stream), on both databases.
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

interface SseEvent {
  event: string;
  id?: string;
  data: Record<string, unknown>;
}

/** Opens the stream and collects parsed events until closed. */
async function openStream(
  headers: Record<string, string>,
): Promise<{ status: number; type: string | null; events: SseEvent[]; next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>; close(): void }> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        const reader = res.body!.getReader();
        for (let r = await reader.read(); !r.done; r = await reader.read()) {
          buffer += decoder.decode(r.value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => !l.startsWith(':') && l.includes(':'))
                .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
            );
            if (fields.event) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? '{}') });
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    events,
    async next(match, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event within ${ms} ms (got ${JSON.stringify(events)})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => controller.abort(),
  };
}

describe('GET /api/events', () => {
  test("an API key's write reaches the account's open stream at once, and no other account's", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const key = await createKey(t.app, a.cookie, 'script');
    const streamA = await openStream({ cookie: a.cookie });
    const streamB = await openStream({ cookie: b.cookie });
    try {
      expect(streamA.status).toBe(200);
      expect(streamA.type).toMatch(/^text\/event-stream/);
      const res = await fetch(`${base}/api/account/spending-cap`, {
        method: 'PATCH',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ daily_ai_cap: '10.00' }),
      });
      expect(res.status, await res.text()).toBe(200);
      const event = await streamA.next((e) => e.data.action === 'account.spending_cap_set');
      expect(event).toMatchObject({ event: 'activity', data: { source: 'api_key', target_type: expect.any(String) } });
      expect(event.data).not.toHaveProperty('account_id');
      // The id is the audit entry's: the page can read it from /api/audit.
      const audit = await fetch(`${base}/api/audit?limit=5`, { headers: { cookie: a.cookie } }).then((r) => r.json());
      expect(audit.entries.map((e: { id: string }) => e.id)).toContain(event.id);
      // B's own write reaches B; A's never did.
      await fetch(`${base}/api/account/spending-cap`, {
        method: 'PATCH',
        headers: { cookie: b.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ daily_ai_cap: null }),
      });
      const own = await streamB.next((e) => e.data.action === 'account.spending_cap_set');
      expect(own.data.source).toBe('web');
      expect(streamB.events.filter((e) => e.data.source === 'api_key')).toEqual([]);
      expect(streamA.events.filter((e) => e.data.source === 'web')).toEqual([]);
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  test('without a valid session or key: 401 with the error object, no stream', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error_code: expect.any(String) });
    const forged = await fetch(`${base}/api/events`, { headers: { 'x-api-key': 'prosa_not_a_real_key_000000000000' } });
    expect(forged.status).toBe(401);
    // (The all-routes sweep in test/bad-input.test.ts leaves this route out: an admitted request never ends.)
  });

  test('a write rolled back is never announced', async () => {
    const a = await signUp(t.app);
    const stream = await openStream({ cookie: a.cookie });
    try {
      await t.database.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('audit_log')
            .values({
              account_id: a.accountId,
              actor: 'system',
              action: 'test.rolled_back',
              target_type: null,
              target_id: null,
              details: '{}',
              request_id: null,
            })
            .execute();
          throw new Error('roll back');
        })
        .catch(() => {});
      await t.database.db
        .insertInto('audit_log')
        .values({ account_id: a.accountId, actor: 'system', action: 'test.committed', target_type: null, target_id: null, details: '{}', request_id: null })
        .execute();
      await stream.next((e) => e.data.action === 'test.committed');
      expect(stream.events.map((e) => e.data.action)).not.toContain('test.rolled_back');
    } finally {
      stream.close();
    }
  });

  test('a write committed outside this app (another replica on PostgreSQL; the raw engine embedded) is announced', async () => {
    const a = await signUp(t.app);
    const stream = await openStream({ cookie: a.cookie });
    const insert = `insert into audit_log (account_id, actor, action, details) values ($1, 'bearer', 'mcp.tool_call', '{}')`;
    try {
      if (onPostgres()) {
        const other = new pg.Client({ connectionString: t.database.connectionString });
        await other.connect();
        await other.query(insert, [a.accountId]).finally(() => other.end());
      } else {
        await t.database.pglite!.query(insert, [a.accountId]);
      }
      // Stored actor 'bearer' (an OAuth token): the audit view's source 'assistant'.
      await stream.next((e) => e.data.action === 'mcp.tool_call' && e.data.source === 'assistant');
    } finally {
      stream.close();
    }
  });

  test('closing the server ends open streams (shutdown does not hang on them)', async () => {
    const own = await createTestApp();
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await signUp(own.app);
    const res = await fetch(`${url}/api/events`, { headers: { cookie: a.cookie } });
    const reader = res.body!.getReader();
    await reader.read(); // the opening lines
    const t0 = Date.now();
    await own.close();
    expect(Date.now() - t0).toBeLessThan(5000);
    let done = false;
    while (!done) done = (await reader.read()).done;
  });
});
