import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { databaseHealth } from '../../serving/database-health.ts';

/**
 * GET /health: open, unlimited; 503 when the database does not answer. Answered from the last
 * probe of the database, never queued behind the requests it is there to watch (database-health.ts).
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const health = databaseHealth(ctx.database.db);
  app.get('/health', { config: { rateLimit: 'off' }, schema: { hide: true } }, async (request, reply) => {
    const db = await health.check();
    if (db.ok) return { status: 'ok', database: 'ok', version: ctx.config.version };
    request.log.error({ err: db.error }, 'health check: database unavailable');
    return reply.status(503).send({ status: 'degraded', database: 'error', version: ctx.config.version });
  });
}
