/**
 * Fetching client ID metadata documents (draft-ietf-oauth-client-id-metadata-document) without
 * server-side request forgery. A client_id URL is chosen by whoever starts an authorization, so
 * the authorization server's fetch must never reach this host, its network or a cloud metadata
 * service (CIMD draft "Security Considerations": server-side request forgery; OWASP SSRF).
 *
 * Three checks, each a named function below:
 * 1. cimdFetchAllowed (before any fetch; the library's `allowFetch`): https, no userinfo, a host
 *    NAME (no IP literal), with a dot, not an intranet suffix. Trailing dots are normalised
 *    first: `localhost.` and `metadata.google.internal.` are `localhost` and
 *    `metadata.google.internal` to DNS, and were let through by a plain string check.
 * 2. guardedLookup (at connect time): the name is resolved and EVERY address it resolves to must
 *    be public (isForbiddenAddress): no loopback, private (RFC 1918), CGNAT (RFC 6598),
 *    link-local and cloud metadata (169.254.0.0/16, fd00:ec2::254 in fc00::/7, 100.100.100.200 in
 *    CGNAT), unique-local, multicast, unspecified, reserved, documentation or benchmarking
 *    addresses, IPv4-mapped IPv6 judged by its IPv4 address, IPv6 outside global unicast 2000::/3.
 *    `169.254.169.254.nip.io` is a public name for a metadata address: refused here.
 * 3. The connection is pinned to the checked addresses: the socket is opened with guardedLookup
 *    as its `lookup`, so the addresses it connects to are exactly the ones just checked (no second
 *    resolution a DNS-rebinding server could answer differently); and the connected socket's
 *    remote address is checked again before a byte is sent.
 *
 * Redirects are not followed (the library asks for `redirect: manual` and accepts 200 only).
 */
import dns, { type LookupAddress } from 'node:dns';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';

/** Host names that never name a public host (RFC 6761 localhost, RFC 6762 .local, RFC 8375 home.arpa, common intranet suffixes). */
const INTRANET_SUFFIX = /(^|\.)(localhost|local|internal|intranet|localdomain|lan|home\.arpa)$/;

/** `Example.COM.` -> `example.com`: DNS treats a trailing dot as the root, the same name. */
export function normalizeHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** Check 1: a public https URL naming a host by name. */
export function cimdFetchAllowed(clientId: string): boolean {
  const u = URL.parse(clientId);
  if (u?.protocol !== 'https:' || u.username !== '' || u.password !== '') return false;
  const host = normalizeHostname(u.hostname);
  if (host.startsWith('[') || isIP(host) !== 0) return false; // IP literals (WHATWG already turned 0x7f.1 into 127.0.0.1)
  if (!host.includes('.')) return false; // single-label intranet names
  return !INTRANET_SUFFIX.test(host);
}

function blockList(entries: [string, number][], type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of entries) list.addSubnet(network, prefix, type);
  return list;
}

/** IANA IPv4 special-purpose registry (RFC 6890 and successors) plus multicast and reserved space. */
const FORBIDDEN_V4 = blockList(
  [
    ['0.0.0.0', 8], // "this network", unspecified
    ['10.0.0.0', 8], // private, RFC 1918
    ['100.64.0.0', 10], // shared address space (CGNAT), RFC 6598; Alibaba's metadata 100.100.100.200
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local; the cloud metadata services at 169.254.169.254
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
    ['192.0.2.0', 24], // documentation
    ['192.88.99.0', 24], // 6to4 relay anycast
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation
    ['203.0.113.0', 24], // documentation
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
  ],
  'ipv4',
);

/** Global unicast IPv6; everything outside it (loopback, unspecified, link-local, unique-local, multicast, IPv4-compatible...) is refused. */
const GLOBAL_V6 = blockList([['2000::', 3]], 'ipv6');
/** Special-purpose blocks inside 2000::/3. */
const FORBIDDEN_V6 = blockList(
  [
    ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32, ORCHID...)
    ['2001:db8::', 32], // documentation
    ['2002::', 16], // 6to4: embeds an IPv4 address of any kind
    ['3fff::', 20], // documentation (RFC 9637)
  ],
  'ipv6',
);
const IPV4_MAPPED = blockList([['::ffff:0:0', 96]], 'ipv6');

