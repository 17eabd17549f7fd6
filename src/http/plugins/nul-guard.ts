import type { FastifyInstance } from 'fastify';
import { validationError } from '../../errors.ts';
import { findUnsafeText, UNSAFE_TEXT_MESSAGES } from '../../domain/unsafe-text.ts';

/**
 * Refuses text PostgreSQL cannot store faithfully (NUL, lone surrogates: domain/unsafe-text.ts)
 * at the edge, naming the field, before validation or any handler runs: a NUL failed deep in a
 * query as a 500, a lone surrogate failed `jsonb` inserts (500) or became U+FFFD in `text`.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const hit = findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'querystring') ?? findUnsafeText(request.body, 'body');
    if (hit) throw validationError(hit.path, UNSAFE_TEXT_MESSAGES[hit.problem]);
  });
}
