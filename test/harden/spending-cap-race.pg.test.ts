import { afterAll, beforeAll, describe, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { createRateLimits } from '../../src/serving/rate-limits/rate-limit-store.ts';
import { keyringFromSecret } from '../../src/auth/keyring.ts';
import { startDraftQueue } from '../../src/jobs/queue.ts';
import { queueHandle } from '../../src/jobs/queue-handle.ts';
import type { FastifyInstance } from 'fastify';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../support/app.ts';
import { cappedAccount, costOfOneAnalysis, expectCapHolds } from './spending-cap-race.ts';

/**
 * Issue 20, red team item 6, on PostgreSQL only: two API instances with pools of their own on one
 * database (as two `--role api` replicas), ten concurrent analyses of one capped account spread
 * over both. Whatever serializes the cap check must live in the database, not in one process.
 */
let t: TestApp;
let second: { app: FastifyInstance; database: Database; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp();
  const database = await openDatabase({ databaseUrl: t.database.connectionString!, poolSize: 20 });
  const config = loadConfig({ BASE_URL: 'http://prosa.test', PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'silent' });
  const rateLimits = await createRateLimits({ connectionString: t.database.connectionString });
  const queue = queueHandle(() => startDraftQueue(database, { supervise: false }));
  const app = await buildApp({ config, database, rateLimits, keyring: keyringFromSecret(TEST_SIGNING_SECRET), queue }, { logger: false });
  await app.ready();
  second = {
    app,
    database,
    async close() {
      await app.close();
      await queue.stop();
      await rateLimits.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('daily AI spending cap on PostgreSQL', () => {
  test('ten concurrent analyses through two API instances: exactly three charged with the cap at 2.5 analyses', async () => {
    const cost = await costOfOneAnalysis(t.app);
    await expectCapHolds([t.app, second.app], t.database, await cappedAccount(t.app, cost), cost);
  }, 90_000);
});
