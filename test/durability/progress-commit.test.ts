/**
 * A draft job's progress marks are committed without waiting for the WAL flush
 * (src/commands/draft-job-transitions.ts reportProgress), while the moves of its state machine keep waiting for
 * it: counted with the embedded database's own fsync counter (durable-pglite.ts) on an on-disk
 * data directory. And the relaxed setting stays inside the progress statement's transaction: the
 * connection is back to `synchronous_commit = on` afterwards, on whichever database the suite runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Schema } from '../../src/db/schema.ts';
import { reportProgress, startAttempt, transition } from '../../src/commands/draft-job-transitions.ts';
import { createTestDatabase } from '../support/db.ts';

let n = 0;
async function queuedJob(db: Kysely<Schema>): Promise<string> {
  const suffix = String(n++).padStart(6, '0');
  const email = `progress-${suffix}@example.com`;
  const account = await db
    .insertInto('accounts')
    .values({ id: `acc_progressCommit${suffix}`, email, email_normalized: email, password_hash: null, display_name: null, firm_name: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = `job_progressCommit${suffix}`;
  await db
    .insertInto('draft_jobs')
    .values({ id, account_id: account.id, export_type: 'drawing', request: '{}', request_fingerprint: 'x', price_micro: '0' })
    .execute();
  return id;
}

const synchronousCommit = async (db: Kysely<Schema>) =>
  (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0].synchronous_commit;
const progressOf = async (db: Kysely<Schema>, id: string) =>
  db.selectFrom('draft_jobs').select(['progress', 'current_step']).where('id', '=', id).executeTakeFirstOrThrow();

describe('embedded, on disk: progress marks cost no fsync, the state moves do', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prosa-progress-'));
  let database: Database;
  beforeAll(async () => {
    // The suite's template dump when it has one (the embedded pass); else a fresh directory, migrated.
    const template = inject('pgliteTemplate');
    database = await openDatabase({ dataDir: dir, useTemplate: false, ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) });
    if (!template) await migrateToLatest(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('startAttempt and complete are synced; reportProgress is not, and is read back at once', async () => {
    const { db, durableFs } = database;
    expect(durableFs).toBeDefined();
    const id = await queuedJob(db);

    let before = durableFs!.syncCount;
    const attempt = await startAttempt(db, id, { progress: 0, current_step: 'Starting' });
    expect(attempt).toBe(1);
    expect(durableFs!.syncCount).toBeGreaterThan(before);

    before = durableFs!.syncCount;
    for (const [progress, step] of [
      [10, 'Loading the analysis'],
      [40, 'Drafting claim amendments'],
      [70, 'Writing remarks'],
    ] as const) {
      expect(await reportProgress(db, id, attempt!, progress, step)).toBe(true);
    }
    expect(durableFs!.syncCount).toBe(before);
    expect(await progressOf(db, id)).toEqual({ progress: 70, current_step: 'Writing remarks' });
    expect(await synchronousCommit(db)).toBe('on');

    before = durableFs!.syncCount;
    await transition(
      db,
      id,
      'complete',
      { document: new Uint8Array([80, 75]), filename: 'x.docx', media_type: 'application/x', progress: 100, current_step: null, finished_at: new Date() },
      { attempt: attempt! },
    );
    expect(durableFs!.syncCount).toBeGreaterThan(before);
  });
});

describe('the suite database: the relaxed commit does not outlive the progress statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('writes the mark, fences it by attempt, and leaves the connection at synchronous_commit = on', async () => {
    await database.db.connection().execute(async (conn) => {
      const id = await queuedJob(conn);
      const attempt = (await startAttempt(conn, id, { progress: 0, current_step: 'Starting' }))!;
      expect(await reportProgress(conn, id, attempt, 40, 'Drafting claim amendments')).toBe(true);
      expect(await synchronousCommit(conn)).toBe('on');
      expect(await progressOf(conn, id)).toEqual({ progress: 40, current_step: 'Drafting claim amendments' });
      // A superseded attempt writes nothing.
      expect(await reportProgress(conn, id, attempt - 1, 90, 'stale')).toBe(false);
      expect(await progressOf(conn, id)).toEqual({ progress: 40, current_step: 'Drafting claim amendments' });
      expect(await synchronousCommit(conn)).toBe('on');
    });
  });
});
