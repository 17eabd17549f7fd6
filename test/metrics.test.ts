import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('/metrics counts requests and records latency per route pattern, not per URL', async () => {
  await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/12345678', remoteAddress: randomIp() });
  await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/87654321', remoteAddress: randomIp() });
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/plain/);
  expect(res.body).toContain('prosa_http_requests_total{method="GET",route="/v1/prosa/lookup/:application_number",status_code="404"} 2');
  expect(res.body).toMatch(/prosa_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/v1\/prosa\/lookup\/:application_number"\}/);
  expect(res.body).not.toContain('12345678');
});

test('every response carries a request id; a sane incoming X-Request-Id is kept', async () => {
  const a = await t.app.inject({ method: 'GET', url: '/health' });
  expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const b = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'trace-abc.123' } });
  expect(b.headers['x-request-id']).toBe('trace-abc.123');
  const c = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id <script>' } });
  expect(c.headers['x-request-id']).not.toContain('<');
});
