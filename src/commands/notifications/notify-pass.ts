import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';
import { randomToken, sha256Hex } from '../../auth/secrets.ts';
import { recordDocketEvent } from '../events/docket-event-recorder.ts';
import {
  deadlineCategory,
  DEADLINE_CATEGORIES,
  digestDeadlines,
  digestPeriod,
  dueReminders,
  type MailList,
  type NotificationPreferences,
} from '../../domain/notifications.ts';
import { isIsoDate, type IsoDate } from '../../domain/deadlines/calendar.ts';
import { validationError } from '../../errors.ts';
import { docketDeadlines } from '../../queries/docket-deadlines.ts';
import { notifiableDeadlines, type NotifiableDeadline } from '../../queries/notification-deadlines.ts';
import { preferencesOf } from '../../queries/notification-preferences.ts';
import { pendingAction } from '../../queries/application-deadlines.ts';
import { followsEntry, mayBeResponsible, RESPONSIBLE_ROLES, type MailRecipient } from '../../domain/responsible-practitioner.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { alertMail, digestMail, reminderMail, type AlertPaper, type MailLinks } from '../../mail/notification-mail.ts';

/** A mail the mailer refused is tried again by later passes, up to this many attempts in all. */
const MAX_SEND_ATTEMPTS = 5;
/** New-paper alerts look back this far (by the wall clock) for events not yet mailed. */
const ALERT_WINDOW_DAYS = 7;
/** An unsubscribe link works this long after its mail (the pass deletes older tokens). */
const UNSUBSCRIBE_TOKEN_DAYS = 730;
/** At most this many alerts per person (member) per pass (the rest go in the next pass). */
const ALERTS_PER_PASS = 100;

export interface NotifyPassOptions {
  /** The day the pass runs as of (`prosa notify run --date`); decides which reminders are due. */
  passDate: IsoDate;
  /** The wall clock (the alert window); passed in so the command reads no clock of its own. */
  now: Date;
  /** BASE_URL: the links in the mail. */
  baseUrl: string;
  mailer: Mailer;
  log?: { warn(obj: object, msg: string): void };
}

export interface NotifyPassSummary {
  pass_date: IsoDate;
  /** Firm members whose mail the pass looked at (the live members of firms with a docket or new papers). */
  persons: number;
  reminders_sent: number;
  digests_sent: number;
  alerts_sent: number;
  /** Mails the mailer refused in this pass (each retried by later passes, up to 5 attempts). */
  failed: number;
  /** deadline.approaching docket events recorded (for webhooks). */
  deadline_events: number;
}

type DeliveryKey =
  | { kind: 'reminder'; deadline_key: string; offset_days: number }
  | { kind: 'alert'; docket_event_id: string }
  | { kind: 'digest'; digest_period: string };

const LIST_OF: Record<DeliveryKey['kind'], MailList> = { reminder: 'reminders', alert: 'alerts', digest: 'digest' };

/**
 * One notification pass as of a date (the daily job, and `prosa notify run`): for each firm with a
 * docket, a deadline.approaching docket event per deadline and offset, for webhooks (once per firm,
 * whatever its members); then for each live member of the firm, by that member's own preferences,
 * the reminders due at their offsets, the digest on its day, and an alert for each
 * correspondence.recorded docket event not yet mailed to them, each about the docket entries the
 * member follows (domain/responsible-practitioner.ts followsEntry: the entries they are
 * responsible for, the unassigned ones for owners, every entry with scope 'firm'). Mail goes to
 * the member's own address.
 *
 * Sent once, whatever restarts or replicas do: each mail's sent-log row is inserted (in its own
 * committed transaction, with the unique key of person and deadline and offset, docket event, or
 * digest period) BEFORE the mail is handed to the mailer, so of two processes only the one whose
 * insert succeeded sends. A refusal by the mailer marks the row failed, and a later pass that
 * still owes the mail claims it back (an UPDATE ... WHERE status = 'failed', which again only one
 * process wins). A process that dies between the claim and the mailer's answer leaves the row
 * 'sending', never retried: at most once when it cannot be known whether the mail left
 * (docs/notifications.md). The person is the member (the founding owner's member id is the
 * account id, so rows written before firms keep their person); the webhook events are recorded
 * once per firm by their own unique key (docket-event-recorder.ts), apart from any mail.
 */
