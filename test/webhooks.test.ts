/**
 * Signed webhooks (issue 21): endpoints over HTTP, deliveries a receiver verifies with the
 * `standardwebhooks` library, replay refused, retries on the schedule (passes run at chosen
 * instants), and the draft/analysis completions each delivered exactly once.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createKey, createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';
import { analyzeOa, grant, pollUntilDone } from './support/drafts.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { deliverDueWebhooks, startWebhookDeliveryLoop, type DeliveryDeps } from '../src/webhooks/deliverer.ts';
import { signatureHeaders } from '../src/webhooks/signature.ts';
import { nextAttemptAfter, webhookUrlProblem } from '../src/domain/webhooks.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  answer: number;
}

/**
 * A receiver as an integrator would write it: verifies each delivery with the Standard Webhooks
 * library (signature and timestamp tolerance), and refuses a webhook-id it has already accepted.
 */
class Receiver {
  server!: Server;
  url = '';
  received: Received[] = [];
  seen = new Set<string>();
  /** What the receiver answers a valid, new delivery (tests set 500 to force retries). */
  status = 200;
  private secret = '';
  setSecret(secret: string): void {
    this.secret = secret;
  }
  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const answer = this.check(req.headers, body);
        this.received.push({ headers: req.headers, body, verified: answer !== 401, answer });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
  check(headers: IncomingHttpHeaders, body: string): number {
    try {
      new Webhook(this.secret).verify(body, headers as Record<string, string>);
    } catch {
      return 401;
    }
    const id = String(headers['webhook-id']);
    if (this.seen.has(id)) return 409;
    if (this.status < 300) this.seen.add(id);
    return this.status;
  }
  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

// A shared two-core machine can make one test's dozen passes slow: time is not what is tested.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
let cookie: string;
let accountId: string;
let key: string;
let deps: DeliveryDeps;
const receiver = new Receiver();

// Calls as a client makes them: this file makes more than the session's 120 a minute, and a
// 429 is answered by waiting the Retry-After it names (CI on a fast machine reached it).
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = { cookie }) =>
  injectAsClient(t.app, { method, url, headers, ...(payload ? { payload } : {}), remoteAddress: randomIp() });

beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
  await seedDemoData(t.database.db, '2026-11-21');
  ({ cookie, accountId } = await signUp(t.app));
  key = await createKey(t.app, cookie);
  await receiver.start();
  deps = { secretKey: t.ctx.keyring.webhookSecretKey, baseUrl: t.ctx.config.baseUrl, allowLoopback: true };
}, 120_000);
afterAll(async () => {
  await receiver.stop();
  await t?.close();
});
beforeEach(() => {
  receiver.received = [];
  receiver.status = 200;
});

