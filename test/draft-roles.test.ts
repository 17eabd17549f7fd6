import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { NODE, ROOT, runCli } from './support/cli.ts';
import { createTestDatabaseUrl, onPostgres } from './support/db.ts';
import { OA_TEXT } from './support/drafts.ts';
import { openDatabase } from '../src/db/connect.ts';
import { creditGranter } from '../src/commands/credit-granter.ts';
import { CLI_ACTOR } from '../src/commands/actor.ts';
import { credits } from '../src/domain/money.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';

const SECRET = 'roles-test-signing-secret-0123456789abcdef';

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { BASE_URL: _vite, DATABASE_URL: _db, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:8080', PORT: '0', HOST: '127.0.0.1', PROSA_DEMO_DATA: 'off', ...env };
}

/** `prosa serve --role <role>`, resolved with its address once it prints its banner. */
function serveRole(role: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string; stop: () => Promise<number | null> }> {
  const child = spawn(NODE, [`${ROOT}src/main.ts`, 'serve', '--role', role], { cwd: ROOT, env: childEnv(env) });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start:\n${out}`)), 60_000);
    child.on('exit', (code) => reject(new Error(`${role} exited ${code}:\n${out}`)));
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (!m) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({
        child,
        url: m[1],
        stop: async () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    }, 100);
  });
}

describe('prosa serve --role worker', () => {
  // Runs on both databases: the child process never sees DATABASE_URL here.
  test('needs PostgreSQL: the embedded database serves every role in one process', async () => {
    const res = await runCli(['serve', '--role', 'worker'], { PROSA_DATA_DIR: '/nonexistent/never-created' });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/needs PostgreSQL/);
  });

  // Separate API and worker processes share state through PostgreSQL only, so these tests are
  // defined in the PostgreSQL run of the suite (CI runs both); the embedded case is the test above.
  if (onPostgres()) {
    test('an API process without PROSA_SIGNING_SECRET refuses to start, saying why', async () => {
      const db = await createTestDatabaseUrl();
      try {
        const res = await runCli(['serve', '--role', 'api'], { DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1' });
        expect(res.code).not.toBe(0);
        expect(res.stderr).toMatch(/PROSA_SIGNING_SECRET is not set/);
      } finally {
        await db.drop();
      }
    }, 60_000);

    test('an API process queues the draft; a separate worker process builds it; the API serves the download', async () => {
      const db = await createTestDatabaseUrl();
      const direct = await openDatabase({ databaseUrl: db.url });
      let api: Awaited<ReturnType<typeof serveRole>> | undefined;
      let worker: Awaited<ReturnType<typeof serveRole>> | undefined;
      try {
        api = await serveRole('api', { DATABASE_URL: db.url, PROSA_SIGNING_SECRET: SECRET });
        // The worker signs nothing: it needs no secret.
        worker = await serveRole('worker', { DATABASE_URL: db.url });
        await seedDemoData(direct.db, '2026-11-21');

        const health = await (await fetch(`${worker.url}/health`)).json();
        expect(health).toMatchObject({ status: 'ok', role: 'worker' });
        expect((await fetch(`${worker.url}/v1/prosa/lookup/17200011`)).status).toBe(404);

        const call = async (path: string, body: object, headers: Record<string, string> = {}) => {
          const res = await fetch(`${api!.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
          return { res, body: await res.json() };
        };
        const signup = await call('/api/auth/signup', { email: 'roles@firm.example', password: 'correct horse battery' });
        const cookie = signup.res.headers.get('set-cookie')!.split(';')[0];
        const key = (await call('/api/keys', { name: 'roles' }, { cookie })).body.key as string;
        await creditGranter(direct.db, CLI_ACTOR, { accountId: signup.body.account.id, amountMicro: credits(100), kind: 'grant', description: 'roles test' });
        const analysis = (
          await call('/v1/prosa/analyze', { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false }, { 'x-api-key': key })
        ).body;
        const submitted = await call(
          '/v1/prosa/draft-roa',
          { application_number: '17200011', analysis_id: analysis.analysis_id, response_date: '2026-11-21' },
          { 'x-api-key': key },
        );
        expect(submitted.res.status).toBe(202);

        let job: Record<string, string> = {};
        for (let i = 0; i < 60 && job.status !== 'complete' && job.status !== 'failed'; i++) {
          await new Promise((r) => setTimeout(r, 500));
          job = await (await fetch(`${api.url}${submitted.body.poll_url}`, { headers: { 'x-api-key': key } })).json();
        }
        expect(job.status).toBe('complete');
        const url = new URL(job.download_url);
        expect(url.origin).toBe('http://localhost:8080');
        const file = await fetch(`${api.url}${url.pathname}${url.search}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-disposition')).toBe('attachment; filename="Response-17200011-2026-11-21.docx"');
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(5000);
      } finally {
        expect(await worker?.stop()).toBe(0);
        expect(await api?.stop()).toBe(0);
        await direct.close();
        await db.drop();
      }
    }, 120_000);
  }
});
