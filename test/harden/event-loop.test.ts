/**
 * Issue 12 item 6: the request thread stays free while CPU-heavy work runs. /health waited 1.7
 * to 3.1 s (p50) while 1 MB analyses ran, and up to 9.7 s behind lookups on PGlite's single
 * connection. Parsing, token counting and the record now run in the analysis threads
 * (src/analysis/analysis-engine.ts), and /health answers from the last database probe.
 * On the main thread a 1 MB analysis blocks the event loop for over a second (token counting
 * alone ~0.8 s, the parse ~0.3 s, in single synchronous stretches), so the generous bound
 * below fails at once if parsing moves back there.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { analysisEngine } from '../../src/analysis/analysis-engine.ts';

const ONE = readFileSync(new URL('../../src/domain/office-action/fixtures/09.txt', import.meta.url), 'utf8');
let BIG = '';
while (Buffer.byteLength(BIG) + Buffer.byteLength(ONE) + 1 < 1024 * 1024) BIG += `${ONE}\n`;

/**
 * Generous: the thread version answers in tens of milliseconds on an idle machine, but this
 * machine is shared (load averages of 30 were seen on 2 cores). The load-independent check is the
 * main thread's own CPU time below.
 */
const HEALTH_BOUND_MS = 2000;
/**
 * Main-thread CPU for the two 1 MB analyses (with the /health probes): about 0.3 s with the
 * threads; on the main thread each analysis alone costs over 1 s (and with PROSA_ANALYSIS_THREADS=0
 * /health answered once during the whole run, failing the probe count first).
 */
const MAX_MAIN_THREAD_CPU_MS = 1000;

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  const { cookie } = await signUp(t.app);
  key = await createKey(t.app, cookie);
});
afterAll(async () => {
  await t?.close();
});

async function healthLatency(): Promise<number> {
  const started = performance.now();
  const res = await t.app.inject({ method: 'GET', url: '/health' });
  expect(res.statusCode).toBe(200);
  return performance.now() - started;
}

describe('the request thread stays free', () => {
  test('/health answers within the bound while 1 MB analyses are in flight', async () => {
    expect(analysisEngine().threads).toBeGreaterThan(0);
    // Until a thread has loaded, analyses run in process (a cold pool never delays them): wait for it.
    await analysisEngine().ready();
    await healthLatency();
    // One analysis first, so the thread has loaded its modules (start-up is not the point here).
    const warm = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': key },
      payload: { application_number: '17/200,011', office_action_text: ONE },
      remoteAddress: randomIp(),
    });
    expect(warm.statusCode).toBe(200);

    let done = false;
    const elu = performance.eventLoopUtilization();
    const cpu = process.threadCpuUsage();
    const analyses = Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/v1/prosa/analyze',
          headers: { 'x-api-key': key },
          payload: { application_number: '17/200,011', office_action_text: BIG },
          remoteAddress: randomIp(),
        }),
      ),
    ).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      latencies.push(await healthLatency());
      await new Promise((r) => setTimeout(r, 20));
    }
    const results = await analyses;
    const busy = performance.eventLoopUtilization(elu).utilization;
    const mainCpuMs = (() => {
      const u = process.threadCpuUsage(cpu);
      return (u.user + u.system) / 1000;
    })();
    for (const res of results) expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // The analyses took long enough for the probe to mean something.
    expect(latencies.length).toBeGreaterThan(5);
    console.log(
      `/health during two 1 MB analyses: ${latencies.length} probes, max ${Math.max(...latencies).toFixed(0)} ms; main loop busy ${(busy * 100).toFixed(0)}%, main thread CPU ${mainCpuMs.toFixed(0)} ms`,
    );
    // Independent of the machine's load: the main thread spent little CPU (it waited on the threads).
    expect(mainCpuMs).toBeLessThan(MAX_MAIN_THREAD_CPU_MS);
    expect(Math.max(...latencies)).toBeLessThan(HEALTH_BOUND_MS);
  }, 120_000);

  test('/health does not wait behind the database: it answers while a transaction holds the connection', async () => {
    await healthLatency();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Embedded, this transaction holds PGlite's only connection; every other query queues behind it.
    const tx = t.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('accounts').select('id').limit(1).execute();
      await held;
    });
    await new Promise((r) => setTimeout(r, 1100));
    try {
      expect(await healthLatency()).toBeLessThan(HEALTH_BOUND_MS);
    } finally {
      release();
      await tx;
    }
  });
});
