// bench/draft-jobs: how long a REST #4 draft takes from submission to a stored DOCX, on the
// embedded default (PGlite in a fresh data directory, the queue and worker in the same process,
// default queue settings: what `npm start` runs).
//
//   ./node_modules/.bin/node bench/draft-jobs.ts            (50 drafts; BENCH_DRAFTS=n for more, BENCH_BURSTS=n bursts)
//   DATABASE_URL=postgres://... ./node_modules/.bin/node bench/draft-jobs.ts
//
// Runs over the same analysis (office action fixture 04, 8 claims, real claim text):
//   sequential: one draft at a time, so each figure is one job's latency on an idle server;
//   burst:      all drafts submitted at once, so the figures include waiting for the worker;
//               BENCH_BURSTS of them (default 5), each after the last one's documents are stored.
// Latency = from just before the POST is sent to the moment the worker stored the document
// (the row's finished_at, stamped by the same process clock). Requests go over real HTTP.
// Side by side in one run: documents built where the default puts them (worker threads on
// PostgreSQL, child processes on the embedded PGlite: defaultBuilderIsolation in
// src/jobs/draft-worker.ts) and on the main thread (builderThreads: 0), each on a fresh server.
// The submissions come from a separate client process (this file run with --client), so the server's
// event loop does only the server's work, as it would behind a real load: "202 answered" is how long
// each submission took from that client's send to its full answer (it includes waiting for the
// event loop the worker shares). Both processes read the same host clock.
// A host reference (bench/support/host-reference.ts) is printed before and after the runs: this
// machine's speed moves by up to 2x between hours, so it tells a slow hour from a slow change.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { creditGranter } from '../src/commands/credit-granter.ts';
import { CLI_ACTOR } from '../src/commands/actor.ts';
import { credits } from '../src/domain/money.ts';
import { hostReferenceLine } from './support/host-reference.ts';

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 50);
/** Bursts of DRAFTS submissions, one after another on the same server. */
const BURSTS = Number(process.env.BENCH_BURSTS ?? 5);
const OA = readFileSync(new URL('../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const CLAIMS: Record<string, string> = {
  '1': 'A battery pack comprising: a plurality of cells; a coolant loop; and a controller configured to predict a temperature of each cell from a thermal model and to adjust a coolant flow before the temperature exceeds a limit.',
  '2': 'The battery pack of claim 1, wherein the thermal model is updated from measured cell voltages.',
};

async function scenario(label: string, builderThreads: number | undefined): Promise<string[]> {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'prosa-bench-drafts-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    PROSA_DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    BASE_URL: 'http://localhost:8080',
    PROSA_SIGNING_SECRET: 'bench-signing-secret-bench-signing-secret',
    ...(dataDir ? { PROSA_DATA_DIR: dataDir } : { DATABASE_URL: process.env.DATABASE_URL! }),
  });
  const server = await startServer(config, undefined, builderThreads === undefined ? {} : { worker: { builderThreads } });
  const { db } = server.database;
  const base = server.address;
  const lines: string[] = [];
  try {
    await seedDemoData(db, new Date().toISOString().slice(0, 10));
    const json = async (res: Response) => {
      const body = await res.json();
      if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const post = (path: string, body: object, headers: Record<string, string>) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    const signup = await post('/api/auth/signup', { email: `bench-${Date.now()}@firm.example`, password: 'correct horse battery' }, {});
    const cookie = signup.headers.get('set-cookie')!.split(';')[0];
    const accountId = (await json(signup)).account.id as string;
    await creditGranter(db, CLI_ACTOR, { accountId, amountMicro: credits(49 * DRAFTS * (BURSTS + 1) + 100), kind: 'grant', description: 'benchmark' });
    // Several keys: the burst would otherwise trip the per-key limit of 20 requests per second.
    const keys: string[] = [];
    for (let i = 0; i < Math.ceil(DRAFTS / 15); i++) keys.push((await json(await post('/api/keys', { name: `bench-${i}` }, { cookie }))).key);
    const analysis = await json(
      await post('/v1/prosa/analyze', { application_number: '17200011', office_action_text: OA, include_examiner_intel: false }, { 'x-api-key': keys[0] }),
    );

    const submission = { application_number: '17200011', analysis_id: analysis.analysis_id, claims: CLAIMS, strategy_selections: { claim_1: 'amend_narrow' } };
    const submit = (count: number, together: boolean) => submitFromClient({ url: `${base}/v1/prosa/draft-roa`, keys, body: submission, count, together });

    /** When each job's document was stored. One poller for all (per-job pollers would load the database they measure). */
    async function finishedAt(jobIds: string[]): Promise<number[]> {
      for (;;) {
        const rows = await db.selectFrom('draft_jobs').select(['id', 'status', 'finished_at']).where('id', 'in', jobIds).execute();
        const failed = rows.find((r) => r.status === 'failed');
        if (failed) throw new Error(`job ${failed.id} failed`);
        if (rows.every((r) => r.status === 'complete')) {
          const at = new Map(rows.map((r) => [r.id, r.finished_at!.getTime()]));
          return jobIds.map((id) => at.get(id)!);
        }
        await new Promise((r) => setTimeout(r, jobIds.length > 1 ? 50 : 10));
      }
    }

    const pct = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
    };
    const summary = (name: string, latencies: number[], accepted: number[], wallMs: number) => {
      const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
      lines.push(
        `${label.padEnd(13)} ${name.padEnd(10)} n=${latencies.length}  p50 ${pct(latencies, 50)} ms  p95 ${pct(latencies, 95)} ms  max ${Math.max(...latencies)} ms  mean ${mean.toFixed(0)} ms` +
          `  |  202 answered p50 ${pct(accepted, 50)} ms  |  wall ${wallMs} ms (${((latencies.length / wallMs) * 1000).toFixed(1)} drafts/s)`,
      );
    };

    // Warm-up: one draft (first-use compilation of the builders and queries).
    const [warm] = await submit(1, false);
    await finishedAt([warm.jobId]);

    const seq: number[] = [];
    const seqAccepted: number[] = [];
    const seqStart = Date.now();
    for (let i = 0; i < DRAFTS; i++) {
      const [s] = await submit(1, false);
      seq.push((await finishedAt([s.jobId]))[0] - s.sentAt);
      seqAccepted.push(s.acceptedMs);
    }
    const seqWall = Date.now() - seqStart;

    // BURSTS bursts, each in a fresh per-second window (the account's ceiling, 60 requests a second
    // across its keys, would otherwise count the previous run's last second) and after the previous
    // burst's documents are stored. One burst is one sample of a noisy machine: the figures are over all.
    const burst: number[] = [];
    const burstAccepted: number[] = [];
    const burstMedians: number[] = [];
    let burstWall = 0;
    for (let b = 0; b < BURSTS; b++) {
      await new Promise((r) => setTimeout(r, 1100));
      const burstStart = Date.now();
      const submitted = await submit(DRAFTS, true);
      const done = await finishedAt(submitted.map((s) => s.jobId));
      burstWall += Date.now() - burstStart;
      burst.push(...submitted.map((s, i) => done[i] - s.sentAt));
      burstAccepted.push(...submitted.map((s) => s.acceptedMs));
      burstMedians.push(
        pct(
          submitted.map((s) => s.acceptedMs),
          50,
        ),
      );
    }

    const size = await db
      .selectFrom('draft_jobs')
      .select((eb) => eb.fn('octet_length', ['document']).as('bytes'))
      .where('id', '=', warm.jobId)
      .executeTakeFirstOrThrow();
    lines.unshift(`${label}: ${server.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ${DRAFTS} drafts each run, DOCX ${size.bytes} bytes`);
    summary('sequential', seq, seqAccepted, seqWall);
    summary(`burst x${BURSTS}`, burst, burstAccepted, burstWall);
    lines.push(`${label.padEnd(13)} each burst's 202 answered p50: ${burstMedians.map((m) => `${m} ms`).join(', ')}`);
  } finally {
    await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

interface Submitted {
  jobId: string;
  /** Date.now() in the client just before the request was sent. */
  sentAt: number;
  /** From the send to the whole 202 answer read. */
  acceptedMs: number;
}

interface ClientOrder {
  url: string;
  keys: string[];
  body: object;
  count: number;
  /** All at once (a burst), or one after another. */
  together: boolean;
}

/** One client process for a whole run, started on first use (its start-up is not timed). */
let client: ReturnType<typeof fork> | undefined;

function submitFromClient(order: ClientOrder): Promise<Submitted[]> {
  client ??= fork(fileURLToPath(import.meta.url), ['--client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const c = client;
  return new Promise((resolve, reject) => {
    c.once('message', (reply: { ok: true; submitted: Submitted[] } | { ok: false; error: string }) =>
      reply.ok ? resolve(reply.submitted) : reject(new Error(reply.error)),
    );
    c.send(order);
  });
}

/** The client process: submits as ordered over real HTTP (keys in turn: each has a per-second limit). */
function runClient(): void {
  // node:http with kept-alive connections, one per request of a burst: undici's fetch spends so much
  // of this process's CPU per request that a burst's last request left about 30 ms after its first.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  process.on('message', async (order: ClientOrder) => {
    const payload = Buffer.from(JSON.stringify(order.body));
    const one = (i: number): Promise<Submitted> =>
      new Promise((resolve, reject) => {
        const sentAt = Date.now();
        const req = request(order.url, {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-api-key': order.keys[i % order.keys.length] },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const acceptedMs = Date.now() - sentAt;
            const text = Buffer.concat(chunks).toString('utf8');
            const body = JSON.parse(text) as { job_id?: string };
            if (res.statusCode !== 202 || !body.job_id) reject(new Error(`${res.statusCode} ${text}`));
            else resolve({ jobId: body.job_id, sentAt, acceptedMs });
          });
        });
        req.end(payload);
      });
    try {
      const submitted: Submitted[] = [];
      if (order.together) submitted.push(...(await Promise.all(Array.from({ length: order.count }, (_, i) => one(i)))));
      else for (let i = 0; i < order.count; i++) submitted.push(await one(i));
      process.send!({ ok: true, submitted });
    } catch (err) {
      process.send!({ ok: false, error: String(err) });
    }
  });
}

if (process.argv.includes('--client')) {
  runClient();
} else {
  await main();
}

async function main(): Promise<void> {
  const before = hostReferenceLine('start');
  const defaults = await scenario('default', undefined);
  const inline = await scenario('main thread', 0);
  console.log([before, ...defaults, ...inline, hostReferenceLine('end')].join('\n'));
  console.log(
    `(load average during the run: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} on ${availableParallelism()} cores)`,
  );
  client?.kill();
}
