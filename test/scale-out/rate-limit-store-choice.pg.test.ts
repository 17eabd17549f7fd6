import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import pg from 'pg';
import { createTestDatabaseUrl } from '../support/db.ts';
import { loadConfig } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { otherApiProcesses } from '../../src/serving/rate-limits/rate-limits-for.ts';

/**
 * One all-in-one process on PostgreSQL keeps its rate limits in memory (exact: it is the only
 * process answering) and writes no counter rows; role-split API replicas share prosa_rate_windows.
 * A second all-in-one process on the same database is told its limits are then per process.
 */
let db: { url: string; drop: () => Promise<void> };
let admin: pg.Client;
const servers: RunningServer[] = [];
const SECRET = 'rate-store-choice-secret-0123456789abcdef';

beforeAll(async () => {
  db = await createTestDatabaseUrl();
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
});
afterAll(async () => {
  for (const s of servers.reverse()) await s.stop().catch(() => {});
  await admin?.end();
  await db?.drop();
});

const start = async (roles?: Parameters<typeof startServer>[1]) => {
  const config = loadConfig({
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    PROSA_DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    TRUSTED_PROXIES: '127.0.0.1',
    PROSA_SIGNING_SECRET: SECRET,
    PROSA_DATA_DIR: '/nonexistent-prosa-data-dir',
  });
  const s = await startServer(config, roles);
  servers.push(s);
  return s;
};

/** Eleven free lookups from one client address within a second: the burst is 10. */
async function burst(base: string, ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await fetch(`${base}/v1/prosa/lookup/17200011`, { headers: { 'x-forwarded-for': ip } })).status);
  return statuses;
}

const counterRows = async () => Number((await admin.query<{ n: string }>('select count(*)::text as n from prosa_rate_windows')).rows[0].n);

describe('rate limits of an all-in-one process and of replicas on PostgreSQL', () => {
  test('an all-in-one process limits in memory: the 11th request is refused and no counter row is written', async () => {
    const s = await start();
    const statuses = await burst(s.address, '203.0.113.10');
    expect(statuses.slice(0, 10).every((c) => c !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await counterRows()).toBe(0);
    await s.stop();
    servers.splice(servers.indexOf(s), 1);
  });

  test('role-split API replicas share the counters in PostgreSQL: the burst holds across two of them', async () => {
    const a = await start(['api']);
    const b = await start(['api']);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await fetch(`${(i % 2 ? b : a).address}/v1/prosa/lookup/17200011`, { headers: { 'x-forwarded-for': '203.0.113.20' } })).status);
    expect(statuses.filter((c) => c === 429)).toHaveLength(1);
    expect(statuses[10]).toBe(429);
    expect(await counterRows()).toBeGreaterThan(0);
  });

  test('a second all-in-one process beside other API processes warns that its limits are per process', async () => {
    // The replicas of the previous test are still running, each with its credential listener.
    await vi.waitFor(async () => expect(await otherApiProcesses({ kind: 'postgres', db: servers[0].database.db } as never)).toBeGreaterThanOrEqual(1), {
      timeout: 10_000,
    });
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    try {
      await start();
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toMatch(/another Prosa API process serves this PostgreSQL database.*limits are per process/s);
  });
});
