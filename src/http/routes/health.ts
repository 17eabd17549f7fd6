import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** GET /health: open, unlimited; 503 when the database does not answer. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', { config: { rateLimit: 'off' }, schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.database.db);
      return { status: 'ok', database: 'ok', version: ctx.config.version };
    } catch (err) {
      request.log.error({ err }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'degraded', database: 'error', version: ctx.config.version });
    }
  });
}
