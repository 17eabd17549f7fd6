import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { memberIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { findNotificationPreferences } from '../../../queries/notification-preferences.ts';
import { notificationPreferencesSetter } from '../../../commands/notifications/notification-preferences-setter.ts';
import {
  notificationPreferencesInput,
  notificationPreferencesSchema,
  preferencesFromInput,
  presentNotificationPreferences,
} from '../../../presenters/notification-preferences.ts';

/**
 * GET/PUT /api/notifications/preferences: the signed-in person's reminder and alert mail
 * (docs/notifications.md). The person is the signed-in firm member (the founding owner's member id
 * is the account id, so rows saved before firms keep working).
 */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/notifications/preferences',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['account'],
        summary: 'Reminder, digest and new-paper alert preferences (the defaults until changed)',
        response: { 200: notificationPreferencesSchema, 401: errorObjectSchema },
      },
    },
    async (request) => {
      // The person is the member signed in (migration 032), not the whole firm.
      const personId = memberIdOf(request);
      const found = await findNotificationPreferences(db, personId);
      return presentNotificationPreferences(found.preferences, request.principal!.member.email, found.stored);
    },
  );

  r.put(
    '/notifications/preferences',
    {
      config: { auth: 'account', permission: 'self' },
      schema: {
        tags: ['account'],
        summary: 'Replace the reminder, digest and new-paper alert preferences',
        description: 'Every field is required (PUT replaces the whole set). Audited (notifications.preferences_updated).',
        body: notificationPreferencesInput,
        response: { 200: notificationPreferencesSchema, 400: errorObjectSchema, 401: errorObjectSchema },
      },
    },
    async (request) => {
      const personId = memberIdOf(request);
      const saved = await notificationPreferencesSetter(db, actorOf(request), { personId, preferences: preferencesFromInput(request.body) });
      return presentNotificationPreferences(saved, request.principal!.member.email, true);
    },
  );
}
