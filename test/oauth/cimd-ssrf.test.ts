/**
 * Client ID metadata documents without server-side request forgery (issue 20, red team item 5;
 * src/auth/oauth/cimd-fetch.ts): host names normalised (trailing dots), every resolved address
 * public, the connection pinned to the checked addresses.
 */
import { createServer, type Server } from 'node:net';
import dns, { type LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthTestServer, type OAuthTestServer } from '../support/oauth.ts';
import { CimdFetchRefused, cimdFetchAllowed, guardedFetch, isForbiddenAddress } from '../../src/auth/oauth/cimd-fetch.ts';

/** A TCP listener that counts connections (and closes them): any connection at all is the SSRF. */
async function countingListener(host = '127.0.0.1', port = 0): Promise<{ server: Server; port: number; connections: () => number }> {
  let n = 0;
  const server = createServer((socket) => {
    n++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, port: (server.address() as { port: number }).port, connections: () => n };
}

let s: OAuthTestServer;
beforeAll(async () => {
  s = await startOAuthTestServer();
});
afterAll(async () => {
  await s?.close();
});

function authorizeWithClientId(clientId: string, redirect: string): Promise<Response> {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirect,
    code_challenge: 'a'.repeat(43),
    code_challenge_method: 'S256',
    state: 's',
  });
  return fetch(`${s.url}/oauth/authorize?${q}`, { redirect: 'manual' });
}

/**
 * The system resolver, for the names these tests use, answers 127.0.0.1 (standing in for any
 * internal address: this machine's own resolver may not answer `localhost.` at all); every
 * connection the authorization server then makes lands on a counting listener.
 */
async function withProbeDns<T>(names: RegExp, run: () => Promise<T>): Promise<T> {
  const original = dns.lookup;
  (dns as { lookup: unknown }).lookup = (host: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...a: unknown[]) => void;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
    if (!names.test(host)) return (original as (...a: unknown[]) => void)(host, options, callback);
    return opts.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4);
  };
  try {
    return await run();
  } finally {
    (dns as { lookup: unknown }).lookup = original;
  }
}

describe('through /oauth/authorize: no connection to an internal address', () => {
  for (const [label, host] of [
    ['a trailing-dot loopback name (localhost.)', 'localhost.'],
    ['a public-looking name resolving to an internal address (like 169.254.169.254.nip.io)', 'ssrf-probe.example'],
  ]) {
    it(`${label} is refused (invalid_client) and never connected to`, async () => {
      const target = await countingListener();
      try {
        const res = await withProbeDns(/^(localhost\.?|ssrf-probe\.example)$/, () =>
          authorizeWithClientId(`https://${host}:${target.port}/client.json`, `https://${host}:${target.port}/cb`),
        );
        expect(res.status).toBe(400);
        expect(await res.text()).toMatch(/invalid_client/);
        expect(target.connections()).toBe(0);
      } finally {
        target.server.close();
      }
    });
  }
});

describe('check 1: names, with trailing dots normalised', () => {
  it('metadata and intranet names are refused with or without the trailing dot; public names are allowed', () => {
    for (const no of [
      'https://localhost./c.json',
      'https://LOCALHOST../c.json',
      'https://metadata.google.internal./computeMetadata/v1/',
      'https://metadata.google.internal/c.json',
      'https://x.localhost./c.json',
      'https://printer.local./c.json',
      'https://router.home.arpa/c.json',
      'https://user:pw@app.example.com/c.json',
      'https://0x7f.1/c.json',
      'https://[::ffff:127.0.0.1]/c.json',
    ]) {
      expect(cimdFetchAllowed(no), no).toBe(false);
    }
    for (const ok of ['https://app.example.com./client.json', 'https://chatgpt.com/oauth/client.json']) expect(cimdFetchAllowed(ok), ok).toBe(true);
  });
});

