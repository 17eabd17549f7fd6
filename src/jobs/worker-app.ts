import { loggerOptions } from '../serving/log-redaction.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { clientErrorHandler } from '../serving/client-errors.ts';
import { guardedServerFactory } from '../serving/connection-guard.ts';
import { databaseHealth } from '../serving/database-health.ts';

/**
 * What a worker-only process (`prosa serve --role worker`) serves on PORT: GET /health for the
 * orchestrator's probes, and nothing else; the API is served by `--role api` processes.
 */
export async function buildWorkerApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    forceCloseConnections: 'idle',
    clientErrorHandler,
    serverFactory: guardedServerFactory(config),
  });
  const health = databaseHealth(database.db);
  app.get('/health', async (request, reply) => {
    const db = await health.check();
    if (db.ok) return { status: 'ok', role: 'worker', database: 'ok', version: config.version };
    request.log.error({ err: db.error }, 'health check: database unavailable');
    return reply.status(503).send({ status: 'degraded', role: 'worker', database: 'error', version: config.version });
  });
  return app;
}
