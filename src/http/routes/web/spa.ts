import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where `npm run build:web` writes the single-page app (web/dist). */
export const WEB_DIST = resolve(fileURLToPath(new URL('../../../../web/dist', import.meta.url)));

/**
 * Path prefixes the web application never answers: the APIs, OAuth, MCP, discovery documents,
 * the calendar feed and operations endpoints keep their own 404/405 answers (error objects).
 */
export const RESERVED_PREFIXES = ['/api', '/v1', '/oauth', '/mcp', '/.well-known', '/calendar', '/health', '/metrics'] as const;

export function isReservedPath(path: string): boolean {
  return RESERVED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));
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
export async function webAppRoutes(app: FastifyInstance, opts: SpaOptions = {}): Promise<void> {
  const root = opts.root ?? WEB_DIST;
  await app.register(fastifyStatic, { root, serve: false, index: false });

  const indexFile = join(root, 'index.html');

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = decodeSafe(request.url.split('?')[0]);
    if (path === null) return reply.callNotFound();
    if (isReservedPath(path)) return reply.callNotFound();
    if (!existsSync(indexFile)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web application has not been built. Run `npm run build:web` (npm start does it in its prestart step).\n');
    }
    const file = staticFile(root, path);
    if (file) {
      const immutable = file.startsWith(`assets${sep}`) || file.startsWith('assets/');
      return reply.sendFile(file, root, { maxAge: immutable ? 365 * 24 * 3600 * 1000 : 3600 * 1000, immutable, cacheControl: true });
    }
    // A missing asset is a real 404, not the app (a stale tab asking for an old chunk). Other
    // paths get the app only when a browser navigates (Accept names text/html); scripts asking
    // for an unknown path keep the error object.
    if (/^\/assets\//.test(path)) return reply.callNotFound();
    if (path !== '/' && !acceptsHtml(request)) return reply.callNotFound();
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', root, { cacheControl: false });
  };

  // '/' and '/*' are distinct routes in find-my-way; every more specific route still wins.
  app.get('/', { config: { auth: 'none', rateLimit: 'off' }, schema: { hide: true } }, handler);
  app.get('/*', { config: { auth: 'none', rateLimit: 'off' }, schema: { hide: true } }, handler);
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
