import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { analyzeOa, grant, pathOf, pollUntilDone } from './support/drafts.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { redactUrl } from '../src/serving/log-redaction.ts';

/** Issue 12 item 4: request logs never carry a credential (download tokens, calendar feed secrets). */
let t: TestApp;
let log = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => (log += d.toString()));
  t = await createTestApp({}, undefined, { worker: true, logStream: stream });
  await seedDemoData(t.database.db, '2026-11-21');
});
afterAll(async () => {
  await t?.close();
});

test('redactUrl keeps the path and drops queries and feed tokens', () => {
  expect(redactUrl('/v1/prosa/download/abc?token=eyJhbGciOi.x.y')).toBe('/v1/prosa/download/abc?[redacted]');
  expect(redactUrl('/calendar/s3cr3tT0ken.ics')).toBe('/calendar/[redacted].ics');
  expect(redactUrl('/api/docket')).toBe('/api/docket');
});

test('after a full draft, download and calendar feed, the info log holds no token', async () => {
  const { cookie, accountId } = await signUp(t.app);
  const key = await createKey(t.app, cookie);
  await grant(t.database.db, accountId, 100);
  const analysis = await analyzeOa(t.app, key);
  const sub = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': key },
    payload: { application_number: '17200011', analysis_id: analysis.analysis_id },
    remoteAddress: randomIp(),
  });
  expect(sub.statusCode).toBe(202);
  const { body } = await pollUntilDone(t.app, sub.json().poll_url, { 'x-api-key': key }, t.database.db);
  const downloadUrl = body.download_url as string;
  const token = new URL(downloadUrl).searchParams.get('token')!;
  expect(token.length).toBeGreaterThan(20);
  const dl = await t.app.inject({ method: 'GET', url: pathOf(downloadUrl), remoteAddress: randomIp() });
  expect(dl.statusCode).toBe(200);

  const feed = await t.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie }, remoteAddress: randomIp() });
  expect(feed.statusCode).toBeLessThan(300);
  const feedUrl = new URL(feed.json().url as string);
  const ics = await t.app.inject({ method: 'GET', url: feedUrl.pathname, remoteAddress: randomIp() });
  expect(ics.statusCode).toBe(200);
  const feedToken = feedUrl.pathname
    .split('/')
    .pop()!
    .replace(/\.ics$/, '');

  // The requests were logged (the test would pass vacuously on an empty log otherwise)...
  await vi.waitFor(() => expect(log).toContain('/calendar/[redacted].ics'));
  expect(log).toContain('/v1/prosa/download/');
  // ...and no credential appears anywhere in it.
  expect(log).not.toContain(token);
  expect(log).not.toContain(feedToken);
  expect(log).not.toContain(key);
});