export async function runNotifyPass(db: Db, opts: NotifyPassOptions): Promise<NotifyPassSummary> {
  if (!isIsoDate(opts.passDate)) throw validationError('date', 'must be a calendar date written YYYY-MM-DD, e.g. 2027-03-15');
  const summary: NotifyPassSummary = {
    pass_date: opts.passDate,
    persons: 0,
    reminders_sent: 0,
    digests_sent: 0,
    alerts_sent: 0,
    failed: 0,
    deadline_events: 0,
  };
  const since = new Date(opts.now.getTime() - ALERT_WINDOW_DAYS * 86_400_000);
  // Each mail mints an unsubscribe token; links older than two years stop working (404).
  await db
    .deleteFrom('notification_unsubscribe_tokens')
    .where('created_at', '<', new Date(opts.now.getTime() - UNSUBSCRIBE_TOKEN_DAYS * 86_400_000))
    .execute();
  const firms = await db
    .selectFrom('accounts as a')
    .select(['a.id'])
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('docket_entries as d').select('d.id').whereRef('d.account_id', '=', 'a.id')),
        eb.exists(
          eb
            .selectFrom('docket_events as e')
            .select('e.id')
            .whereRef('e.account_id', '=', 'a.id')
            .where('e.kind', '=', 'correspondence.recorded')
            .where('e.occurred_at', '>', since),
        ),
      ]),
    )
    .orderBy('a.id')
    .execute();
  for (const firm of firms) await notifyFirm(db, opts, firm.id, since, summary);
  return summary;
}

interface Person {
  id: string;
  email: string;
  prefs: NotificationPreferences;
  /** Whose entries the person's mail covers (followsEntry). */
  recipient: MailRecipient;
}

