import http from 'node:http';
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { errorBody } from './error-body.ts';

/**
 * Connection hygiene for every Fastify app Prosa starts (API, MCP, worker; issue 12 item 3):
 * - headers must arrive within `headersTimeoutMs`, the whole request (body included) within
 *   `requestTimeoutMs` (Node answers 408 through the client-error handler and closes), and an idle
 *   keep-alive connection is closed after `keepAliveTimeoutMs`. Responses are not limited: an
 *   analysis may take its time and MCP event streams stay open;
 * - at most `maxConnectionsPerIp` open connections per client address; more are answered 503
 *   `too_many_connections` and closed at once. Addresses in TRUSTED_PROXIES (the load balancer
 *   carrying many clients) are not capped.
 * Node checks request and header deadlines on a timer (default every 30 s); it runs more often
 * here so a stalled client is dropped close to its deadline.
 */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnectionsPerIp: number;
}

function connectionLimitsOf(config: Config): ConnectionLimits {
  return config.connections;
}

/** A matcher for TRUSTED_PROXIES entries (addresses or CIDRs, IPv4 or IPv6). */
export function trustedAddressMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  let any = false;
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const type = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null;
    if (!type) continue; // names such as "loopback" are Fastify's business, not matched here
    any = true;
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (address) => {
    if (!any) return false;
    const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    try {
      return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
  };
}

function refusal(): string {
  const e = new AppError(
    503,
    'too_many_connections',
    'Too many open connections from this address.',
    'Reuse fewer connections (keep-alive on a small pool) and retry after a few seconds.',
    {},
  );
  const body = JSON.stringify(errorBody(e));
  return `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`;
}

/** Counts a server's open connections per client address and refuses those over the cap. */
function capConnectionsPerAddress(server: http.Server, max: number, trusted: (address: string) => boolean): void {
  if (!(max > 0)) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (trusted(address)) return;
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      socket.end(refusal());
      socket.destroySoon();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** Fastify's serverFactory: an HTTP/1.1 server with the timeouts and the per-address cap. */
export function guardedServerFactory(config: Config): FastifyServerFactory {
  const limits = connectionLimitsOf(config);
  const trusted = trustedAddressMatcher(config.trustedProxies);
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
      },
      handler,
    );
    capConnectionsPerAddress(server, limits.maxConnectionsPerIp, trusted);
    return server;
  };
}
