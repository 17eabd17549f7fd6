import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { createRateLimits } from '../../src/serving/rate-limits/rate-limit-store.ts';
import type { AppContext } from '../../src/http/context.ts';
import { createTestDatabase } from './db.ts';
import { keyringFromSecret } from '../../src/auth/keyring.ts';
import { startDraftQueue, type QueueSettings } from '../../src/jobs/queue.ts';
import { queueHandle } from '../../src/jobs/queue-handle.ts';
import { startDraftWorker, type DraftWorker, type DraftWorkerOptions } from '../../src/jobs/draft-worker.ts';
import { closeExtractionService } from '../../src/extraction/extract.ts';
import { createLlmProvider } from '../../src/analysis/llm/index.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The draft worker, when the app was created with `{ worker: ... }`. */
  worker?: DraftWorker;
  close(): Promise<void>;
}

/**
 * A rate-limit tier's figures that no test file reaches. Files whose requests are not about rate
 * limits pass it for the tiers they use: on a fast host all of a file's requests with one session,
 * key or address can fall within one second and meet the production burst (a key's 20 a second, a
 * session's 30: CI once refused a file's 21st session request that way). The limits themselves are
 * tested with the production figures, or small ones, in the files about them.
 */
export const LIFTED = { perMinute: 100_000, perSecond: 10_000 } as const;

/** Download tokens in tests are signed with this secret unless PROSA_SIGNING_SECRET is passed. */
export const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789abcdef0123456789';

export interface TestAppOptions {
  /** Start a draft worker in the test process (true, or worker options such as builder overrides). */
  worker?: boolean | DraftWorkerOptions;
  /** Queue timings (tests shorten expiry and retry delays). */
  queue?: Partial<QueueSettings>;
  /** Log at info level into this stream (tests that read the log); silent otherwise. */
  logStream?: NodeJS.WritableStream;
  /** Replaces rate-limit tiers' figures (tests that fire many requests at once). */
  tiers?: Parameters<typeof createRateLimits>[0]['tiers'];
  /** Another rate-limit window store (tests that count its statements). */
  rateStore?: Parameters<typeof createRateLimits>[0]['store'];
}

/** The backend on a fresh database, driven through fastify.inject (real routing, hooks and serialization). */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  configure?: (app: FastifyInstance) => void,
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // `BASE_URL: undefined` runs the app as the README's `PORT=... prosa serve` does: no BASE_URL.
  const merged = Object.fromEntries(
    Object.entries({ BASE_URL: 'http://prosa.test', PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...env }).filter(([, v]) => v !== undefined),
  );
  const config: Config = loadConfig(merged);
  const rateLimits = await createRateLimits({ connectionString: database.connectionString, tiers: opts.tiers, store: opts.rateStore });
  const keyring = keyringFromSecret(config.signingSecret ?? TEST_SIGNING_SECRET);
  const queue = queueHandle(() => startDraftQueue(database, { supervise: !!opts.worker, settings: opts.queue }));
  const ctx: AppContext = { config, database, rateLimits, keyring, queue };
  const app = await buildApp(ctx, { logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false });
  configure?.(app);
  await app.ready();
  // As server.ts does: the worker drafts with the language model the configuration names (PROSA_LLM_*).
  const worker = opts.worker
    ? await startDraftWorker(database, await queue.get(), { llm: createLlmProvider(config.llm), ...(opts.worker === true ? {} : opts.worker) })
    : undefined;
  return {
    app,
    ctx,
    database,
    worker,
    async close() {
      await app.close();
      // As the server's stop does: the upload readers' child processes end with the app.
      await closeExtractionService();
      await worker?.stop();
      await queue.stop();
      await rateLimits.close();
      await database.close();
    },
  };
}

/**
 * The backend in this process on a given database (a PGlite directory or a PostgreSQL URL, as
 * freshCliEnv gives): for tests that hand the same database to CLI processes in turn. Close it
 * before a CLI process opens a PGlite directory (the directory's lock).
 */
export async function createAppOn(env: Record<string, string>): Promise<TestApp> {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.PROSA_DATA_DIR });
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  const config: Config = loadConfig({ BASE_URL: 'http://prosa.test', PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...env });
  const rateLimits = await createRateLimits({ connectionString: database.connectionString });
  const queue = queueHandle(() => startDraftQueue(database, { supervise: false }));
  const ctx: AppContext = { config, database, rateLimits, keyring: keyringFromSecret(TEST_SIGNING_SECRET), queue };
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    database,
    async close() {
      await app.close();
      await closeExtractionService();
      await queue.stop();
      await rateLimits.close();
      await database.close();
    },
  };
}

/** Signs up a fresh account and returns its session cookie header. */
export async function signUp(
  app: FastifyInstance,
  email = `user-${Math.random().toString(36).slice(2)}@firm.example`,
  password = 'correct horse battery',
): Promise<{ cookie: string; email: string; accountId: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password }, remoteAddress: randomIp() });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), email, accountId: res.json().account.id };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'prosa_session');
  if (!c) throw new Error('no session cookie');
  return `prosa_session=${c.value}`;
}

/** Creates an API key for a signed-in account. */
export async function createKey(app: FastifyInstance, cookie: string, name = 'test'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/keys', headers: { cookie }, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  return res.json().key;
}

/** A random client address, so tests not about rate limits do not share the per-IP budget. */
export function randomIp(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

/**
 * A request as a well-behaved client sends it: a 429 is sent again after the Retry-After it
 * names. For tests that make many calls in a minute but are not about the rate limit (a busy
 * minute on a fast database would otherwise fail them at random).
 */
export async function injectAsClient(app: FastifyInstance, opts: InjectOptions): Promise<LightMyRequestResponse> {
  for (;;) {
    const res = await app.inject(opts);
    if (res.statusCode !== 429) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers['retry-after'] ?? 1)));
  }
}