describe('check 2: every resolved address must be public', () => {
  it('refuses loopback, private, link-local, metadata, unique-local, CGNAT, multicast, unspecified, reserved; IPv4-mapped IPv6 by its IPv4 address', () => {
    const forbidden = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.0.192',
      '198.18.0.1',
      '192.0.2.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2001:db8::1',
      '2002:a9fe:a9fe::1',
      '::127.0.0.1',
      'not-an-ip',
    ];
    for (const a of forbidden) expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isForbiddenAddress(a), a).toBe(false);
  });

  it('a public name resolving to a metadata address (169.254.169.254.nip.io) is refused before connecting', async () => {
    const asked: string[] = [];
    const fetchDoc = guardedFetch({ resolve: (host, _o, cb) => (asked.push(host), cb(null, [{ address: '169.254.169.254', family: 4 }])) });
    await expect(fetchDoc('https://169.254.169.254.nip.io./latest/meta-data/')).rejects.toThrow(/169\.254\.169\.254, which is not a public address/);
    expect(asked).toEqual(['169.254.169.254.nip.io']);
  });

  it('a name with one private address among public ones is refused whole', async () => {
    const mixed: LookupAddress[] = [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    const fetchDoc = guardedFetch({ resolve: (_h, _o, cb) => cb(null, mixed) });
    await expect(fetchDoc('https://mixed.example/c.json')).rejects.toBeInstanceOf(CimdFetchRefused);
  });

  it('IP literals are refused even when handed to the fetch directly', async () => {
    await expect(guardedFetch()('https://127.0.0.1:1/c.json')).rejects.toBeInstanceOf(CimdFetchRefused);
    await expect(guardedFetch()('https://[::1]:1/c.json')).rejects.toBeInstanceOf(CimdFetchRefused);
    await expect(guardedFetch()('http://app.example.com/c.json')).rejects.toBeInstanceOf(CimdFetchRefused);
  });
});

describe('check 3: the connection is pinned to the addresses checked', () => {
  it('a rebinding DNS answer cannot move the connection: one resolution, and the socket goes where it said', async () => {
    // Loopback stands in for "public" in this test only: 127.0.0.1 is the checked answer, 127.0.0.2
    // what a rebinding server would answer to a second query.
    const checked = await countingListener('127.0.0.1');
    const rebound = await countingListener('127.0.0.2', checked.port).catch(() => null);
    let queries = 0;
    const fetchDoc = guardedFetch({
      isForbidden: (a) => !['127.0.0.1', '127.0.0.2'].includes(a),
      resolve: (_h, _o, cb) => cb(null, [{ address: queries++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }]),
    });
    try {
      // The listener hangs up (no TLS): the fetch fails, after connecting.
      await expect(fetchDoc(`https://rebind.example:${checked.port}/c.json`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow();
      expect(queries).toBe(1);
      expect(checked.connections()).toBe(1);
      if (rebound) expect(rebound.connections()).toBe(0);
    } finally {
      checked.server.close();
      rebound?.server.close();
    }
  });

  it('the connected peer is checked again: a forbidden peer is dropped before a byte is sent', async () => {
    const target = await countingListener('127.0.0.1');
    let sent = false;
    target.server.on('connection', (socket) => socket.on('data', () => (sent = true)));
    // The resolver's answer passes its check, but the socket's peer does not.
    let checks = 0;
    const fetchDoc = guardedFetch({
      isForbidden: (a) => checks++ > 0 && a === '127.0.0.1',
      resolve: (_h, _o, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    try {
      await expect(fetchDoc(`https://peer.example:${target.port}/c.json`)).rejects.toThrow(/not a public address/);
      expect(sent).toBe(false);
    } finally {
      target.server.close();
    }
  });
});

describe('a public document is still fetched', () => {
  it('200 with its JSON body and headers; a redirect is returned, not followed', async () => {
    const { readFileSync } = await import('node:fs');
    const https = await import('node:https');
    const dir = new URL('./fixtures/', import.meta.url);
    const cert = readFileSync(new URL('cimd-test.crt', dir), 'utf8');
    const server = https.createServer({ key: readFileSync(new URL('cimd-test.key', dir)), cert }, (req, res) => {
      if (req.url === '/moved') return res.writeHead(302, { location: 'https://127.0.0.1/elsewhere' }).end();
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' })
        .end(JSON.stringify({ client_id: `https://cimd.test/client.json`, client_name: 'Doc' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const fetchDoc = guardedFetch({
      ca: cert,
      isForbidden: (a) => a !== '127.0.0.1',
      resolve: (_h, _o, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    try {
      const res = await fetchDoc(`https://cimd.test.:${port}/client.json`, { headers: { accept: 'application/json' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('max-age=60');
      expect(await res.json()).toEqual({ client_id: 'https://cimd.test/client.json', client_name: 'Doc' });
      const moved = await fetchDoc(`https://cimd.test:${port}/moved`);
      expect(moved.status).toBe(302);
      expect(moved.headers.get('location')).toBe('https://127.0.0.1/elsewhere');
    } finally {
      server.close();
    }
  });
});
