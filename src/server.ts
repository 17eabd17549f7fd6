import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import type { RateLimits } from './serving/rate-limits/rate-limit-store.ts';
import { openRateLimits, otherApiProcesses, rateLimitStoreFor } from './serving/rate-limits/rate-limits-for.ts';
import { seedDemoData, type DemoCredentials } from './sources/demo/demo-seeder.ts';
import { startAdminSocket, type AdminSocket } from './cli/admin-socket.ts';
import { writeEmbeddedBackup } from './db/embedded-backup.ts';
import { loadKeyring } from './auth/keyring.ts';
import { startDraftQueue, type QueueSettings } from './jobs/queue.ts';
import { queueHandle, type QueueHandle } from './jobs/queue-handle.ts';
import { startDraftWorker, type DraftWorker, type DraftWorkerOptions } from './jobs/draft-worker.ts';
import { buildWorkerApp } from './jobs/worker-app.ts';
import { runConfiguredWatchPass, startWatchSchedule, watchOffReason, type WatchSchedule } from './jobs/watch-job.ts';
import { presentWatchPass } from './presenters/watch.ts';
import { startNotifyJob } from './jobs/notify-job.ts';
import { runNotifyPass } from './commands/notifications/notify-pass.ts';
import { createMailer } from './mail/mailer.ts';
import { todayUtc } from './clock.ts';
import { buildMcpApp } from './mcp/mcp-app.ts';
import { closeExtractionService } from './extraction/extract.ts';
import { createLlmProvider } from './analysis/llm/index.ts';
import { ConfigError } from './config-error.ts';
import type { Keyring } from './auth/keyring.ts';
import { allowsLoopbackEndpoints, deliverDueWebhooks, startWebhookDeliveryLoop, type DeliveryDeps, type WebhookDeliveryLoop } from './webhooks/deliverer.ts';

export type Role = 'api' | 'worker' | 'mcp';
/** `prosa serve` (role all) runs every role in one process. */
export const ROLES: readonly Role[] = ['api', 'worker', 'mcp'];

/** Seams for tests and benchmarks: queue timings and worker hooks. */
export interface StartOptions {
  /** Told as soon as the demo data is seeded, before anything else can fail (the CLI prints it). */
  onDemoSeeded?: (demo: DemoCredentials) => void;
  queue?: Partial<QueueSettings>;
  worker?: Omit<DraftWorkerOptions, 'logger'>;
  /** Milliseconds between webhook delivery passes on the worker role (default 10 s). */
  webhookIntervalMs?: number;
}

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** The address actually bound (PORT=0 picks a free port). */
  address: string;
  /** Set on the first start with demo data: printed once, never again. */
  demo: DemoCredentials | null;
  stop(): Promise<void>;
}

/**
 * Opens the database (migrating it), seeds the demo data on first start, and serves the
 * backend. In embedded mode it also opens the admin socket so operator commands work while
 * it runs. stop() drains in-flight requests, then closes everything in reverse order.
 */
