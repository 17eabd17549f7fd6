/**
 * Where drafts are built, and what a builder's death does to a job. Builds run off the main
 * thread: in child processes on the embedded database (PGlite's WebAssembly shares the process
 * with the API), in worker threads on PostgreSQL; the worker's builder counts say which. A builder
 * killed mid-build fails that attempt (the job is retried with a new one); killed on every attempt,
 * the job fails with a sentence saying so and is refunded.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { createKey, createTestApp, signUp } from './support/app.ts';
import { analyzeOa, grant, pollUntilDone } from './support/drafts.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { getBalanceMicro } from '../src/queries/credits.ts';
import type { DraftWorkerOptions } from '../src/jobs/draft-worker.ts';

async function drafting(worker: DraftWorkerOptions | true, queue = {}) {
  const t = await createTestApp({}, undefined, { worker, queue });
  await seedDemoData(t.database.db, '2026-11-21');
  const s = await signUp(t.app);
  const key = await createKey(t.app, s.cookie);
  await grant(t.database.db, s.accountId, 500);
  const { analysis_id } = await analyzeOa(t.app, key);
  const draft = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': key },
      payload: { application_number: '17200011', analysis_id },
    });
    expect(res.statusCode).toBe(202);
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db, 60_000);
    return { status: body.status as string, error_message: body.error_message as string | null, job_id: res.json().job_id as string };
  };
  return { t, accountId: s.accountId, draft };
}

/** The document-building child processes of this process. */
function builderPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', 'build-process.ts'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

/** Kills this attempt's builder process: the one alive now, or else the one its build starts (it loads for a while first). */
function killBuilder(): void {
  const timer = setInterval(() => {
    const pids = builderPids();
    if (pids.length === 0) return;
    clearInterval(timer);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
  }, 5);
  setTimeout(() => clearInterval(timer), 30_000).unref();
}

test('drafts are built off the main thread: child processes on the embedded database, worker threads on PostgreSQL', async () => {
  const { t, draft } = await drafting(true);
  try {
    expect((await draft()).status).toBe('complete');
    const stats = t.worker!.builderStats();
    expect(stats.offMainThread).toBe(1);
    if (t.database.kind === 'pglite') expect(stats.pids).not.toContain(process.pid);
    else expect(stats.pids).toEqual([process.pid]);
  } finally {
    await t.close();
  }
}, 120_000);

test('a builder process killed mid-build: the job is retried and completes; killed on every attempt, it fails with a clear error and is refunded', async () => {
  let kills = 0;
  let killEvery = false;
  // Child processes on either database (the embedded default), so the test can kill one.
  const worker: DraftWorkerOptions = {
    builderIsolation: 'process',
    builderThreads: 1,
    afterStep: (_id, progress) => {
      // 'Writing remarks' (70) comes just before the build: the builder of this attempt starts after it.
      if (progress === 70 && (killEvery || kills === 0)) {
        kills++;
        killBuilder();
      }
    },
  };
  const { t, accountId, draft } = await drafting(worker, { retryLimit: 1, retryDelay: 1, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
  try {
    const retried = await draft();
    expect(retried.status).toBe('complete');
    expect(kills).toBe(1);
    const row = await t.database.db.selectFrom('draft_jobs').select('attempts').where('id', '=', retried.job_id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);

    killEvery = true;
    const before = await getBalanceMicro(t.database.db, accountId);
    const failed = await draft();
    expect(failed.status).toBe('failed');
    expect(kills).toBe(3);
    expect(failed.error_message).toMatch(/^The document could not be generated: the document-building process exited \(SIGKILL\) while building it\./);
    expect(failed.error_message).toMatch(/refunded/);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  } finally {
    await t.close();
  }
}, 180_000);
