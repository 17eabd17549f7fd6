import { sql, type Kysely } from 'kysely';

/**
 * Reminders and alerts by e-mail (issue 21 part 3).
 *
 * - notification_preferences: one row per person (today an account: `person_id` holds the
 *   account id; when firms get members, a member id takes its place). No row = the defaults
 *   (src/domain/notifications.ts DEFAULT_PREFERENCES).
 * - notification_deliveries: the sent-log. One row per mail a person is owed, inserted BEFORE the
 *   mail is sent; the unique keys make the insert the claim, so of two processes racing on the
 *   same reminder (person, deadline, offset), alert (person, docket event) or digest (person,
 *   period) only the one whose insert succeeds sends. Columns not used by a kind are null, and
 *   nulls never collide, so three plain unique constraints serve the three kinds.
 * - notification_unsubscribe_tokens: the random tokens of the one-click unsubscribe links, stored
 *   hashed. One per mail (each names its list), so a link in an older mail keeps working: a single
 *   hashed token per person could not be put in a later mail without replacing it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('reminders_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remind_response', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remind_issue_fee', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remind_maintenance', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remind_briefs', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remind_priority', 'boolean', (c) => c.notNull().defaultTo(true))
    // Days before the due date, e.g. [30,14,7,1,0] (0 = the day itself).
    .addColumn('offsets', 'jsonb', (c) => c.notNull().defaultTo(sql`'[30,14,7,1,0]'::jsonb`))
    .addColumn('digest', 'text', (c) => c.notNull().defaultTo('weekly').check(sql`digest in ('none', 'daily', 'weekly')`))
    .addColumn('new_paper_alerts', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('reminder', 'alert', 'digest')`))
    // reminder: the deadline's stable key and the offset (days before) it is for.
    .addColumn('deadline_key', 'text')
    .addColumn('offset_days', 'integer')
    // alert: the docket event (correspondence.recorded) it announces.
    .addColumn('docket_event_id', 'bigint', (c) => c.references('docket_events.id').onDelete('cascade'))
    // digest: the period's first day (daily: the day; weekly: its Monday).
    .addColumn('digest_period', 'text')
    // sending: claimed, mail under way (or the sender died: never sent again, see docs/notifications.md);
    // sent; failed: the mailer refused it, retried by the next pass; superseded: a nearer offset went instead.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sending', 'sent', 'failed', 'superseded')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('pass_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('notification_deliveries_reminder_once', ['person_id', 'deadline_key', 'offset_days'])
    .addUniqueConstraint('notification_deliveries_alert_once', ['person_id', 'docket_event_id'])
    .addUniqueConstraint('notification_deliveries_digest_once', ['person_id', 'digest_period'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_failed')
    .on('notification_deliveries')
    .columns(['status', 'id'])
    .where(sql.ref('status'), '=', 'failed')
    .execute();

  await db.schema
    .createTable('notification_unsubscribe_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull().check(sql`list in ('reminders', 'digest', 'alerts')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('notification_unsubscribe_tokens_created').on('notification_unsubscribe_tokens').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_unsubscribe_tokens').execute();
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