export async function startServer(config: Config, roles: readonly Role[] = ROLES, opts: StartOptions = {}): Promise<RunningServer> {
  let app: FastifyInstance | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) =>
      app
        ? app.log.warn({ err }, 'an idle database connection failed; the pool replaces it')
        : process.stderr.write(`warning: an idle database connection failed: ${err.message}\n`),
  });
  let rateLimits: RateLimits | undefined;
  let admin: AdminSocket | undefined;
  let queue: QueueHandle | undefined;
  let worker: DraftWorker | undefined;
  let watch: WatchSchedule | undefined;
  let webhooks: WebhookDeliveryLoop | undefined;
  try {
    await migrateToLatest(database.db);
    const demo = config.demoData ? await seedDemoData(database.db, todayUtc()) : null;
    if (demo) opts.onDemoSeeded?.(demo);
    // The supervisor (retries of crashed jobs) runs where jobs are worked.
    queue = queueHandle(() =>
      startDraftQueue(database, {
        supervise: roles.includes('worker'),
        schedule: roles.includes('worker'),
        settings: opts.queue,
        onError: (err) => app?.log.warn({ err }, 'job queue error'),
      }),
    );
    const scaleOut = database.kind === 'postgres' && !ROLES.every((r) => roles.includes(r));
    let keyring: Keyring | undefined;
    if (roles.includes('api')) {
      // Role-split (scale-out) API processes must share PROSA_SIGNING_SECRET: a missing one stops
      // the start here. One all-in-one process keeps a generated secret in its data directory.
      keyring = loadKeyring({ signingSecret: config.signingSecret, dataDir: config.dataDir, scaleOut });
      // Redis when REDIS_URL is set; PostgreSQL shared by role-split replicas; memory for one
      // all-in-one process (rate-limits-for.ts).
      const rateLimitStore = rateLimitStoreFor(config, database, scaleOut);
      rateLimits = await openRateLimits(rateLimitStore, config, database);
      if (database.kind === 'postgres' && rateLimitStore === 'memory' && (await otherApiProcesses(database)) > 0) {
        process.stderr.write(
          'warning: another Prosa API process serves this PostgreSQL database, and this all-in-one process keeps its rate limits in its own memory, so limits are per process. To run replicas, use `prosa serve --role api` (or set PROSA_RATE_LIMIT_STORE=postgres, or REDIS_URL, on every process): docs/operations.md.\n',
        );
      }
      app = await buildApp({ config, database, rateLimits, keyring, queue }, { mcp: roles.includes('mcp') });
    } else {
      app = await buildWorkerApp(config, database);
    }
    if (roles.includes('worker')) {
      worker = await startDraftWorker(database, await queue.get(), { llm: createLlmProvider(config.llm), ...opts.worker, logger: app.log });
      watch = await startWatchSchedule(database.db, await queue.get(), config, app.log);
      await startNotifyJob((await queue.get()).boss, database.db, config, app.log);
    }
    // Webhook deliveries (issue 21) are signed with secrets sealed under PROSA_SIGNING_SECRET: a
    // worker-only process without it delivers nothing, and says so.
    let webhookDeps: DeliveryDeps | undefined;
    if (!keyring && roles.includes('worker')) {
      try {
        keyring = loadKeyring({ signingSecret: config.signingSecret, dataDir: config.dataDir, scaleOut });
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        app.log.warn("webhooks are not delivered by this worker: PROSA_SIGNING_SECRET is not set (set it to the API processes' value)");
      }
    }
    if (keyring) webhookDeps = { secretKey: keyring.webhookSecretKey, baseUrl: config.baseUrl, allowLoopback: allowsLoopbackEndpoints(config.baseUrl) };
    if (roles.includes('worker') && webhookDeps) {
      const log = app.log;
      webhooks = startWebhookDeliveryLoop(database.db, webhookDeps, {
        intervalMs: opts.webhookIntervalMs,
        onError: (err) => log.warn({ err }, 'webhook delivery pass failed'),
      });
    }
    const address = await app.listen({ port: config.port, host: config.host });
    if (database.kind === 'pglite') {
      const pglite = database.pglite!;
      admin = await startAdminSocket(config.dataDir, database.db, app.log, {
        'backup.write': async (args) => writeEmbeddedBackup(pglite, String(args.path)),
        // `prosa watch run` while this server holds the data directory: the pass runs here, with this server's key.
        'watch.run': async (args) => {
          if (watchOffReason(config)) return { enabled: false, reason: watchOffReason(config) };
          const { run, papers } = await runConfiguredWatchPass(database.db, config, {
            trigger: 'cli',
            today: typeof args.date === 'string' ? args.date : undefined,
            logger: app!.log,
          });
          return presentWatchPass(run, papers);
        },
        // `prosa notify run` while the server holds the data directory (src/cli/notify-command.ts).
        'notify.run': async (args) =>
          runNotifyPass(database.db, {
            passDate: String(args.date),
            now: new Date(),
            baseUrl: config.baseUrl,
            mailer: createMailer(config, app!.log),
            log: app!.log,
          }),
        // `prosa webhooks deliver` while this server holds the data directory.
        'webhooks.deliver': async () => {
          if (!webhookDeps) throw new Error('webhooks cannot be signed by this process (no signing secret)');
          return deliverDueWebhooks(database.db, webhookDeps);
        },
      });
    }
    const running: RunningServer = {
      app,
      database,
      address,
      demo,
      async stop() {
        await admin?.close();
        await app!.close();
        // After the app: requests still draining may be reading an upload.
        await closeExtractionService();
        await watch?.stop();
        await webhooks?.stop();
        await worker?.stop();
        await queue!.stop();
        await rateLimits?.close();
        await database.close();
      },
    };
    return running;
  } catch (err) {
    await admin?.close();
    await app?.close();
    await watch?.stop();
    await webhooks?.stop();
    await worker?.stop();
    await queue?.stop();
    await rateLimits?.close();
    await database.close();
    throw err;
  }
}

export interface RunningMcpServer {
  app: FastifyInstance;
  address: string;
  stop(): Promise<void>;
}

/**
 * `prosa serve --role mcp`: the MCP server alone, against API_URL, with no database. It needs
 * PROSA_SIGNING_SECRET (the same as the API processes') for its client secret at the
 * authorization server.
 */
export async function startMcpServer(config: Config): Promise<RunningMcpServer> {
  const keyring = loadKeyring({ signingSecret: config.signingSecret, scaleOut: true });
  const { app } = await buildMcpApp(config, keyring);
  const address = await app.listen({ port: config.port, host: config.host });
  return { app, address, stop: () => app.close() };
}
