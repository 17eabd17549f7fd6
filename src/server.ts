import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { createRateLimits, type RateLimits } from './http/plugins/rate-limit-store.ts';
import { seedDemoData, type DemoCredentials } from './sources/demo/demo-seeder.ts';
import { startAdminSocket, type AdminSocket } from './cli/admin-socket.ts';

export type Role = 'api';
export const ROLES: readonly Role[] = ['api'];

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** The address actually bound (PORT=0 picks a free port). */
  address: string;
  /** Set on the first start with demo data: printed once, never again. */
  demo: DemoCredentials | null;
  stop(): Promise<void>;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Opens the database (migrating it), seeds the demo data on first start, and serves the
 * backend. In embedded mode it also opens the admin socket so operator commands work while
 * it runs. stop() drains in-flight requests, then closes everything in reverse order.
 */
export async function startServer(config: Config, roles: readonly Role[] = ROLES): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let rateLimits: RateLimits | undefined;
  let admin: AdminSocket | undefined;
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    const demo = config.demoData ? await seedDemoData(database.db, todayUtc()) : null;
    rateLimits = await createRateLimits({ connectionString: database.connectionString });
    app = await buildApp({ config, database, rateLimits });
    void roles;
    const address = await app.listen({ port: config.port, host: config.host });
    if (database.kind === 'pglite') admin = await startAdminSocket(config.dataDir, database.db, app.log);
    const running: RunningServer = {
      app,
      database,
      address,
      demo,
      async stop() {
        await admin?.close();
        await app!.close();
        await rateLimits!.close();
        await database.close();
      },
    };
    return running;
  } catch (err) {
    await admin?.close();
    await app?.close();
    await rateLimits?.close();
    await database.close();
    throw err;
  }
}