async function addEndpoint(events: string[], url = receiver.url): Promise<{ id: string; secret: string }> {
  const res = await call('POST', '/api/webhooks', { url, description: 'test receiver', events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('endpoints over HTTP', () => {
  test('create shows the secret once; list, get, patch, rotate, delete; audit rows', async () => {
    const created = await addEndpoint(['draft.completed', 'analysis.completed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ url: receiver.url, description: 'test receiver', events: ['draft.completed', 'analysis.completed'], enabled: true });

    const list = await call('GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().webhooks.map((w: { id: string }) => w.id)).toContain(created.id);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain('secret');
    // Stored sealed: the plain secret is nowhere in the row.
    const row = await t.database.db.selectFrom('webhook_endpoints').select('secret_ciphertext').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(created.secret.slice(6, 20));

    const got = await call('GET', `/api/webhooks/${created.id}`);
    expect(got.json()).toMatchObject({ id: created.id, events: ['draft.completed', 'analysis.completed'] });

    const patched = await call('PATCH', `/api/webhooks/${created.id}`, { events: ['analysis.completed'], enabled: false, description: 'renamed' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ events: ['analysis.completed'], enabled: false, description: 'renamed' });

    const rotated = await call('POST', `/api/webhooks/${created.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);

    expect((await call('DELETE', `/api/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/webhooks/${created.id}`)).statusCode).toBe(404);

    const actions = (await t.database.db.selectFrom('audit_log').select('action').where('target_id', '=', created.id).orderBy('id').execute()).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['webhook.created', 'webhook.updated', 'webhook.secret_rotated', 'webhook.deleted']);
  });

  test("another account's endpoint and deliveries answer 404", async () => {
    const mine = await addEndpoint(['analysis.completed']);
    const other = await signUp(t.app);
    const as = { cookie: other.cookie };
    for (const [method, url, body] of [
      ['GET', `/api/webhooks/${mine.id}`],
      ['PATCH', `/api/webhooks/${mine.id}`, { description: 'x' }],
      ['DELETE', `/api/webhooks/${mine.id}`],
      ['POST', `/api/webhooks/${mine.id}/rotate-secret`],
      ['POST', `/api/webhooks/${mine.id}/test`],
      ['GET', `/api/webhooks/${mine.id}/deliveries`],
    ] as const) {
      const res = await call(method, url, body as object | undefined, as);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error_code).toBe('webhook_not_found');
    }
    const ping = await call('POST', `/api/webhooks/${mine.id}/test`);
    expect((await call('POST', `/api/webhooks/deliveries/${ping.json().id}/redeliver`, undefined, as)).statusCode).toBe(404);
    expect((await call('GET', '/api/webhooks', undefined, as)).json().webhooks).toEqual([]);
    expect((await call('GET', '/api/webhooks', undefined, {})).statusCode).toBe(401);
    await call('DELETE', `/api/webhooks/${mine.id}`);
  });

  test('bad input is a 400 with the field named: not https, credentials in the URL, unknown events', async () => {
    for (const [body, field] of [
      [{ url: 'http://hooks.example.com/x', events: ['draft.completed'] }, 'url: must use https'],
      [{ url: 'https://user:pw@hooks.example.com/x' }, 'url: must not contain'],
      [{ url: 'ftp://hooks.example.com/x' }, 'url: must be an absolute https URL'],
      [{ url: 'https://169.254.169.254/latest' }, 'url: must be a public address: 169.254.169.254 is not'],
      [{ url: 'https://[fd00::1]/x' }, 'url: must be a public address: fd00::1 is not'],
      [{ url: 'https://hooks.example.com/x', events: ['draft.done'] }, 'events: "draft.done" is not an event kind'],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'events: must name at least one'],
    ] as const) {
      const res = await call('POST', '/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });
});

describe('the URL rule and the retry schedule (pure)', () => {
  test('localhost only on a development server; https otherwise', () => {
    expect(webhookUrlProblem('http://localhost:3000/h', true)).toBeNull();
    expect(webhookUrlProblem('http://localhost:3000/h', false)).toMatch(/public address/);
    expect(webhookUrlProblem('https://127.0.0.1/h', false)).toMatch(/public address/);
    expect(webhookUrlProblem('https://hooks.example.com/h', false)).toBeNull();
  });
  test('1 min, 5 min, 30 min, 2 h, 12 h, then given up', () => {
    const t0 = new Date('2026-11-27T00:00:00Z');
    expect([1, 2, 3, 4, 5].map((n) => (nextAttemptAfter(n, t0)!.getTime() - t0.getTime()) / 1000)).toEqual([60, 300, 1800, 7200, 43200]);
    expect(nextAttemptAfter(6, t0)).toBeNull();
  });
});

describe('deliveries a receiver verifies with the standardwebhooks library', () => {
  test('a test ping is signed, verified, and a replay of it is refused', async () => {
    const ep = await addEndpoint(['draft.completed']);
    receiver.setSecret(ep.secret);
    const res = await call('POST', `/api/webhooks/${ep.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, event_type: 'webhook.ping', next_attempt_at: null });
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0];
    expect(first.verified).toBe(true);
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(first.headers['webhook-id']).toBe(res.json().message_id);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.ping', data: { endpoint_id: ep.id } });

    // The same request sent again (a replay): its signature is still valid, but its id was seen.
    const replay = await fetch(receiver.url, { method: 'POST', headers: first.headers as Record<string, string>, body: first.body });
    expect(replay.status).toBe(409);
    // A tampered body fails verification.
    const tampered = await fetch(receiver.url, {
      method: 'POST',
      headers: { ...(first.headers as Record<string, string>), 'webhook-id': 'msg_other' },
      body: first.body,
    });
    expect(tampered.status).toBe(401);
    // A delivery signed with the right secret but ten minutes ago is refused (the library's tolerance is 5 minutes).
    const oldTs = Math.floor(Date.now() / 1000) - 600;
    const old = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signatureHeaders(ep.secret, 'msg_fresh', oldTs, first.body) },
      body: first.body,
    });
    expect(old.status).toBe(401);
    // The same, timestamped now, is accepted: the refusals above are the timestamp's and the id's.
    const fresh = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signatureHeaders(ep.secret, 'msg_fresh', Math.floor(Date.now() / 1000), first.body) },
      body: first.body,
    });
    expect(fresh.status).toBe(200);

    // After a rotation, a receiver holding the old secret refuses; with the new one it accepts.
    const rotated = (await call('POST', `/api/webhooks/${ep.id}/rotate-secret`)).json();
    expect((await call('POST', `/api/webhooks/${ep.id}/test`)).json().last_status_code).toBe(401);
    receiver.setSecret(rotated.secret);
    expect((await call('POST', `/api/webhooks/${ep.id}/test`)).json().status).toBe('delivered');
    await call('DELETE', `/api/webhooks/${ep.id}`);
  });

  test('an analysis is delivered once; a 500 is retried on the schedule, then given up; redeliver sends it again', async () => {
    const ep = await addEndpoint(['analysis.completed']);
    receiver.setSecret(ep.secret);
    receiver.status = 500;
    const analysis = await analyzeOa(t.app, key);

    const t0 = new Date();
    const at = (seconds: number) => ({ ...deps, now: () => new Date(t0.getTime() + seconds * 1000) });
    const first = await deliverDueWebhooks(t.database.db, at(0));
    expect(first).toMatchObject({ queued: 1, attempted: 1, retrying: 1, delivered: 0 });
    const body = JSON.parse(receiver.received[0].body);
    expect(body).toMatchObject({
      type: 'analysis.completed',
      data: {
        analysis_id: analysis.analysis_id,
        application_number: '17/200,011',
        api_url: `http://prosa.test/api/analyses/${analysis.analysis_id}`,
        detail_url: `http://prosa.test/analyses/${analysis.analysis_id}`,
      },
    });
    expect(receiver.received[0].verified).toBe(true);

    // Not yet due at +59 s; due at +60 s (1 min), then +5 min, +30 min, +2 h, +12 h.
    expect((await deliverDueWebhooks(t.database.db, at(59))).attempted).toBe(0);
    let clock = 0;
    for (const delay of [60, 300, 1800, 7200]) {
      clock += delay;
      expect((await deliverDueWebhooks(t.database.db, at(clock - 1))).attempted, `before +${clock}s`).toBe(0);
      expect(await deliverDueWebhooks(t.database.db, at(clock))).toMatchObject({ queued: 0, attempted: 1, retrying: 1 });
    }
    clock += 43200;
    expect(await deliverDueWebhooks(t.database.db, at(clock))).toMatchObject({ attempted: 1, failed: 1, retrying: 0 });
    expect((await deliverDueWebhooks(t.database.db, at(clock + 86400))).attempted).toBe(0);
    expect(receiver.received).toHaveLength(6);
    // Every attempt carries the same webhook-id (receivers deduplicate on it).
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);

    const log = await call('GET', `/api/webhooks/${ep.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    const [delivery] = log.json().deliveries;
    expect(log.json().deliveries).toHaveLength(1);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 6,
      last_status_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: null,
      delivered_at: null,
      event_type: 'analysis.completed',
    });

    receiver.status = 200;
    const again = await call('POST', `/api/webhooks/deliveries/${delivery.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: delivery.id, status: 'delivered', attempts: 1, last_status_code: 200 });
    expect(receiver.received.at(-1)!.verified).toBe(true);
    await call('DELETE', `/api/webhooks/${ep.id}`);
  });

  test('a draft completing emits exactly one draft.completed delivery, with no signed token in it', async () => {
    const ep = await addEndpoint(['draft.completed']);
    receiver.setSecret(ep.secret);
    await grant(t.database.db, accountId, 100);
    const analysis = await analyzeOa(t.app, key);
    const res = await injectAsClient(t.app, {
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': key },
      payload: { application_number: '17/200,011', analysis_id: analysis.analysis_id },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().job_id as string;
    const { body } = await pollUntilDone(t.app, `/v1/prosa/draft-roa/status/${jobId}`, { 'x-api-key': key }, t.database.db);
    expect(body.status).toBe('complete');

    const events = await t.database.db
      .selectFrom('docket_events')
      .select(['kind', 'subject_id'])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'draft.completed')
      .execute();
    expect(events).toEqual([{ kind: 'draft.completed', subject_id: jobId }]);

    await deliverDueWebhooks(t.database.db, deps);
    await deliverDueWebhooks(t.database.db, deps);
    const drafts = receiver.received.filter((r) => JSON.parse(r.body).type === 'draft.completed');
    expect(drafts).toHaveLength(1);
    expect(drafts[0].verified).toBe(true);
    const data = JSON.parse(drafts[0].body).data;
    expect(data).toMatchObject({
      job_id: jobId,
      export_type: 'oa_response',
      application_number: '17/200,011',
      analysis_id: analysis.analysis_id,
      status_url: `http://prosa.test/api/exports/${jobId}`,
    });
    expect(drafts[0].body).not.toMatch(/token=/);
    // Only the subscribed kind: the analysis this test made is not in this endpoint's log.
    const log = (await call('GET', `/api/webhooks/${ep.id}/deliveries`)).json().deliveries;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'delivered', event_type: 'draft.completed' });
    await call('DELETE', `/api/webhooks/${ep.id}`);
  });

  test("the worker's loop delivers on its own, and stops", async () => {
    const ep = await addEndpoint(['analysis.completed']);
    receiver.setSecret(ep.secret);
    const analysis = await analyzeOa(t.app, key);
    const loop = startWebhookDeliveryLoop(t.database.db, deps, { intervalMs: 100 });
    try {
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    } finally {
      await loop.stop();
    }
    expect(receiver.received[0].verified).toBe(true);
    expect(JSON.parse(receiver.received[0].body).data.analysis_id).toBe(analysis.analysis_id);
    await call('DELETE', `/api/webhooks/${ep.id}`);
  });

  test('a non-public address is refused when the delivery is made', async () => {
    // A production server (BASE_URL not on loopback) refuses loopback targets, whatever the URL's name.
    const ep = await addEndpoint(['analysis.completed']);
    await t.database.db.updateTable('webhook_endpoints').set({ url: 'https://10.0.0.1/hooks' }).where('id', '=', ep.id).execute();
    const res = await call('POST', `/api/webhooks/${ep.id}/test`);
    expect(res.json()).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null, last_error: '10.0.0.1 is not a public address' });
    await t.database.db.updateTable('webhook_endpoints').set({ url: receiver.url }).where('id', '=', ep.id).execute();
    await deliverDueWebhooks(t.database.db, { ...deps, allowLoopback: false, now: () => new Date(Date.now() + 120_000) });
    const [last] = (await call('GET', `/api/webhooks/${ep.id}/deliveries`)).json().deliveries;
    expect(last).toMatchObject({ attempts: 2, last_error: '127.0.0.1 is not a public address' });
    expect(receiver.received).toHaveLength(0);
    await call('DELETE', `/api/webhooks/${ep.id}`);
  });
});

describe('OpenAPI', () => {
  test('/api/openapi.json documents the routes and every event payload in its webhooks section', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'analysis.completed',
      'correspondence.recorded',
      'deadline.approaching',
      'draft.completed',
      'webhook.ping',
    ]);
    const draft = doc.webhooks['draft.completed'].post;
    expect(draft.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(Object.keys(draft.requestBody.content['application/json'].schema.properties.data.properties)).toEqual(
      expect.arrayContaining(['job_id', 'application_number', 'status_url']),
    );
    expect(doc.paths['/api/webhooks'].post.responses['201'].content['application/json'].schema.properties).toHaveProperty('secret');
    expect(doc.paths['/api/webhooks/{id}/deliveries'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('deliveries');
    expect(doc.paths['/api/webhooks/deliveries/{id}/redeliver'].post).toBeDefined();
  });
});
