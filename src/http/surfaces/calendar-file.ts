import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { PLUGIN, surfacePlugin } from '../plugins/shared-plugin.ts';
import { calendarFileRoute } from '../routes/calendar.ts';

/** The private iCalendar feed, registered at the prefix `/calendar` (its settings are in /api). */
export function calendarFileSurface(ctx: AppContext) {
  return surfacePlugin(
    'prosa-calendar-file',
    async (app: FastifyInstance) => {
      calendarFileRoute(app, ctx);
    },
    [PLUGIN.errors, PLUGIN.rateLimit],
  );
}
