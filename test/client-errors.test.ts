import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

/** Errors Node's HTTP parser raises before routing still answer with the error object (issue 12, item 8). */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t?.close();
});

function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.on('data', (d) => (out += d.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

function parse(response: string): { status: number; headers: string; body: unknown } {
  const [head, body] = response.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(body) };
}

test('oversized headers: 431 with the error object', async () => {
  const res = parse(await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
  expect(res.status).toBe(431);
  expect(res.headers).toMatch(/content-type: application\/json/i);
  expect(res.body).toMatchObject({ error: true, error_code: 'headers_too_large', message: expect.any(String), agent_suggestion: expect.any(String) });
});

test('bytes that are not HTTP: 400 with the error object', async () => {
  const res = parse(await raw('HELLO THERE\r\n\r\n'));
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ error: true, error_code: 'bad_request' });
});
