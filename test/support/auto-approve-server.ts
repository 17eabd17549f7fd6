/**
 * TEST-ONLY: a Prosa server whose OAuth pages auto-approve (signing in PROSA_TEST_ACCOUNT, default
 * conformance@prosa.test), for `conformance authorization`, which cannot fill in forms. It is the
 * only code that passes buildApp's testAutoApprove option; `prosa serve` never does. It lives in
 * test/ and uses an in-memory database, so it cannot run against real data by accident.
 *
 *   PORT=3301 node test/support/auto-approve-server.ts
 *   # prints "auto-approve test server on http://127.0.0.1:3301"; the authorize URL the runner
 *   # prints must be opened by a client that keeps cookies, e.g. curl -s -L -c jar -b jar URL
 */
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { createRateLimits } from '../../src/http/plugins/rate-limit-store.ts';
import { keyringFromSecret } from '../../src/auth/keyring.ts';
import { startDraftQueue } from '../../src/jobs/queue.ts';
import { queueHandle } from '../../src/jobs/queue-handle.ts';
import { randomBytes } from 'node:crypto';

const port = Number(process.env.PORT ?? 3301);
const host = '127.0.0.1';
const url = `http://${host}:${port}`;
const config = loadConfig({ PORT: String(port), HOST: host, BASE_URL: url, MCP_URL: process.env.MCP_URL ?? url, PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'warn' });
const database = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(database.db);
const rateLimits = await createRateLimits({});
const keyring = keyringFromSecret(process.env.PROSA_SIGNING_SECRET ?? randomBytes(48).toString('base64url'));
const queue = queueHandle(() => startDraftQueue(database, { supervise: false }));
const app = await buildApp({ config, database, rateLimits, keyring, queue }, { testAutoApprove: { email: process.env.PROSA_TEST_ACCOUNT ?? 'conformance@prosa.test' } });
await app.listen({ port, host });
process.stdout.write(`auto-approve test server on ${url}\n`);
const stop = async () => {
  await app.close();
  await queue.stop();
  await rateLimits.close();
  await database.close();
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
