/**
 * One webhook POST, guarded: a 10 s limit for the whole exchange, at most 64 KB of the answer
 * read (the rest is discarded), redirects never followed (a 3xx is just a failed attempt), and
 * no connection to a non-public address (private, loopback, link-local, cloud metadata...: the
 * rules of src/auth/oauth/cimd-fetch.ts isForbiddenAddress), judged on the addresses the name
 * resolves to and pinned to them (no second resolution a rebinding DNS server could change).
 * Loopback is allowed only when `allowLoopback` (a development or test server).
 */
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isForbiddenAddress, normalizeHostname } from '../auth/oauth/cimd-fetch.ts';

const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendOptions {
  allowLoopback: boolean;
  timeoutMs?: number;
}

export interface SendResult {
  /** The HTTP status, or null when no answer came (refused, timed out, connection error). */
  status: number | null;
  /** What went wrong, for the delivery log (null on 2xx). */
  error: string | null;
  ms: number;
}

function isLoopbackAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  return ip === '::1' || ip.startsWith('127.') || ip === '::ffff:127.0.0.1';
}

function refused(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && isLoopbackAddress(address)) return false;
  return isForbiddenAddress(address);
}

class AddressRefused extends Error {}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: { family?: number | string; all?: boolean } | undefined, callback: LookupCallback): void => {
    const host = normalizeHostname(hostname);
    dns.lookup(host, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => refused(a.address, allowLoopback));
      if (bad || addresses.length === 0) {
        return callback(
          Object.assign(new AddressRefused(`${host} resolves to ${bad?.address ?? 'no address'}, which is not a public address`), { code: 'EWEBHOOKREFUSED' }),
          [],
        );
      }
      if (options?.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export function sendWebhook(url: string, headers: Record<string, string>, body: string, opts: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendResult => ({ status, error, ms: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    const u = URL.parse(url);
    if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return resolve(done(null, 'the endpoint URL is not an http(s) URL'));
    const literal = u.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) !== 0 && refused(literal, opts.allowLoopback)) return resolve(done(null, `${literal} is not a public address`));
    const lib = u.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Prosa-Webhooks/1', ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(opts.allowLoopback) as never,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Nothing of the answer is kept; past the cap the connection is dropped.
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const end = () =>
          finish(
            done(
              status,
              status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? `HTTP ${status}: redirects are not followed` : `HTTP ${status}`,
            ),
          );
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        if (!socket.remoteAddress || refused(socket.remoteAddress, opts.allowLoopback))
          socket.destroy(new AddressRefused(`connected to ${socket.remoteAddress ?? 'an unknown address'}, which is not a public address`));
      });
    });
    const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const timer = setTimeout(() => {
      req.destroy();
      finish(done(null, `no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.on('error', (err) =>
      finish(done(null, err instanceof AddressRefused ? err.message : `${(err as NodeJS.ErrnoException).code ?? 'error'}: ${err.message}`.slice(0, 500))),
    );
    req.end(body);
  });
}
