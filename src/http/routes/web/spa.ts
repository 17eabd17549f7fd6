import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PLUGIN, sharedPlugin } from '../../plugins/shared-plugin.ts';

/** Where `npm run build:web` writes the single-page app (web/dist). */
export const WEB_DIST = resolve(fileURLToPath(new URL('../../../../web/dist', import.meta.url)));

/**
 * Path prefixes the web application never answers: the APIs, OAuth, MCP, discovery documents,
 * the calendar feed and operations endpoints keep their own 404/405 answers (error objects).
 */
const RESERVED_PREFIXES = ['/api', '/v1', '/oauth', '/mcp', '/.well-known', '/calendar', '/health', '/metrics'] as const;

function isReservedPath(path: string): boolean {
  return RESERVED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));
}

/**
 * The web application's Content-Security-Policy (CSP Level 3), on every response of the app:
 * - `frame-ancestors 'none'` (§6.4.2) with `X-Frame-Options: DENY` (RFC 7034, for browsers
 *   without CSP 2): no other site can frame a page and trick a click (issue 20 item 8);
 * - `script-src 'self'`: only the built bundle runs (Vite emits no inline script), so injected
 *   markup cannot run script; `object-src 'none'`, `base-uri 'self'` (no `<base>` re-pointing
 *   the relative asset URLs);
 * - `form-action 'self'`: forms post only here. Stripe Checkout is reached by navigating to the
 *   URL our API returned (`window.location.assign`), not by a form post, so it needs no entry;
 * - `style-src 'self' 'unsafe-inline'`: Radix dialogs' scroll lock (react-remove-scroll) inserts
 *   a `<style>` element; inline styles cannot run script;
 * - `connect-src 'self'`: the app talks to its own /api only; `img-src 'self' data:`.
 */
const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Client routes whose URL carries a one-time token (`?token=`): their documents send no Referer
 * at all (Referrer Policy §3.1 `no-referrer`), not even to this origin's API, whose logs would
 * keep the token. Every other page sends one only to this origin (`same-origin`): nothing about
 * the page reaches Stripe, a receipt's host or any link the user follows.
 */
const TOKEN_PAGES = new Set(['/reset-password', '/verify-email', '/join']);

function securityHeaders(reply: FastifyReply, path: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', WEB_APP_CSP)
    .header('X-Frame-Options', 'DENY')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', TOKEN_PAGES.has(path.replace(/\/+$/, '')) ? 'no-referrer' : 'same-origin');
}

export interface SpaOptions {
  /** The built app's directory; defaults to web/dist. */
  root?: string;
}

/**
 * Serves the built web application at `/`: hashed assets (immutable, a year of caching), other
 * files as they are, and index.html (never cached) for every other GET so that client routes
 * such as /settings/billing load the app (browser navigations: Accept names text/html). Reserved prefixes fall through to the API's own
 * not-found handling, so an unknown /api path is still a JSON 404 (or 405), never the page.
 * When the app was not built, `/` answers 503 saying how to build it.
 */
export function webAppPlugin(opts: SpaOptions = {}) {
  // On the root instance (shared): it answers from the root's not-found path, and its hook must
  // run before the authentication and rate-limit hooks that every surface inherits.
  return sharedPlugin(PLUGIN.webApp, (app) => registerWebApp(app, opts), [PLUGIN.errors]);
}

async function registerWebApp(app: FastifyInstance, opts: SpaOptions): Promise<void> {
  const root = opts.root ?? WEB_DIST;
  await app.register(fastifyStatic, { root, serve: false, index: false });

  const indexFile = join(root, 'index.html');

  // No route is registered: the app answers requests nothing else routes (Fastify's 404 path),
  // from an onRequest hook registered before authentication and rate limits, so `/api`'s
  // 404/405 answers (which consult the routes) are untouched and static files are not counted
  // against a client's API budget.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const path = decodeSafe(request.url.split('?')[0]);
    if (path === null || isReservedPath(path)) return;
    if (!existsSync(indexFile)) {
      if (path !== '/') return;
      return securityHeaders(reply, path)
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web application has not been built. Run `npm run build:web` (npm start does it in its prestart step).\n');
    }
    const file = staticFile(root, path);
    if (file) {
      const immutable = file.startsWith(`assets${sep}`) || file.startsWith('assets/');
      return securityHeaders(reply, path)
        .status(200)
        .sendFile(file, root, { maxAge: immutable ? 365 * 24 * 3600 * 1000 : 3600 * 1000, immutable, cacheControl: true });
    }
    // A missing asset is a real 404, not the app (a stale tab asking for an old chunk). Other
    // paths get the app only when a browser navigates (Accept names text/html); scripts asking
    // for an unknown path keep the error object.
    if (/^\/assets\//.test(path)) return;
    if (path !== '/' && !acceptsHtml(request)) return;
    securityHeaders(reply, path).header('Cache-Control', 'no-cache');
    return reply.status(200).sendFile('index.html', root, { cacheControl: false });
  });
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && /\btext\/html\b/i.test(accept);
}

function decodeSafe(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}

/** A regular file under root for this URL path (no traversal, no index.html), else null. */
function staticFile(root: string, urlPath: string): string | null {
  if (urlPath === '/' || urlPath.endsWith('/') || urlPath.includes('\0')) return null;
  const rel = normalize(urlPath).replace(/^([/\\])+/, '');
  if (rel.startsWith('..') || rel === 'index.html') return null;
  const full = join(root, rel);
  if (!full.startsWith(root + sep)) return null;
  try {
    return statSync(full).isFile() ? rel : null;
  } catch {
    return null;
  }
}
