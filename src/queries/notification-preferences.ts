import type { Db } from '../db/connect.ts';
import type { NotificationPreferencesTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import { defaultPreferences, normalizeOffsets, type NotificationPreferences } from '../domain/notifications.ts';

export type NotificationPreferencesRow = Selectable<NotificationPreferencesTable>;

/** A stored row as the domain reads it; no row = the defaults (domain/notifications.ts). */
export function preferencesOf(row: NotificationPreferencesRow | undefined | null): NotificationPreferences {
  if (!row) return defaultPreferences();
  return {
    remindersEnabled: row.reminders_enabled,
    categories: {
      response: row.remind_response,
      issue_fee: row.remind_issue_fee,
      maintenance: row.remind_maintenance,
      briefs: row.remind_briefs,
      priority: row.remind_priority,
    },
    offsets: normalizeOffsets(Array.isArray(row.offsets) ? row.offsets : []),
    digest: row.digest,
    newPaperAlerts: row.new_paper_alerts,
    scope: row.scope,
  };
}

/** One person's preferences (a person is a firm member; the founding owner's id is the account's). */
export async function findNotificationPreferences(
  db: Db,
  personId: string,
): Promise<{ preferences: NotificationPreferences; stored: boolean; updatedAt: Date | null }> {
  const row = await db.selectFrom('notification_preferences').selectAll().where('person_id', '=', personId).executeTakeFirst();
  return { preferences: preferencesOf(row), stored: !!row, updatedAt: row?.updated_at ?? null };
}
