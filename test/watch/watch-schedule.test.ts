/**
 * The watch's schedule on the worker role: `prosa serve`'s startServer (api + worker, as one
 * process) registers the pg-boss cron schedule from PROSA_WATCH_CRON when a key is set, and none
 * (removing an earlier one) without a key, and still starts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { freshCliEnv } from '../support/cli.ts';
import { WATCH_QUEUE } from '../../src/jobs/watch-job.ts';

let env: Record<string, string>;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ env, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' }));
});
afterAll(async () => {
  await drop?.();
});

const start = (extra: Record<string, string>) =>
  startServer(
    loadConfig({
      BASE_URL: 'http://prosa.test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      PROSA_SIGNING_SECRET: 'test-signing-secret-0123456789abcdef0123456789',
      ...env,
      ...extra,
    }),
    ['api', 'worker'],
  );

test('with a key the worker schedules the watch on PROSA_WATCH_CRON; without one the schedule is removed', async () => {
  const on = await start({ PROSA_USPTO_API_KEY: 'test-key', PROSA_USPTO_BASE_URL: 'http://127.0.0.1:9', PROSA_WATCH_CRON: '15 5 * * 1-5' });
  try {
    const rows = await sql<{ name: string; cron: string }>`select name, cron from pgboss.schedule where name = ${WATCH_QUEUE}`.execute(on.database.db);
    expect(rows.rows).toEqual([{ name: WATCH_QUEUE, cron: '15 5 * * 1-5' }]);
  } finally {
    await on.stop();
  }
  const off = await start({});
  try {
    const rows = await sql<{ name: string }>`select name from pgboss.schedule where name = ${WATCH_QUEUE}`.execute(off.database.db);
    expect(rows.rows).toEqual([]);
  } finally {
    await off.stop();
  }
}, 300_000);