/** The firm's webhook events, then each live member's mail. */
async function notifyFirm(db: Db, opts: NotifyPassOptions, firmId: string, since: Date, summary: NotifyPassSummary): Promise<void> {
  const members = await db
    .selectFrom('members')
    .select(['id', 'email', 'role'])
    .where('account_id', '=', firmId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // The founding owner's preferences (person id = account id) set the firm's webhook offsets, as before firms.
  const stored = await db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('person_id', 'in', [firmId, ...members.map((m) => m.id)])
    .execute();
  const prefsById = new Map(stored.map((r) => [r.person_id, preferencesOf(r)]));
  const deadlines = notifiableDeadlines(await docketDeadlines(db, firmId, { today: opts.passDate }));
  await approaching(db, opts, firmId, prefsById.get(firmId) ?? preferencesOf(null), deadlines, summary);

  // An entry whose responsible member is no longer a live owner or practitioner counts as not
  // assigned (removal and demotion unassign at once; this covers anything older), so its mail reaches the owners.
  const signers = new Set(members.filter((m) => mayBeResponsible(m.role)).map((m) => m.id));
  const responsibleOf = (id: string | null) => (id !== null && signers.has(id) ? id : null);
  for (const m of members) {
    summary.persons++;
    const prefs = prefsById.get(m.id) ?? preferencesOf(null);
    const person: Person = { id: m.id, email: m.email, prefs, recipient: { id: m.id, role: m.role, scope: prefs.scope } };
    const followed = deadlines.filter((d) => followsEntry(person.recipient, responsibleOf(d.responsibleMemberId)));
    await remind(db, opts, person, followed, summary);
    await digest(db, opts, person, followed, summary);
    await alert(db, opts, firmId, person, since, summary);
  }
}

/**
 * deadline.approaching docket events for webhooks: every category at the firm's offsets, once per
 * firm deadline and offset (the event's unique key), whichever members are mailed about it.
 */
async function approaching(
  db: Db,
  opts: NotifyPassOptions,
  firmId: string,
  firmPrefs: NotificationPreferences,
  deadlines: NotifiableDeadline[],
  summary: NotifyPassSummary,
): Promise<void> {
  const everything: NotificationPreferences = {
    ...firmPrefs,
    remindersEnabled: true,
    categories: Object.fromEntries(DEADLINE_CATEGORIES.map((c) => [c, true])) as NotificationPreferences['categories'],
  };
  for (const r of dueReminders(deadlines, everything, opts.passDate)) {
    const d = r.deadline;
    const event = await db.transaction().execute((trx) =>
      recordDocketEvent(trx, {
        accountId: firmId,
        kind: 'deadline.approaching',
        applicationId: d.applicationId,
        subjectType: 'deadline',
        subjectId: `${d.key}:${r.offset}`,
        payload: {
          docket_entry_id: d.docketEntryId,
          application_number: d.applicationNumber,
          deadline_kind: d.kind,
          category: deadlineCategory(d.kind),
          due: d.due,
          offset_days: r.offset,
          days_left: r.daysLeft,
          what: d.label,
        },
      }),
    );
    if (event) summary.deadline_events++;
  }
}

async function remind(db: Db, opts: NotifyPassOptions, person: Person, deadlines: NotifiableDeadline[], summary: NotifyPassSummary): Promise<void> {
  for (const r of dueReminders(deadlines, person.prefs, opts.passDate)) {
    const d = r.deadline;
    const claimed = await db.transaction().execute(async (trx) => {
      for (const offset of r.superseded) {
        await trx
          .insertInto('notification_deliveries')
          .values({ person_id: person.id, kind: 'reminder', deadline_key: d.key, offset_days: offset, status: 'superseded', pass_date: opts.passDate })
          .onConflict((oc) => oc.columns(['person_id', 'deadline_key', 'offset_days']).doNothing())
          .execute();
      }
      return claim(trx, person.id, { kind: 'reminder', deadline_key: d.key, offset_days: r.offset }, opts.passDate);
    });
    if (!claimed) continue;
    if (await deliver(db, opts, claimed.id, reminderMail(person.email, d, r, links(opts, claimed.token)), summary)) summary.reminders_sent++;
  }
}

async function digest(db: Db, opts: NotifyPassOptions, person: Person, deadlines: NotifiableDeadline[], summary: NotifyPassSummary): Promise<void> {
  const frequency = person.prefs.digest;
  if (frequency === 'none') return;
  const period = digestPeriod(frequency, opts.passDate);
  if (!period) return;
  const listed = digestDeadlines(deadlines, person.prefs, opts.passDate);
  if (listed.length === 0) return; // nothing due: no mail
  const claimed = await db.transaction().execute((trx) => claim(trx, person.id, { kind: 'digest', digest_period: period }, opts.passDate));
  if (!claimed) return;
  if (await deliver(db, opts, claimed.id, digestMail(person.email, frequency, opts.passDate, listed, links(opts, claimed.token)), summary))
    summary.digests_sent++;
}

async function alert(db: Db, opts: NotifyPassOptions, firmId: string, person: Person, since: Date, summary: NotifyPassSummary): Promise<void> {
  if (!person.prefs.newPaperAlerts) return;
  const { recipient } = person;
  const mayHold = mayBeResponsible(recipient.role);
  // followsEntry in SQL: a paralegal or viewer who follows only their own entries follows none.
  if (recipient.scope !== 'firm' && !mayHold && recipient.role !== 'owner') return;
  const events = await db
    .selectFrom('docket_events as e')
    .select([sql<string>`e.id::text`.as('id'), 'e.application_id', 'e.subject_type', 'e.subject_id', 'e.payload'])
    .where('e.account_id', '=', firmId)
    .where('e.kind', '=', 'correspondence.recorded')
    .where('e.occurred_at', '>', since)
    .$if(recipient.scope !== 'firm', (q) =>
      q.where((eb) => {
        // The event's application's entry in this firm, with a live owner or practitioner responsible for it.
        const assigned = eb.exists(
          eb
            .selectFrom('docket_entries as d')
            .innerJoin('members as m', 'm.id', 'd.responsible_member_id')
            .select('d.id')
            .where('d.account_id', '=', firmId)
            .whereRef('d.application_id', '=', 'e.application_id')
            .where('m.account_id', '=', firmId)
            .where('m.removed_at', 'is', null)
            .where('m.role', 'in', [...RESPONSIBLE_ROLES]),
        );
        const mine = eb.exists(
          eb
            .selectFrom('docket_entries as d')
            .select('d.id')
            .where('d.account_id', '=', firmId)
            .whereRef('d.application_id', '=', 'e.application_id')
            .where('d.responsible_member_id', '=', recipient.id),
        );
        const ors = [];
        if (mayHold) ors.push(mine);
        if (recipient.role === 'owner') ors.push(eb.not(assigned));
        return eb.or(ors);
      }),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notification_deliveries as n')
            .select('n.id')
            .where('n.person_id', '=', person.id)
            .whereRef('n.docket_event_id', '=', 'e.id')
            .where('n.status', 'in', ['sent', 'sending', 'superseded']),
        ),
      ),
    )
    .orderBy('e.id')
    .limit(ALERTS_PER_PASS)
    .execute();
  for (const e of events) {
    const paper = await alertPaper(db, firmId, e, opts.passDate);
    const claimed = await db.transaction().execute((trx) => claim(trx, person.id, { kind: 'alert', docket_event_id: e.id }, opts.passDate));
    if (!claimed) continue;
    if (!paper) {
      await db
        .updateTable('notification_deliveries')
        .set({ status: 'failed', last_error: 'the paper of the event is not in the database' })
        .where('id', '=', claimed.id)
        .execute();
      summary.failed++;
      continue;
    }
    if (await deliver(db, opts, claimed.id, alertMail(person.email, paper, links(opts, claimed.token)), summary)) summary.alerts_sent++;
  }
}

