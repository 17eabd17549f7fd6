import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { presentWatchRun, watchStatusSchema } from '../../../presenters/watch.ts';
import { lastWatchRun } from '../../../queries/watch.ts';
import { watchOffReason } from '../../../sources/odp/shared-client.ts';
import { errorObjectSchema } from '../../schemas.ts';

/** GET /api/watch: whether the USPTO watch runs (and why not), its schedule and its last pass. */
export function watchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/watch',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['docket'],
        summary: 'The USPTO watch: on or off (and why), its schedule, its last pass',
        description:
          'The watch reads the USPTO documents list of every docketed application on a schedule and records new office actions, notices and requirements with their deadlines. Off without PROSA_USPTO_API_KEY; the rest of Prosa is unaffected.',
        response: { 200: watchStatusSchema, 401: errorObjectSchema },
      },
    },
    async () => {
      const reason = watchOffReason(ctx.config);
      const run = reason ? null : await lastWatchRun(ctx.database.db);
      return { enabled: reason === null, reason, schedule: ctx.config.watch.cron, last_run: run ? presentWatchRun(run) : null };
    },
  );
}
