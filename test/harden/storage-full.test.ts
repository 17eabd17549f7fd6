import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { analyzeOa, grant, OA_TEXT } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';

/**
 * Issue 12, item 8: a full disk. The database refuses writes the way PostgreSQL does when its disk
 * is full (SQLSTATE 53100 disk_full, raised by a trigger while a flag is set), on both databases.
 * Analyze answers 503 storage_full with an agent suggestion (not 500), and a draft job whose
 * completion and failure could not be written while the disk was full finishes by itself once
 * space is back (failed and refunded), with no restart.
 */
let t: TestApp;
let key: string;
let accountId: string;

const setDiskFull = (full: boolean) => sql`update test_disk set "full" = ${full}`.execute(t.database.db);

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: {
      superviseIntervalSeconds: 1,
      pollingIntervalSeconds: 0.5,
      retryLimit: 1,
      retryDelay: 1,
      retryDelayMax: 1,
      heartbeatSeconds: null,
      expireInSeconds: 30,
      deadLetterRetryDelay: 1,
      deadLetterRetryDelayMax: 1,
    },
  });
  await seedDemoData(t.database.db, '2026-11-21');
  const s = await signUp(t.app);
  accountId = s.accountId;
  key = await createKey(t.app, s.cookie);
  await grant(t.database.db, accountId, 100);
  const db = t.database.db;
  await sql`create table test_disk ("full" boolean not null)`.execute(db);
  await sql`insert into test_disk values (false)`.execute(db);
  await sql`create function test_disk_full() returns trigger language plpgsql as $$
    begin
      if (select "full" from test_disk) then
        raise exception 'could not extend file "base/5/16384": No space left on device' using errcode = 'disk_full';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger test_disk_analyses before insert on analyses for each row execute function test_disk_full()`.execute(db);
  await sql`create trigger test_disk_jobs before update of status on draft_jobs for each row when (new.status in ('complete', 'failed')) execute function test_disk_full()`.execute(
    db,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('disk full', () => {
  test('analyze answers 503 storage_full with Retry-After and an agent suggestion, and charges nothing', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    await setDiskFull(true);
    try {
      for (const url of ['/v1/prosa/analyze', '/api/analyses']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'x-api-key': key },
          payload: { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false },
          remoteAddress: randomIp(),
        });
        expect(res.statusCode, res.body).toBe(503);
        const body = res.json();
        expect(body).toMatchObject({ error: true, error_code: 'storage_full' });
        expect(body.agent_suggestion).toMatch(/retry/i);
        expect(res.headers['retry-after']).toBeDefined();
      }
    } finally {
      await setDiskFull(false);
    }
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test('a draft job that could not record its end while the disk was full finishes by itself afterwards', async () => {
    const analysisId = (await analyzeOa(t.app, key)).analysis_id;
    await setDiskFull(true);
    const before = await getBalanceMicro(t.database.db, accountId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': key },
      payload: { application_number: '17200011', analysis_id: analysisId, response_date: '2026-11-23' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().job_id;
    const statusOf = async () => (await t.database.db.selectFrom('draft_jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow()).status;
    // Every attempt and the dead-letter handler fail to write the job's end for a while.
    await new Promise((r) => setTimeout(r, 9000));
    expect(await statusOf()).toBe('in_progress');
    await setDiskFull(false);
    const until = Date.now() + 15_000;
    while (Date.now() < until && !['complete', 'failed'].includes(await statusOf())) await new Promise((r) => setTimeout(r, 250));
    const status = await statusOf();
    expect(['complete', 'failed']).toContain(status);
    // Charged once at submission; refunded if it failed.
    const after = await getBalanceMicro(t.database.db, accountId);
    expect(before - after).toBe(status === 'failed' ? 0n : 49_000_000n);
  }, 40_000);
});
