// The live ODP connector against a local HTTP server that replays the real sample responses
// (test/fixtures/odp, byte for byte) at the real paths (shared/reference/uspto-data.md §1.3).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from './support/app.ts';
import { OdpReplay, REPLAY_KEY as KEY, serveRecordedApplications } from './support/odp-replay.ts';
import { createOdpClient, parseRetryAfter, OdpRejectedError, OdpUnavailableError } from '../src/sources/odp/odp-client.ts';
import { setOdpClient } from '../src/sources/odp/live-lookup.ts';
import { clearPublicRecordCaches } from '../src/queries/public-record-cache.ts';

const replay = serveRecordedApplications(new OdpReplay());
const sleeps: number[] = [];
const recordingSleep = async (ms: number) => {
  sleeps.push(ms);
};

beforeAll(async () => {
  await replay.start();
});
afterAll(async () => {
  await replay.close();
});
beforeEach(() => {
  replay.reset();
  sleeps.length = 0;
});

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });
const count = async (t: TestApp, table: 'prosecution_events' | 'correspondence', applicationId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('application_id', '=', applicationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('with PROSA_USPTO_API_KEY: a lookup miss fetches from the ODP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROSA_USPTO_API_KEY: KEY, PROSA_USPTO_BASE_URL: replay.url });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('applications').execute();
    clearPublicRecordCaches();
  });

  test('17/248,024 is fetched (record, transactions, documents), stored and answered; the next lookup is local', async () => {
    const res = await get(t, `/v1/prosa/lookup/${encodeURIComponent('17/248,024')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      application_number: '17248024',
      invention_title: 'MAKING LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES',
      examiner_name: 'DOVE, TRACY MAE',
      current_art_unit: '1727',
      filing_date: '2021-01-05',
    });
    expect(replay.requests.map((r) => r.path)).toEqual([
      '/api/v1/patent/applications/17248024',
      '/api/v1/patent/applications/17248024/transactions',
      '/api/v1/patent/applications/17248024/documents',
    ]);
    expect(replay.requests.every((r) => r.key === KEY)).toBe(true);

    const row = await t.database.db.selectFrom('applications').selectAll().where('application_number', '=', '17248024').executeTakeFirstOrThrow();
    expect(row.owner_account_id).toBeNull();
    expect(await count(t, 'prosecution_events', row.id)).toBeGreaterThan(10);
    expect(await count(t, 'correspondence', row.id)).toBe(45);

    const again = await get(t, '/v1/prosa/deadlines/17248024');
    expect(again.statusCode).toBe(200);
    expect(again.json().application_number).toBe('17248024');
    expect(replay.requests).toHaveLength(3); // no new request
  });

  test('racing lookups: one request at a time (burst 1), and one fetch per number', async () => {
    const results = await Promise.all([get(t, '/v1/prosa/lookup/17248024'), get(t, '/v1/prosa/deadlines/17248024'), get(t, '/v1/prosa/lookup/17999999')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 404]);
    expect(replay.maxInFlight).toBe(1);
    expect(replay.requests.filter((r) => r.path === '/api/v1/patent/applications/17248024')).toHaveLength(1);
    expect(replay.requests).toHaveLength(4);
  });

  test('an unknown number (ODP 404) is the usual 404 app_not_found, stores nothing', async () => {
    const res = await get(t, '/v1/prosa/lookup/17999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().error_code).toBe('app_not_found');
    expect(replay.requests.map((r) => r.path)).toEqual(['/api/v1/patent/applications/17999999']);
    expect(await t.database.db.selectFrom('applications').selectAll().execute()).toHaveLength(0);
  });

  test('a malformed number never reaches the ODP', async () => {
    expect((await get(t, '/v1/prosa/lookup/abc')).statusCode).toBe(404);
    expect(replay.requests).toHaveLength(0);
  });
});

describe('retries, failures and the key (client with a recording sleep)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROSA_USPTO_API_KEY: KEY, PROSA_USPTO_BASE_URL: replay.url });
    setOdpClient(t.ctx.config, createOdpClient({ apiKey: KEY, baseUrl: replay.url, sleep: recordingSleep }));
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('applications').execute();
    clearPublicRecordCaches();
  });

  test('429 with Retry-After is honoured, then the lookup succeeds', async () => {
    replay.script = [{ status: 429, headers: { 'Retry-After': '7' } }];
    const res = await get(t, '/v1/prosa/lookup/17248024');
    expect(res.statusCode).toBe(200);
    expect(sleeps).toEqual([7000]);
    expect(replay.requests).toHaveLength(4);
  });

  test('429 without Retry-After waits at least 5 s; a 500 backs off exponentially', async () => {
    replay.script = [{ status: 429 }, { status: 500 }, { status: 502 }];
    expect((await get(t, '/v1/prosa/lookup/17248024')).statusCode).toBe(200);
    expect(sleeps[0]).toBe(5000);
    expect(sleeps[1]).toBeGreaterThanOrEqual(1000); // attempt 2: 2 s × [0.5, 1)
    expect(sleeps[1]).toBeLessThan(2000);
    expect(sleeps[2]).toBeGreaterThanOrEqual(2000);
    expect(sleeps[2]).toBeLessThan(4000);
  });

  test('a persistent 503 is 502 uspto_unavailable after 4 attempts', async () => {
    replay.script = Array.from({ length: 4 }, () => ({ status: 503, headers: { 'Retry-After': '120' } }));
    const res = await get(t, '/v1/prosa/lookup/17248024');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      error: true,
      error_code: 'uspto_unavailable',
      message: expect.stringMatching(/USPTO Open Data Portal did not answer/),
      agent_suggestion: expect.stringMatching(/retry in a minute.*manually/i),
    });
    expect(replay.requests).toHaveLength(4);
    expect(sleeps).toEqual([30_000, 30_000, 30_000]); // Retry-After capped at 30 s
    expect(res.body).not.toContain(KEY);
  });
});

describe('failures that need their own app', () => {
  test('the ODP unreachable (connection refused) is 502 uspto_unavailable', async () => {
    const closed = new OdpReplay();
    await closed.start();
    await closed.close();
    const t = await createTestApp({ PROSA_USPTO_API_KEY: KEY, PROSA_USPTO_BASE_URL: closed.url });
    try {
      setOdpClient(t.ctx.config, createOdpClient({ apiKey: KEY, baseUrl: closed.url, sleep: recordingSleep }));
      const res = await get(t, '/v1/prosa/deadlines/17248024');
      expect(res.statusCode).toBe(502);
      expect(res.json().error_code).toBe('uspto_unavailable');
      expect(sleeps).toHaveLength(3);
    } finally {
      await t.close();
    }
  });

  test('a key the ODP rejects is 502 uspto_rejected_key, not retried, and never echoed', async () => {
    const t = await createTestApp({ PROSA_USPTO_API_KEY: 'wrong-key-123', PROSA_USPTO_BASE_URL: replay.url });
    try {
      const res = await get(t, '/v1/prosa/lookup/17248024');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error_code: 'uspto_rejected_key', agent_suggestion: expect.stringContaining('PROSA_USPTO_API_KEY') });
      expect(res.body).not.toContain('wrong-key-123');
      expect(replay.requests).toEqual([{ method: 'GET', path: '/api/v1/patent/applications/17248024', key: 'wrong-key-123', body: '' }]);
    } finally {
      await t.close();
    }
  });

  test('without PROSA_USPTO_API_KEY everything comes from the database: no request', async () => {
    const t = await createTestApp({ PROSA_USPTO_BASE_URL: replay.url });
    try {
      expect((await get(t, '/v1/prosa/lookup/17248024')).statusCode).toBe(404);
      expect((await get(t, '/v1/prosa/deadlines/17248024')).statusCode).toBe(404);
      expect(replay.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('createOdpClient', () => {
  test('403 (§1.2 bad key) throws OdpRejectedError after one request', async () => {
    replay.rejectStatus = 403;
    const client = createOdpClient({ apiKey: 'nope', baseUrl: replay.url, sleep: recordingSleep });
    await expect(client.getApplication('17248024')).rejects.toBeInstanceOf(OdpRejectedError);
    expect(replay.requests).toHaveLength(1);
  });

  test('a timeout per attempt ends in OdpUnavailableError with status null and the attempt count', async () => {
    const slow = createServer((_req, res) => {
      setTimeout(() => res.end('{}'), 500);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      const client = createOdpClient({
        apiKey: KEY,
        baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
        timeoutMs: 50,
        maxAttempts: 2,
        sleep: recordingSleep,
      });
      const err = await client.getDocuments('17248024').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OdpUnavailableError);
      expect(err).toMatchObject({ status: null, attempts: 2 });
      expect((err as Error).message).not.toContain(KEY);
    } finally {
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });

  test('Retry-After as seconds or HTTP-date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('12', now)).toBe(12_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:09 GMT', now)).toBe(9000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
