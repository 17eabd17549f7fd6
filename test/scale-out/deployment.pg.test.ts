import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { creditGranter } from '../../src/commands/credit-granter.ts';
import { CLI_ACTOR } from '../../src/commands/actor.ts';
import { credits } from '../../src/domain/money.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { createTestDatabaseUrl } from '../support/db.ts';
import { OA_TEXT } from '../support/drafts.ts';
import { authorize, redeemCode, registerClient, tokenRequest } from '../support/oauth.ts';
import { callTool, connectClient } from '../mcp/support.ts';
import { accountWithKey, clientIp, perKeyRun, PIN_HEADER, ROOT, serveRole, startProcess, startStack, waitUntil, type Stack } from './support.ts';

/**
 * Issue 12 "Scale-out, proven with real processes": two `--role api` replicas, one `--role mcp`
 * and two `--role worker` processes on one PostgreSQL database behind HAProxy (test/scale-out/
 * support.ts writes its config). The first worker is the real worker with a reporting seam
 * (reporting-worker.ts) so it can be killed while it holds a job; the second is `prosa serve
 * --role worker` itself. Tests run in order: the last one kills an API replica.
 */
let db: { url: string; drop: () => Promise<void> };
let direct: Database;
let stack: Stack;
let api: string;

beforeAll(async () => {
  db = await createTestDatabaseUrl();
  stack = await startStack({
    databaseUrl: db.url,
    apis: 2,
    mcp: true,
    workers: [
      (env) => startProcess('worker1', [`${ROOT}test/scale-out/reporting-worker.ts`], { ...env, SCALE_OUT_STEP_HOLD_MS: '300000' }),
      (env) => serveRole('worker2', 'worker', env),
    ],
  });
  api = stack.balancer.apiUrl;
  direct = await openDatabase({ databaseUrl: db.url });
  await seedDemoData(direct.db, todayUtc());
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await direct?.close();
  await db?.drop();
});

/** Runs `fn` with every fetch it makes sent to the replicas in turn (a pinning header per call). */
async function acrossReplicas<T>(names: string[], fn: () => Promise<T>): Promise<{ value: T; served: string[] }> {
  const original = globalThis.fetch;
  const served: string[] = [];
  let i = 0;
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (String(input instanceof Request ? input.url : input).startsWith(api)) headers.set(PIN_HEADER, names[i++ % names.length]);
    const res = await original(input, { ...init, headers });
    const by = res.headers.get('x-served-by');
    if (by) served.push(by);
    return res;
  }) as typeof fetch;
  try {
    return { value: await fn(), served };
  } finally {
    globalThis.fetch = original;
  }
}

const pin = (name: string) => ({ [PIN_HEADER]: name });

