import { loggerOptions } from '../http/log-redaction.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { clientErrorHandler } from '../http/client-errors.ts';
import { guardedServerFactory } from '../http/plugins/connection-guard.ts';

/**
 * What a worker-only process (`prosa serve --role worker`) serves on PORT: GET /health for the
 * orchestrator's probes, and nothing else; the API is served by `--role api` processes.
 */
export async function buildWorkerApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config.logLevel), forceCloseConnections: 'idle', clientErrorHandler, serverFactory: guardedServerFactory(config) });
  app.get('/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ok', role: 'worker', database: 'ok', version: config.version };
    } catch (err) {
      request.log.error({ err }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'degraded', role: 'worker', database: 'error', version: config.version });
    }
  });
  return app;
}
