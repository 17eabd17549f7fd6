import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { cachedPublicRecord, clearPublicRecordCaches, TTL_MS } from '../../src/queries/public-record-cache.ts';
import type { Database } from '../../src/db/connect.ts';

/**
 * Issue 12, speed goal 3: public lookups (REST #1) and deadlines (REST #2) are cached for TTL_MS;
 * a docket write or an import in this process clears them at once; another process's writes (here:
 * SQL behind the app's back) show within TTL_MS.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});
const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });
const retitle = (title: string) =>
  t.database.db
    .updateTable('applications')
    .set({ invention_title: title })
    .where('application_number', '=', '17200011')
    .where('owner_account_id', 'is', null)
    .execute();

describe('public record cache', () => {
  test('a write from elsewhere shows within the TTL; a docket write here clears the cache at once', async () => {
    // The clock stands still (so the TTL cannot pass by accident on a slow machine) until moved.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const first = (await get('/v1/prosa/lookup/17200011')).json();
    await retitle('Changed behind the app');
    // Served from the cache: the same answer, without reading the database.
    expect((await get('/v1/prosa/lookup/17%2F200%2C011')).json().invention_title).toBe(first.invention_title);
    // A docket write through the API clears every cached public answer of this process.
    const { cookie } = await signUp(t.app);
    const add = await t.app.inject({ method: 'POST', url: '/api/docket', headers: { cookie }, payload: { application_number: '17/200,011' } });
    expect(add.statusCode).toBe(201);
    expect((await get('/v1/prosa/lookup/17200011')).json().invention_title).toBe('Changed behind the app');
    // Another process's write (nothing clears here): seen once the TTL has passed.
    await retitle('Changed again');
    expect((await get('/v1/prosa/lookup/17200011')).json().invention_title).toBe('Changed behind the app');
    vi.spyOn(Date, 'now').mockReturnValue(now + TTL_MS + 1);
    expect((await get('/v1/prosa/lookup/17200011')).json().invention_title).toBe('Changed again');
    vi.restoreAllMocks();
  });

  test('deadlines: cached, cleared by an import; cleared by an import in this process', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 10 * TTL_MS);
    const before = (await get('/v1/prosa/deadlines/17200011')).json();
    expect(before.deadlines.response_deadline).not.toBeNull();
    const app = await t.database.db
      .selectFrom('applications')
      .select('id')
      .where('application_number', '=', '17200011')
      .where('owner_account_id', 'is', null)
      .executeTakeFirstOrThrow();
    // The applicant's reply arrives from elsewhere (an import in another process).
    await t.database.db
      .insertInto('prosecution_events')
      .values({ application_id: app.id, event_code: 'A...', description: 'Response after non-final action', event_date: '2026-11-20' })
      .execute();
    expect((await get('/v1/prosa/deadlines/17200011')).json()).toEqual(before);
    // An import in this process (the admin socket runs them in the server) clears the cache.
    const { runImport } = await import('../../src/cli/import-runner.ts');
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const dir = mkdtempSync('/tmp/speed-cache-');
    writeFileSync(`${dir}/app.json`, JSON.stringify({ count: 0, patentFileWrapperDataBag: [] }));
    await runImport(t.database.db, 'odp', [`${dir}/app.json`]);
    expect((await get('/v1/prosa/deadlines/17200011')).json().deadlines.response_deadline).toBeNull();
    vi.restoreAllMocks();
  });
});

describe('cached answers are sent as serialized once', () => {
  test('a cached lookup and deadlines answer the same JSON text, as JSON, as the first (serialized by the route schema)', async () => {
    for (const url of ['/v1/prosa/lookup/17200011', '/v1/prosa/deadlines/17200011']) {
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 100 * TTL_MS);
      const first = await get(url);
      const second = await get(url);
      vi.restoreAllMocks();
      expect(first.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.body).toBe(first.body);
      expect(JSON.parse(second.body).application_number).toBe('17200011');
    }
  });
});

describe('public record cache under concurrency', () => {
  /** A computation that finishes when told to, counting its runs. */
  function gated<T>(value: T) {
    let runs = 0;
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    return { compute: async () => ((runs += 1), await gate, value), open: () => open(), runs: () => runs };
  }

  test('concurrent misses of one key share one computation (no stampede when an entry expires)', async () => {
    const db = {} as Database;
    const g = gated('answer');
    const waiting = Array.from({ length: 50 }, () => cachedPublicRecord(db, 'lookup:1', g.compute, 1000));
    g.open();
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('answer'));
    expect(g.runs()).toBe(1);
    // Stored: a later call within the TTL does not compute; after it, one computes again.
    const again = gated('fresh');
    expect(await cachedPublicRecord(db, 'lookup:1', again.compute, 1000 + TTL_MS - 1)).toBe('answer');
    again.open();
    expect(await cachedPublicRecord(db, 'lookup:1', again.compute, 1000 + TTL_MS)).toBe('fresh');
    expect(again.runs()).toBe(1);
  });

  test('an answer computed across a write is not stored, and requests after the write do not join it', async () => {
    const db = {} as Database;
    const before = gated('before the write');
    const first = cachedPublicRecord(db, 'deadlines:1', before.compute, 1000);
    clearPublicRecordCaches(); // a docket write or an import lands while the first read is under way
    const after = gated('after the write');
    const second = cachedPublicRecord(db, 'deadlines:1', after.compute, 1000);
    before.open();
    after.open();
    expect(await first).toBe('before the write');
    expect(await second).toBe('after the write');
    const third = gated('unused');
    expect(await cachedPublicRecord(db, 'deadlines:1', third.compute, 1001)).toBe('after the write');
    expect(third.runs()).toBe(0);
  });

  test('a failed computation is shared by its waiters and not cached', async () => {
    const db = {} as Database;
    let runs = 0;
    const failing = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('database away');
    };
    const results = await Promise.allSettled([1, 2, 3].map(() => cachedPublicRecord(db, 'lookup:2', failing, 1000)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(runs).toBe(1);
    expect(await cachedPublicRecord(db, 'lookup:2', async () => 'back', 1000)).toBe('back');
  });
});
