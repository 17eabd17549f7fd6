import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signUp, type TestApp } from './support/app.ts';
import { DRAFT_STATUSES, canTransition, reportProgress, startAttempt, transition, type DraftStatus } from '../src/commands/draft-job-transitions.ts';
import { draftJobFailer } from '../src/commands/draft-job-failer.ts';

let t: TestApp;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ accountId } = await signUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A job row in the given state, written directly (no queue message, no charge). */
async function jobIn(status: DraftStatus): Promise<string> {
  const id = `job_transitionTest${String(n++).padStart(6, '0')}`;
  await t.database.db
    .insertInto('draft_jobs')
    .values({ id, account_id: accountId, export_type: 'drawing', request: '{}', request_fingerprint: 'x', price_micro: '0' })
    .execute();
  if (status === 'queued') return id;
  await startAttempt(t.database.db, id, { progress: 0, current_step: 'Starting' });
  if (status === 'complete')
    await transition(t.database.db, id, 'complete', {
      document: new Uint8Array([80, 75]),
      filename: 'x.docx',
      media_type: 'application/x',
      finished_at: new Date(),
    });
  if (status === 'failed') await transition(t.database.db, id, 'failed', { error_message: 'failed', finished_at: new Date() });
  return id;
}

const statusOf = async (id: string) => (await t.database.db.selectFrom('draft_jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('draft job transitions in the database', () => {
  test('transition() moves a job only along an allowed edge; every other pair leaves it untouched', async () => {
    for (const from of DRAFT_STATUSES) {
      for (const to of DRAFT_STATUSES) {
        const id = await jobIn(from);
        const changes =
          to === 'complete' ? { document: new Uint8Array([1]), filename: 'a.docx', media_type: 'x' } : to === 'failed' ? { error_message: 'x' } : {};
        const moved = await transition(t.database.db, id, to, changes);
        expect(!!moved, `${from}→${to}`).toBe(canTransition(from, to));
        expect(await statusOf(id), `${from}→${to}`).toBe(canTransition(from, to) ? to : from);
      }
    }
  });

  test('the trigger refuses any other status change, even from hand-written SQL', async () => {
    for (const from of DRAFT_STATUSES) {
      for (const to of DRAFT_STATUSES) {
        const id = await jobIn(from);
        const attempt =
          sql`update draft_jobs set status = ${to}, error_message = coalesce(error_message, 'x'), document = coalesce(document, '\\x00'::bytea), filename = coalesce(filename, 'a'), media_type = coalesce(media_type, 'b') where id = ${id}`.execute(
            t.database.db,
          );
        if (canTransition(from, to)) await expect(attempt, `${from}→${to}`).resolves.toBeDefined();
        else await expect(attempt, `${from}→${to}`).rejects.toThrow(/status may not change/);
      }
    }
  });

  test('the status check constraint refuses unknown states', async () => {
    await expect(
      t.database.db
        .insertInto('draft_jobs')
        .values({
          id: 'job_badStatus',
          account_id: accountId,
          export_type: 'drawing',
          request: '{}',
          request_fingerprint: 'x',
          price_micro: '0',
          status: 'paused',
        })
        .execute(),
    ).rejects.toThrow();
  });

  test('a retry starts a new attempt; the superseded attempt can no longer report progress or complete', async () => {
    const id = await jobIn('queued');
    const first = await startAttempt(t.database.db, id, { progress: 0, current_step: 'Starting' });
    const second = await startAttempt(t.database.db, id, { progress: 0, current_step: 'Starting' });
    expect([first, second]).toEqual([1, 2]);
    expect(await reportProgress(t.database.db, id, 1, 40, 'stale')).toBe(false);
    expect(await transition(t.database.db, id, 'complete', { document: new Uint8Array([1]), filename: 'a', media_type: 'b' }, { attempt: 1 })).toBeUndefined();
    expect(await reportProgress(t.database.db, id, 2, 40, 'Drafting')).toBe(true);
    expect(await transition(t.database.db, id, 'complete', { document: new Uint8Array([1]), filename: 'a', media_type: 'b' }, { attempt: 2 })).toBeDefined();
    expect(await startAttempt(t.database.db, id, { progress: 0, current_step: 'Starting' })).toBeNull();
  });

  test('failing a finished job does nothing (no second refund); failing a queued job passes through in_progress', async () => {
    expect(await draftJobFailer(t.database.db, { jobId: await jobIn('complete'), reason: 'x' })).toBe('already_finished');
    expect(await draftJobFailer(t.database.db, { jobId: await jobIn('failed'), reason: 'x' })).toBe('already_finished');
    const queued = await jobIn('queued');
    expect(await draftJobFailer(t.database.db, { jobId: queued, reason: 'The worker gave up.' })).toBe('failed');
    const row = await t.database.db.selectFrom('draft_jobs').select(['status', 'attempts', 'error_message']).where('id', '=', queued).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', attempts: 1, error_message: 'The worker gave up.' });
  });
});
