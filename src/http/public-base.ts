import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** host, host:port, [v6] or [v6]:port; anything else in a Host header is not used to build a link. */
const HOST_HEADER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The scheme, host and port every absolute link Prosa gives starts with (download URLs, calendar
 * feed, e-mail links, billing and checkout return addresses). With BASE_URL set (a deployment
 * behind a proxy) it is BASE_URL. Unset, it is the request's own: `PORT=3000 prosa serve`
 * opened at http://127.0.0.1:3000 links to http://127.0.0.1:3000. Fastify's `request.protocol`
 * and `request.host` read X-Forwarded-Proto/-Host only from TRUSTED_PROXIES (trustProxy in
 * app.ts); a malformed Host falls back to http://localhost:{PORT}.
 */
export function publicBase(config: Pick<Config, 'baseUrl' | 'baseUrlFixed'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (config.baseUrlFixed) return config.baseUrl;
  const host = request.host;
  if (!host || !HOST_HEADER.test(host)) return config.baseUrl;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${host.toLowerCase()}`;
}
