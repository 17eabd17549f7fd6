import type { Db } from '../../db/connect.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { normalizeOffsets, type NotificationPreferences, type NotificationScope } from '../../domain/notifications.ts';
import { preferencesOf } from '../../queries/notification-preferences.ts';

export interface NotificationPreferencesSetterProps {
  /** The person whose mail this is: a firm member id (the founding owner's is the account id). */
  personId: string;
  /** scope left undefined keeps the stored one (a client that predates it does not reset it). */
  preferences: Omit<NotificationPreferences, 'scope'> & { scope?: NotificationScope };
}

/** Replaces one person's notification preferences; the row and its audit entry commit together. */
export async function notificationPreferencesSetter(db: Db, actor: Actor, props: NotificationPreferencesSetterProps): Promise<NotificationPreferences> {
  const p = props.preferences;
  const values = {
    reminders_enabled: p.remindersEnabled,
    remind_response: p.categories.response,
    remind_issue_fee: p.categories.issue_fee,
    remind_maintenance: p.categories.maintenance,
    remind_briefs: p.categories.briefs,
    remind_priority: p.categories.priority,
    offsets: JSON.stringify(normalizeOffsets(p.offsets)),
    digest: p.digest,
    new_paper_alerts: p.newPaperAlerts,
    ...(p.scope !== undefined ? { scope: p.scope } : {}),
    updated_at: new Date(),
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notification_preferences')
      .values({ person_id: props.personId, ...values })
      .onConflict((oc) => oc.column('person_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    const saved = preferencesOf(row);
    await writeAudit(trx, actor, {
      // The person's firm's log (a member's preferences are their own; migration 032).
      accountId: actor.accountId ?? props.personId,
      action: 'notifications.preferences_updated',
      targetType: 'notification_preferences',
      targetId: props.personId,
      details: {
        reminders: saved.remindersEnabled,
        categories: saved.categories,
        offsets: saved.offsets,
        digest: saved.digest,
        new_paper_alerts: saved.newPaperAlerts,
        scope: saved.scope,
      },
    });
    return saved;
  });
}