describe('scale-out deployment behind HAProxy', () => {
  test('the balancer pins, and round-robins, between the two API replicas; both report the api role', async () => {
    for (const name of ['api1', 'api2']) {
      const res = await fetch(`${api}/health`, { headers: pin(name) });
      expect(res.headers.get('x-served-by')).toBe(name);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    }
    const spread = await Promise.all(Array.from({ length: 6 }, () => fetch(`${api}/health`).then((r) => r.headers.get('x-served-by'))));
    expect(new Set(spread)).toEqual(new Set(['api1', 'api2']));
  });

  test('a web session made on one replica works on the other; sign-out on the other ends it everywhere', async () => {
    const { cookie } = await accountWithKey(api, pin('api1'));
    const other = await fetch(`${api}/api/docket`, { headers: { cookie, ...pin('api2') } });
    expect(other.headers.get('x-served-by')).toBe('api2');
    expect(other.status).toBe(200);
    const out = await fetch(`${api}/api/auth/signout`, { method: 'POST', headers: { cookie, ...pin('api2') } });
    expect(out.status).toBeLessThan(300);
    expect((await fetch(`${api}/api/docket`, { headers: { cookie, ...pin('api1') } })).status).toBe(401);
  });

  test('OAuth: every step of the authorization on alternating replicas, the token on the other, refresh on the first; MCP tools through the mcp role', async () => {
    const account = await accountWithKey(api);
    const resource = `${stack.balancer.mcpUrl}/mcp`;
    const client = (await acrossReplicas(['api1'], () => registerClient(api))).value;
    const flow = await acrossReplicas(['api2', 'api1'], () => authorize(api, { email: account.email, password: account.password, client, resource }));
    // authorize, sign-in page, sign-in POST, consent, confirm, callback redirect: both replicas took part.
    expect(new Set(flow.served)).toEqual(new Set(['api1', 'api2']));
    expect(flow.value.code).toBeTruthy();
    const tokens = await acrossReplicas(['api2'], () => redeemCode(api, client, flow.value, undefined, resource));
    expect(tokens.served).toEqual(['api2']);
    expect(tokens.value.status).toBe(200);
    const refreshed = await acrossReplicas(['api1'], () =>
      tokenRequest(api, client, { grant_type: 'refresh_token', refresh_token: tokens.value.body.refresh_token as string, resource }),
    );
    expect(refreshed.value.status).toBe(200);

    // The MCP process verifies the token (JWKS from the balancer), exchanges it and calls /api,
    // round-robined over both replicas.
    const mcp = await connectClient(stack.balancer.mcpUrl, refreshed.value.body.access_token as string);
    for (let i = 0; i < 3; i++) {
      const me = await callTool(mcp, 'whoami');
      expect(me.structuredContent).toMatchObject({ account_id: account.accountId, email: account.email });
    }
    await mcp.close();
  });

  test('rate limits hold across replicas (PostgreSQL store): one key gets exactly 120 a minute from both together', async () => {
    const { key } = await accountWithKey(api);
    const run = await perKeyRun(api, key);
    expect(run.admitted).toBe(120);
    expect(run.refused).toBe(10);
    expect(new Set(run.refusedCodes)).toEqual(new Set(['429 rate_limited']));
    // One counter: the admitted requests saw every remaining count from 119 down to 0 once.
    expect(run.remaining).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(Object.keys(run.servedBy).sort()).toEqual(['api1', 'api2']);
  }, 60_000);

  test('behind the proxy, per-address limits count the client (X-Forwarded-For), not the balancer', async () => {
    const lookup = (ip: string) => fetch(`${api}/v1/prosa/lookup/17200011`, { headers: { 'x-forwarded-for': ip } }).then((r) => r.status);
    const [a, b] = [clientIp(), clientIp()];
    // The free tier allows bursts of 10 per second per address.
    const first = await Promise.all(Array.from({ length: 14 }, () => lookup(a)));
    expect(first.filter((s) => s === 200)).toHaveLength(10);
    expect(first.filter((s) => s === 429)).toHaveLength(4);
    // Another client behind the same balancer is not refused by its neighbour.
    expect(await Promise.all(Array.from({ length: 5 }, () => lookup(b)))).toEqual([200, 200, 200, 200, 200]);
  });

  test('the per-address connection cap exempts the balancer (TRUSTED_PROXIES): 140 open connections through it to one replica, which still answers', async () => {
    const port = Number(new URL(api).port);
    const sockets: Socket[] = [];
    try {
      // Requests whose bodies never finish hold their connections open (HAProxy forwards the
      // headers and connects to the replica at once); each comes from its own client address.
      for (let i = 0; i < 140; i++) {
        sockets.push(
          await new Promise<Socket>((resolve) => {
            const s = connect(port, '127.0.0.1', () => {
              s.write(
                `POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n${PIN_HEADER}: api2\r\nX-Forwarded-For: ${clientIp()}\r\n\r\n{"em`,
              );
              resolve(s);
            });
            s.on('error', () => {});
          }),
        );
      }
      await waitUntil(
        '140 connections from the balancer to api2',
        async () => ((await stack.balancer.connections()).api2 >= 140 ? true : undefined),
        30_000,
        100,
      );
      // 140 connections from one peer address (the balancer) exceed PROSA_MAX_CONNECTIONS_PER_IP
      // (128), yet the replica serves the next one: the balancer is exempt.
      const res = await fetch(`${api}/health`, { headers: pin('api2') });
      expect(res.headers.get('x-served-by')).toBe('api2');
      expect(res.status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });

  test('a worker killed (SIGKILL) mid-job: the other worker builds every draft once, each is charged once, downloads work on both replicas', async () => {
    const account = await accountWithKey(api);
    await creditGranter(direct.db, CLI_ACTOR, { accountId: account.accountId, amountMicro: credits(200), kind: 'grant', description: 'scale-out test' });
    const post = async (path: string, body: object) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': account.key },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    const analysis = await post('/v1/prosa/analyze', { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false });
    expect(analysis.status).toBe(200);

    const [worker1, worker2] = stack.workers;
    // worker2 is paused while the drafts are queued, so worker1 takes them; it reports each step
    // and holds the job, and is killed on its first report: the kill lands mid-job.
    worker2.child.kill('SIGSTOP');
    const submitted = [];
    try {
      for (let i = 0; i < 3; i++) {
        const res = await post('/v1/prosa/draft-roa', { application_number: '17200011', analysis_id: analysis.body.analysis_id, response_date: todayUtc() });
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        submitted.push(res.body);
      }
      const held = await waitUntil('worker1 to report a step', async () => /step (\S+) /.exec(worker1.output())?.[1], 60_000, 100);
      worker1.child.kill('SIGKILL');
      await worker1.exited;
      const row = await direct.db.selectFrom('draft_jobs').select(['status', 'attempts']).where('id', '=', held).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'in_progress', attempts: 1 });
    } finally {
      worker2.child.kill('SIGCONT');
    }

    const jobs = await waitUntil(
      'every draft to finish on worker2',
      async () => {
        const rows = await direct.db
          .selectFrom('draft_jobs')
          .select(['id', 'status', 'attempts', 'charge_ledger_id', 'refund_ledger_id'])
          .where('account_id', '=', account.accountId)
          .execute();
        return rows.length === 3 && rows.every((r) => r.status === 'complete' || r.status === 'failed') ? rows : undefined;
      },
      90_000,
      500,
    );
    expect(jobs.map((j) => j.status)).toEqual(['complete', 'complete', 'complete']);
    // At least the held job was retried after the kill (worker1 may have taken all three).
    expect(jobs.some((j) => j.attempts >= 2)).toBe(true);
    expect(jobs.every((j) => j.charge_ledger_id !== null && j.refund_ledger_id === null)).toBe(true);

    // The ledger: one export charge per job, no refund, and the balance equals the ledger's sum.
    const ledger = await direct.db
      .selectFrom('credit_ledger')
      .select(['kind', 'reference', 'amount_micro'])
      .where('account_id', '=', account.accountId)
      .execute();
    for (const j of jobs) expect(ledger.filter((l) => l.reference === j.id).map((l) => l.kind)).toEqual(['export']);
    expect(ledger.filter((l) => l.kind === 'refund')).toHaveLength(0);
    const balance = await direct.db.selectFrom('credit_balances').select('balance_micro').where('account_id', '=', account.accountId).executeTakeFirstOrThrow();
    expect(BigInt(balance.balance_micro)).toBe(ledger.reduce((sum, l) => sum + BigInt(l.amount_micro), 0n));

    // Each job built once: one stored document; its signed link downloads from either replica.
    for (const s of submitted) {
      const job = (await (await fetch(`${api}${s.poll_url}`, { headers: { 'x-api-key': account.key } })).json()) as Record<string, string>;
      expect(job.status).toBe('complete');
      const link = new URL(job.download_url);
      expect(link.origin).toBe(api);
      const sizes = [];
      for (const name of ['api1', 'api2']) {
        const file = await fetch(link, { headers: pin(name) });
        expect(file.headers.get('x-served-by')).toBe(name);
        expect(file.status).toBe(200);
        const bytes = Buffer.from(await file.arrayBuffer());
        expect(bytes.subarray(0, 2).toString()).toBe('PK');
        sizes.push(bytes.length);
      }
      expect(sizes[0]).toBe(sizes[1]);
    }
    expect(worker2.output()).not.toMatch(/"level":(50|60)/);
  }, 150_000);

  test('an API replica killed (SIGKILL) under write load: every acknowledged write is stored; the balancer routes around it', async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, () => accountWithKey(api)));
    type Result = { writer: number; startedAt: number; status: number; id?: string; by?: string | null };
    const results: Result[] = [];
    let stop = false;
    let killedAt = Infinity;
    const write = async (w: number) => {
      const { cookie } = writers[w];
      const ip = clientIp();
      for (let seq = 0; !stop; seq++) {
        const startedAt = Date.now();
        const number = `18${w}${String(seq).padStart(5, '0')}`;
        try {
          const res = await fetch(`${api}/api/docket`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
            body: JSON.stringify({ application_number: number, application: { invention_title: `Scale-out ${number}` } }),
          });
          const body = (await res.json().catch(() => ({}))) as { id?: string };
          results.push({ writer: w, startedAt, status: res.status, id: body.id, by: res.headers.get('x-served-by') });
        } catch {
          results.push({ writer: w, startedAt, status: 0 });
        }
        // About 8 writes a second per account: under its burst (20/s) and minute (120) budgets.
        await new Promise((r) => setTimeout(r, 120));
      }
    };
    const load = Promise.all(writers.map((_, w) => write(w)));
    const [api1] = stack.apis;
    try {
      await waitUntil(
        'writes acknowledged by both replicas',
        async () => {
          const by = new Set(results.filter((r) => r.status === 201).map((r) => r.by));
          return by.has('api1') && by.has('api2') && results.length >= 30 ? true : undefined;
        },
        30_000,
        50,
      );
      killedAt = Date.now();
      api1.child.kill('SIGKILL');
      await api1.exited;
      await stack.balancer.waitFor('DOWN', ['api1'], 15_000);
      const downAt = Date.now();
      await waitUntil(
        '30 more writes after the balancer marked api1 down',
        async () => (results.filter((r) => r.startedAt > downAt).length >= 30 ? true : undefined),
        30_000,
        50,
      );
      stop = true;
      await load;

      const acknowledged = results.filter((r) => r.status === 201);
      expect(acknowledged.length).toBeGreaterThan(60);
      expect(acknowledged.filter((r) => typeof r.id !== 'string')).toEqual([]);
      const ids = acknowledged.map((r) => r.id!);
      const stored = await direct.db.selectFrom('docket_entries').select('id').where('id', 'in', ids).execute();
      expect(stored).toHaveLength(ids.length);

      // Only requests in flight at the kill can have failed (one per writer at most); HAProxy
      // retried refused connections on api2. Everything after the balancer noticed succeeded there.
      const failed = results.filter((r) => r.status !== 201);
      expect(failed.length).toBeLessThanOrEqual(writers.length);
      expect(failed.every((r) => r.startedAt >= killedAt - 5_000 && r.startedAt <= downAt)).toBe(true);
      const later = results.filter((r) => r.startedAt > downAt);
      expect(later.every((r) => r.status === 201 && r.by === 'api2')).toBe(true);
      expect((await stack.balancer.servers()).api2).toMatch(/^UP/);
      // The writes that failed were not acknowledged; whatever they did is consistent (no partial rows).
      const orphans = await sql<{
        n: string;
      }>`select count(*) as n from docket_entries e left join applications a on a.id = e.application_id where a.id is null`.execute(direct.db);
      expect(Number(orphans.rows[0].n)).toBe(0);
    } finally {
      stop = true;
      await load;
    }
  }, 120_000);
});
