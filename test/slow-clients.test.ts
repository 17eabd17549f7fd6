import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import net from 'node:net';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Issue 12, item 3: slow or hoarding clients cannot exhaust the server. Real sockets against a
 * listening server with short timeouts (the defaults are 10 s headers, 60 s request, 5 s idle
 * keep-alive, 128 connections per address): a client that sends headers and one byte of a large
 * declared body is answered 408 and closed; one that never finishes its headers is closed; an idle
 * keep-alive connection is closed; connections over the per-address cap are refused with 503; and
 * /health, asked from another address, answers throughout.
 */
const CAP = 20;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    PROSA_HEADERS_TIMEOUT_MS: '800',
    PROSA_REQUEST_TIMEOUT_MS: '1500',
    PROSA_KEEP_ALIVE_TIMEOUT_MS: '700',
    PROSA_MAX_CONNECTIONS_PER_IP: String(CAP),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface Opened {
  socket: net.Socket;
  received: () => string;
  closed: Promise<number>;
}

/** A raw connection from `localAddress`; `closed` resolves with the ms it stayed open. */
function open(localAddress = '127.0.0.1'): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let data = '';
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const closed = new Promise<number>((r) => socket.on('close', () => r(Date.now() - started)));
    socket.on('data', (d) => (data += d.toString()));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** GET /health over a fresh connection from another loopback address (a probe, not the flooder). */
async function health(): Promise<number> {
  const c = await open('127.0.0.2');
  c.socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await c.closed;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(c.received())?.[1] ?? 0);
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`still open after ${ms} ms`)), ms))]);

describe('slow clients', () => {
  test('headers and one byte of a declared 900 kB body: 408 with the error object, then closed', async () => {
    const c = await open();
    c.socket.write('POST /api/deadlines/calculate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n{');
    const ms = await within(c.closed, 6000);
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(c.received()).toContain('"error_code":"request_timeout"');
    expect(await health()).toBe(200);
  });

  test('headers that never end are cut off by the headers timeout', async () => {
    const c = await open();
    c.socket.write('GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const ms = await within(c.closed, 6000);
    expect(ms).toBeLessThan(5000);
  });

  test('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const c = await open();
    c.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    const ms = await within(c.closed, 6000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(4000);
  });

  test(`more than ${CAP} connections from one address are refused with 503; /health answers throughout; the slots free up when they close`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => open()));
    // Keep them busy sending a slow body so they hold their slots.
    for (const c of held)
      c.socket.write('POST /api/deadlines/calculate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n{');
    await new Promise((r) => setTimeout(r, 100));
    const extra = await Promise.all(Array.from({ length: 5 }, () => open()));
    for (const c of extra) {
      await within(c.closed, 3000);
      expect(c.received()).toMatch(/^HTTP\/1\.1 503/);
      expect(c.received()).toContain('"error_code":"too_many_connections"');
    }
    expect(await health()).toBe(200);
    // The held ones time out (408; past the free tier's burst of 10 per second, 429 came first)
    // and close, and the address may connect again.
    await within(Promise.all(held.map((c) => c.closed)), 8000);
    expect(held.map((c) => c.received().slice(0, 12)).filter((s) => !/^HTTP\/1\.1 (408|429)/.test(s))).toEqual([]);
    const again = await open();
    again.socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await within(again.closed, 3000);
    expect(again.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  test('trusted proxies are not capped', async () => {
    const { trustedAddressMatcher } = await import('../src/serving/connection-guard.ts');
    const trusted = trustedAddressMatcher(['10.0.0.0/8', '127.0.0.3', '::1']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:127.0.0.3')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(false);
  });
});
