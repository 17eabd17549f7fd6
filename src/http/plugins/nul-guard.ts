import type { FastifyInstance } from 'fastify';
import { validationError } from '../../errors.ts';
import { findUnsafeText, hasUnsafeText, UNSAFE_TEXT_MESSAGES } from '../../domain/unsafe-text.ts';
import { PLUGIN, sharedPlugin } from './shared-plugin.ts';

/**
 * Refuses text PostgreSQL cannot store faithfully (NUL, lone surrogates: domain/unsafe-text.ts)
 * at the edge, naming the field, before validation or any handler runs: a NUL failed deep in a
 * query as a 500, a lone surrogate failed `jsonb` inserts (500) or became U+FFFD in `text`.
 */
export const nulGuardPlugin = sharedPlugin(PLUGIN.nulGuard, async (app) => registerNulGuard(app));

function registerNulGuard(app: FastifyInstance): void {
  // A callback hook: no promise and no microtask on every request (issue 12).
  app.addHook('preValidation', (request, _reply, done) => {
    if (!hasUnsafeText(request.params) && !hasUnsafeText(request.query) && !hasUnsafeText(request.body)) return done();
    const hit = findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'querystring') ?? findUnsafeText(request.body, 'body');
    done(hit ? validationError(hit.path, UNSAFE_TEXT_MESSAGES[hit.problem]) : undefined);
  });
}
