import type { FastifyInstance } from 'fastify';
import { validationError } from '../../errors.ts';

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any input string would fail deep in a query as a
 * 500. Refuse it at the edge, naming the field, before validation or any handler runs.
 */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (depth > 32) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return `${path}.${k.replace(/\u0000/g, '\\0')}`;
      const hit = findNul(v, `${path}.${k}`, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const hit = findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
    if (hit) throw validationError(hit, 'must not contain the NUL character (U+0000)');
  });
}
