import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { NODE, ROOT } from './support/cli.ts';
import { createTestDatabaseUrl, onPostgres } from './support/db.ts';
import { TEST_SIGNING_SECRET, createKey, createTestApp, signUp } from './support/app.ts';
import { analyzeOa, grant, pollUntilDone } from './support/drafts.ts';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { issueDownloadToken } from '../src/auth/download-token.ts';
import { keyringFromSecret } from '../src/auth/keyring.ts';
import { credits } from '../src/domain/money.ts';
import { getBalanceMicro, ledgerSumMicro } from '../src/queries/credits.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import mammoth from 'mammoth';

/** Starts the crash child and waits for the job it holds half-way; returns its ids and the child. */
function startCrashingServer(env: Record<string, string>): Promise<{ jobId: string; accountId: string; kill: () => Promise<void> }> {
  const { BASE_URL: _vite, DATABASE_URL: _db, ...rest } = process.env;
  const child = spawn(NODE, [`${ROOT}test/support/draft-crash-child.ts`], { cwd: ROOT, env: { ...rest, ...env } });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the job never reached in_progress:\n${out}`)), 90_000);
    child.on('exit', (code) => reject(new Error(`the crash child exited (${code}) early:\n${out}`)));
    const poll = setInterval(() => {
      const m = /IN_PROGRESS (job_\w+) (\S+)/.exec(out);
      if (!m) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({
        jobId: m[1],
        accountId: m[2],
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
      });
    }, 50);
  });
}

describe('a worker killed mid-job', () => {
  test('the job is retried by the next worker and completes, charged once', async () => {
    const db = onPostgres() ? await createTestDatabaseUrl() : null;
    const env: Record<string, string> = db ? { DATABASE_URL: db.url } : { PROSA_DATA_DIR: mkdtempSync(join(tmpdir(), 'prosa-crash-')) };
    env.PROSA_SIGNING_SECRET = TEST_SIGNING_SECRET;
    try {
      const crashed = await startCrashingServer(env);
      // SIGKILL: no shutdown hook runs, the job is left active in the queue and in_progress here.
      await crashed.kill();

      const config = loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1', PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'silent', BASE_URL: 'http://prosa.test' });
      const started = Date.now();
      const server = await startServer(config, undefined, { queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
      try {
        const dbx = server.database.db;
        const before = await dbx.selectFrom('draft_jobs').select(['status', 'attempts']).where('id', '=', crashed.jobId).executeTakeFirstOrThrow();
        expect(before).toEqual({ status: 'in_progress', attempts: 1 });

        let row = before as { status: string; attempts: number };
        while (row.status === 'in_progress' && Date.now() - started < 60_000) {
          await new Promise((r) => setTimeout(r, 200));
          row = await dbx.selectFrom('draft_jobs').select(['status', 'attempts']).where('id', '=', crashed.jobId).executeTakeFirstOrThrow();
        }
        // Retried once its heartbeat lapsed (10 s) and the supervisor saw it.
        expect(row).toEqual({ status: 'complete', attempts: 2 });

        const ledger = await dbx.selectFrom('credit_ledger').select(['kind', 'amount_micro']).where('reference', '=', crashed.jobId).execute();
        expect(ledger).toEqual([{ kind: 'export', amount_micro: -credits(49) }]);
        const balance = await getBalanceMicro(dbx, crashed.accountId);
        expect(await ledgerSumMicro(dbx, crashed.accountId)).toBe(balance);

        const { token } = await issueDownloadToken(keyringFromSecret(TEST_SIGNING_SECRET), crashed.jobId, crashed.accountId);
        const res = await server.app.inject({ method: 'GET', url: `/v1/prosa/download/${crashed.jobId}?token=${token}` });
        expect(res.statusCode).toBe(200);
        expect((await mammoth.extractRawText({ buffer: res.rawPayload })).value).toMatch(/17\/200,011/);
      } finally {
        await server.stop();
      }
    } finally {
      await db?.drop();
    }
  }, 150_000);
});

describe('a job whose every attempt stalls', () => {
  test('runs out of retries, reaches the dead-letter queue, and is failed and refunded there', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // Every attempt hangs half-way; pg-boss gives up on it after expireInSeconds, with no retry left.
    const t = await createTestApp({}, undefined, {
      worker: {
        afterStep: async (_id, progress) => {
          if (progress === 40) await gate;
        },
      },
      queue: { expireInSeconds: 1, heartbeatSeconds: null, retryLimit: 0, superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    });
    try {
      await seedDemoData(t.database.db, '2026-11-21');
      const s = await signUp(t.app);
      const key = await createKey(t.app, s.cookie);
      await grant(t.database.db, s.accountId, 100);
      const { analysis_id } = await analyzeOa(t.app, key);
      const before = await getBalanceMicro(t.database.db, s.accountId);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/prosa/draft-roa',
        headers: { 'x-api-key': key },
        payload: { application_number: '17200011', analysis_id },
      });
      expect(res.statusCode).toBe(202);
      const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db, 30_000);
      expect(body.status).toBe('failed');
      expect(body.error_message).toMatch(/stopped responding/);
      expect(body.error_message).toMatch(/49\.00 credits charged for it were refunded/);
      const ledger = await t.database.db.selectFrom('credit_ledger').select('kind').where('reference', '=', res.json().job_id).execute();
      expect(ledger.map((e) => e.kind)).toEqual(['export', 'refund']);
      expect(await getBalanceMicro(t.database.db, s.accountId)).toBe(before);
      expect(await ledgerSumMicro(t.database.db, s.accountId)).toBe(before);
      // The stalled attempt wakes up to a failed job and writes nothing.
      release();
      await new Promise((r) => setTimeout(r, 200));
      const row = await t.database.db.selectFrom('draft_jobs').select(['status', 'document']).where('id', '=', res.json().job_id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'failed', document: null });
    } finally {
      release();
      await t.close();
    }
  }, 60_000);
});