/** What the alert says about the event's paper: the correspondence row, else the event's payload. */
async function alertPaper(
  db: Db,
  firmId: string,
  e: { application_id: string | null; subject_type: string; subject_id: string; payload: Record<string, unknown> },
  passDate: IsoDate,
): Promise<AlertPaper | null> {
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  const paper =
    e.subject_type === 'correspondence'
      ? await db
          .selectFrom('correspondence')
          .select(['id', 'application_id', 'description', 'document_code', 'mailing_date'])
          .where('id', '=', e.subject_id)
          .executeTakeFirst()
      : undefined;
  const applicationId = paper?.application_id ?? e.application_id;
  const application = applicationId
    ? await db.selectFrom('applications').select(['id', 'application_number', 'invention_title']).where('id', '=', applicationId).executeTakeFirst()
    : undefined;
  const applicationNumber = application?.application_number ?? text(e.payload.application_number);
  const documentCode = paper?.document_code ?? text(e.payload.document_code);
  const mailingDate = paper?.mailing_date ?? text(e.payload.mailing_date);
  if (!applicationNumber || !documentCode || !mailingDate) return null;
  const entry = application
    ? await db
        .selectFrom('docket_entries')
        .select('client_matter')
        .where('account_id', '=', firmId)
        .where('application_id', '=', application.id)
        .executeTakeFirst()
    : undefined;
  const deadlines: AlertPaper['deadlines'] = [];
  if (application && paper) {
    // The paper's deadlines as the docket computes them (when it is the action awaiting a reply).
    const pending = await pendingAction(db, application.id, { accountId: firmId, today: passDate });
    if (pending && pending.correspondence.id === paper.id) {
      const r = pending.result;
      deadlines.push({ label: r.action === 'notice_of_allowance' ? 'Issue fee due' : 'Reply without an extension fee by', date: r.response_deadline });
      if (r.critical_deadline_date > r.response_deadline) deadlines.push({ label: 'Last day to reply at all', date: r.critical_deadline_date });
    }
  }
  return {
    applicationNumber,
    inventionTitle: application?.invention_title ?? text(e.payload.invention_title),
    clientMatter: entry?.client_matter ?? null,
    description: paper?.description ?? text(e.payload.description),
    documentCode,
    mailingDate,
    deadlines,
  };
}