/** Check 2's rule: whether a connection to this address is refused. Anything that is not an IP address is refused. */
export function isForbiddenAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  switch (isIP(ip)) {
    case 4:
      return FORBIDDEN_V4.check(ip, 'ipv4');
    case 6:
      // ::ffff:a.b.c.d reaches a.b.c.d: judged by the IPv4 rules (BlockList applies them to mapped addresses).
      if (IPV4_MAPPED.check(ip, 'ipv6')) return FORBIDDEN_V4.check(ip, 'ipv6');
      return !GLOBAL_V6.check(ip, 'ipv6') || FORBIDDEN_V6.check(ip, 'ipv6');
    default:
      return true;
  }
}

/** A client ID metadata document that may not be fetched: says which host or address and why. */
export class CimdFetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CimdFetchRefused';
  }
}

type Resolver = (
  hostname: string,
  options: { all: true; family?: number; hints?: number },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
type LookupOptions = { family?: number | string; hints?: number; all?: boolean } | number | undefined;
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Check 2 and the pin of check 3: a `lookup` for net/tls sockets that resolves the (normalised)
 * name once, refuses it when any address is forbidden (a name mixing public and private addresses
 * is refused whole), and hands the socket exactly the checked addresses.
 */
function guardedLookup(
  resolve: Resolver = (host, options, callback) => dns.lookup(host, options, callback as never),
  isForbidden: (address: string) => boolean = isForbiddenAddress,
) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const opts = typeof options === 'object' && options !== null ? options : { family: options };
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : typeof opts.family === 'number' ? opts.family : 0;
    const host = normalizeHostname(hostname);
    resolve(host, { all: true, family, hints: opts.hints }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => isForbidden(a.address));
      if (refused || addresses.length === 0) {
        return callback(
          Object.assign(
            new CimdFetchRefused(
              `${host} resolves to ${refused?.address ?? 'no address'}, which is not a public address: client ID metadata documents are fetched from public hosts only`,
            ),
            { code: 'ECIMDREFUSED' },
          ),
          [],
        );
      }
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * Check 3: the `fetch` the provider uses for client ID metadata documents (oidc-provider's
 * `fetch` option; it also passes its own dispatcher, which is not used). HTTPS only, sockets
 * opened through guardedLookup, the connected address checked again, no redirects. `resolve` and
 * `isForbidden` are replaced only by tests (a stub DNS; loopback standing in for a public host),
 * as is `ca` (a test certificate authority instead of Node's).
 */
export function guardedFetch(opts: { resolve?: Resolver; isForbidden?: (address: string) => boolean; ca?: string } = {}) {
  const isForbidden = opts.isForbidden ?? isForbiddenAddress;
  const lookup = guardedLookup(opts.resolve, isForbidden);
  return (input: string | URL, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      if (url.protocol !== 'https:') return reject(new CimdFetchRefused(`only https URLs are fetched, not ${url.protocol}`));
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      // IP literals skip `lookup` entirely: judge them here (check 1 refuses them already).
      if (isIP(literal) !== 0 && isForbidden(literal)) return reject(new CimdFetchRefused(`${literal} is not a public address`));
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => {
        headers[k] = v;
      });
      const req = https.request(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          lookup: lookup as never,
          signal: init.signal ?? undefined,
          agent: false,
          ...(opts.ca ? { ca: opts.ca } : {}),
          servername: isIP(literal) === 0 ? normalizeHostname(url.hostname) : undefined,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
          if (status < 200 || status > 599) {
            res.destroy();
            return reject(new CimdFetchRefused(`unexpected HTTP status ${status}`));
          }
          if (NULL_BODY_STATUS.has(status) || init.method === 'HEAD') {
            res.resume();
            return resolve(new Response(null, { status, headers: h }));
          }
          resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage, headers: h }));
        },
      );
      req.on('socket', (socket) => {
        // Defence in depth: the peer actually connected to must be public too.
        socket.once('connect', () => {
          if (!socket.remoteAddress || isForbidden(socket.remoteAddress))
            socket.destroy(new CimdFetchRefused(`connected to ${socket.remoteAddress ?? 'an unknown address'}, which is not a public address`));
        });
      });
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
}
