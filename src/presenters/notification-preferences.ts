/**
 * Notification preferences on the wire (GET/PUT /api/notifications/preferences): which deadline
 * categories are reminded, how many days ahead, the digest, and new-paper alerts.
 */
import { z } from 'zod';
import {
  DEADLINE_CATEGORIES,
  DIGEST_FREQUENCIES,
  MAX_OFFSET_DAYS,
  MAX_OFFSETS,
  NOTIFICATION_SCOPES,
  type NotificationPreferences,
  type NotificationScope,
} from '../domain/notifications.ts';

const categoriesSchema = z
  .object({
    response: z.boolean().describe('Replies to Office actions (and any deadline kind not listed here)'),
    issue_fee: z.boolean().describe('Issue fee after a notice of allowance'),
    maintenance: z.boolean().describe('Maintenance fees at 3.5, 7.5 and 11.5 years'),
    briefs: z.boolean().describe('Appeal and reply briefs, oral hearing requests'),
    priority: z.boolean().describe('Priority, national stage and copendency dates'),
  })
  .strict();

export const notificationPreferencesInput = z
  .object({
    reminders: z.boolean().describe('Reminder mails on or off (the categories below say which deadlines)'),
    categories: categoriesSchema,
    offsets: z
      .array(z.number().int('must be whole days').min(0, 'must be 0 (the day itself) or more').max(MAX_OFFSET_DAYS, `must be at most ${MAX_OFFSET_DAYS} days`))
      .max(MAX_OFFSETS, `at most ${MAX_OFFSETS} reminder days`)
      .refine((a) => new Set(a).size === a.length, 'must not name a day twice')
      .describe('Days before the due date a reminder goes out; 0 is the day itself. Default [30, 14, 7, 1, 0]'),
    digest: z.enum(DIGEST_FREQUENCIES).describe('none, daily, or weekly (Mondays): a list of the deadlines due in the next 30 days'),
    new_paper_alerts: z.boolean().describe('A mail as soon as the USPTO watch records a new paper in an application on the docket'),
    scope: z
      .enum(NOTIFICATION_SCOPES, { error: 'must be mine or firm' })
      .optional()
      .describe(
        "Which docket entries the mail covers: mine (the default) = those you are the responsible practitioner of, and for owners those nobody is responsible for; firm = the whole firm's docket. Omitted on PUT: unchanged",
      ),
  })
  .strict();
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;

export const notificationPreferencesSchema = notificationPreferencesInput.extend({
  scope: z.enum(NOTIFICATION_SCOPES).describe("mine: the entries you are responsible for (owners: and the unassigned ones); firm: the whole firm's docket"),
  email: z.string().describe("Where the mail goes (the signed-in member's address)"),
  customized: z.boolean().describe('False while the defaults apply (nothing saved yet)'),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesSchema>;

export function presentNotificationPreferences(p: NotificationPreferences, email: string, customized: boolean): NotificationPreferencesBody {
  return {
    reminders: p.remindersEnabled,
    categories: Object.fromEntries(DEADLINE_CATEGORIES.map((c) => [c, p.categories[c]])) as NotificationPreferencesBody['categories'],
    offsets: p.offsets,
    digest: p.digest,
    new_paper_alerts: p.newPaperAlerts,
    scope: p.scope,
    email,
    customized,
  };
}

export function preferencesFromInput(input: NotificationPreferencesInput): Omit<NotificationPreferences, 'scope'> & { scope?: NotificationScope } {
  return {
    remindersEnabled: input.reminders,
    categories: { ...input.categories },
    offsets: input.offsets,
    digest: input.digest,
    newPaperAlerts: input.new_paper_alerts,
    scope: input.scope,
  };
}

export const unsubscribeResultSchema = z.object({
  unsubscribed: z.literal(true),
  list: z.enum(['reminders', 'digest', 'alerts']),
  message: z.string(),
});