/**
 * Claims one mail in the caller's transaction: inserts its sent-log row (status sending), or takes
 * back a row a refused send left failed; null when another pass holds or sent it. Mints the
 * mail's unsubscribe token (stored hashed) with the claim.
 */
async function claim(trx: Transaction<Schema>, personId: string, key: DeliveryKey, passDate: IsoDate): Promise<{ id: string; token: string } | null> {
  const values = {
    person_id: personId,
    kind: key.kind,
    deadline_key: key.kind === 'reminder' ? key.deadline_key : null,
    offset_days: key.kind === 'reminder' ? key.offset_days : null,
    docket_event_id: key.kind === 'alert' ? key.docket_event_id : null,
    digest_period: key.kind === 'digest' ? key.digest_period : null,
  };
  const conflictColumns =
    key.kind === 'reminder'
      ? (['person_id', 'deadline_key', 'offset_days'] as const)
      : key.kind === 'alert'
        ? (['person_id', 'docket_event_id'] as const)
        : (['person_id', 'digest_period'] as const);
  let row = await trx
    .insertInto('notification_deliveries')
    .values({ ...values, status: 'sending', attempts: 1, pass_date: passDate })
    .onConflict((oc) => oc.columns([...conflictColumns]).doNothing())
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirst();
  if (!row) {
    let retry = trx
      .updateTable('notification_deliveries')
      .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), pass_date: passDate }))
      .where('person_id', '=', personId)
      .where('status', '=', 'failed')
      .where('attempts', '<', MAX_SEND_ATTEMPTS);
    if (key.kind === 'reminder') retry = retry.where('deadline_key', '=', key.deadline_key).where('offset_days', '=', key.offset_days);
    else if (key.kind === 'alert') retry = retry.where('docket_event_id', '=', key.docket_event_id);
    else retry = retry.where('digest_period', '=', key.digest_period);
    row = await retry.returning(sql<string>`id::text`.as('id')).executeTakeFirst();
  }
  if (!row) return null;
  const token = randomToken();
  await trx
    .insertInto('notification_unsubscribe_tokens')
    .values({ token_hash: sha256Hex(token), person_id: personId, list: LIST_OF[key.kind] })
    .execute();
  return { id: row.id, token };
}

/** Hands the mail to the mailer and records the outcome on its sent-log row; true when sent. */
async function deliver(db: Db, opts: NotifyPassOptions, deliveryId: string, mail: OutgoingMail, summary: NotifyPassSummary): Promise<boolean> {
  try {
    await opts.mailer.send(mail);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    opts.log?.warn({ err, delivery: deliveryId }, 'notification mail failed; the next pass tries again');
    await db
      .updateTable('notification_deliveries')
      .set({ status: 'failed', last_error: message.slice(0, 500) })
      .where('id', '=', deliveryId)
      .execute();
    summary.failed++;
    return false;
  }
  await db.updateTable('notification_deliveries').set({ status: 'sent', sent_at: new Date(), last_error: null }).where('id', '=', deliveryId).execute();
  return true;
}

function links(opts: NotifyPassOptions, token: string): MailLinks {
  return { baseUrl: opts.baseUrl, unsubscribeToken: token };
}
