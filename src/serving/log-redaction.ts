import type { FastifyRequest } from 'fastify';

/**
 * What request logs may show of a URL. Query strings carry credentials (download tokens, OAuth
 * codes and state) and the calendar feed's path is its own secret, so neither is ever logged:
 * a query becomes `?[redacted]`, a feed token `[redacted]`.
 */
const TOKEN_PATHS: RegExp[] = [/^(\/calendar\/)[^/?]+(\.ics)$/];

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const re of TOKEN_PATHS) path = path.replace(re, '$1[redacted]$2');
  return q === -1 ? path : `${path}?[redacted]`;
}

/** pino options for every Fastify app Prosa starts: its level, and a request serializer that redacts URLs. */
export function loggerOptions(level: string, extra: object = {}) {
  return {
    level,
    ...extra,
    serializers: {
      req(req: FastifyRequest) {
        return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
      },
    },
  };
}
