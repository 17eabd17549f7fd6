/**
 * Reminders and alerts (issue 21 part 3): which deadline category a docket deadline belongs to,
 * which reminders a pass owes, and when a digest is due. Pure: dates come in as arguments.
 */
import { addDays, MONDAY, toDayNumber, weekday, type IsoDate } from './deadlines/calendar.ts';

export const DEADLINE_CATEGORIES = ['response', 'issue_fee', 'maintenance', 'briefs', 'priority'] as const;
export type DeadlineCategory = (typeof DEADLINE_CATEGORIES)[number];

export const DIGEST_FREQUENCIES = ['none', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/**
 * Whose docket entries a member's mail covers (migration 034): mine = the entries they are the
 * responsible practitioner of, and for owners the entries nobody is responsible for; firm = every
 * entry of the firm's docket.
 */
export const NOTIFICATION_SCOPES = ['mine', 'firm'] as const;
export type NotificationScope = (typeof NOTIFICATION_SCOPES)[number];

/** The mails a person can unsubscribe from, one list each. */
const MAIL_LISTS = ['reminders', 'digest', 'alerts'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

export interface NotificationPreferences {
  /** Master switch of the reminder mails (what a reminder's unsubscribe link turns off). */
  remindersEnabled: boolean;
  categories: Record<DeadlineCategory, boolean>;
  /** Days before the due date a reminder goes out, largest first; 0 is the day itself. */
  offsets: number[];
  digest: DigestFrequency;
  newPaperAlerts: boolean;
  scope: NotificationScope;
}

/** What a person gets before changing anything: reminders at 30, 14, 7 and 1 days and on the day, a weekly digest (Mondays) and new-paper alerts. */
const DEFAULT_OFFSETS: readonly number[] = [30, 14, 7, 1, 0];
export const MAX_OFFSET_DAYS = 365;
export const MAX_OFFSETS = 10;

export function defaultPreferences(): NotificationPreferences {
  return {
    remindersEnabled: true,
    categories: { response: true, issue_fee: true, maintenance: true, briefs: true, priority: true },
    offsets: [...DEFAULT_OFFSETS],
    digest: 'weekly',
    newPaperAlerts: true,
    scope: 'mine',
  };
}

/** Offsets as stored: whole days in 0..365, each once, largest first. */
export function normalizeOffsets(offsets: readonly number[]): number[] {
  return [...new Set(offsets.filter((o) => Number.isInteger(o) && o >= 0 && o <= MAX_OFFSET_DAYS))].sort((a, b) => b - a);
}

/**
 * The reminder category of a docket deadline kind. Kinds are the docket's own: the pending
 * Office action's kind for reply deadlines (non_final, final, restriction ...), and the life
 * deadlines' kinds (issue_fee, maintenance_fee_3_5, appeal_brief, us_national_stage ...).
 * A kind this table does not know is a reply to something: it falls into `response`, the
 * category a practitioner least wants to miss, so a new kind is reminded rather than silent.
 */
export function deadlineCategory(kind: string): DeadlineCategory {
  const k = kind.trim().toLowerCase();
  if (k === 'issue_fee' || k === 'notice_of_allowance' || k.startsWith('issue_fee')) return 'issue_fee';
  if (k.startsWith('maintenance')) return 'maintenance';
  if (k.endsWith('_brief') || k === 'briefs' || k.startsWith('appeal') || k.includes('oral_hearing') || k === 'notice_of_appeal') return 'briefs';
  if (k.includes('priority') || k.includes('provisional') || k.includes('national_stage') || k.includes('copendency') || k.includes('continuation'))
    return 'priority';
  return 'response';
}

/** A deadline a reminder can be about: a stable key (so a reminder is sent once) and its last day. */
export interface RemindableDeadline {
  /** Stable across passes while the deadline stands, e.g. `${docketEntryId}:${kind}:${due}`. */
  key: string;
  kind: string;
  /** The day the act is due (after any roll to a business day). */
  due: IsoDate;
}

export interface DueReminder<D extends RemindableDeadline = RemindableDeadline> {
  deadline: D;
  /** The offset the mail goes out for (days before `due`). */
  offset: number;
  /** Offsets that came due in the same catch-up window but are passed over for this nearer one. */
  superseded: number[];
  /** Days from the pass date to the due date (what the mail says). */
  daysLeft: number;
}

/**
 * How many days back a pass looks for an offset it has not yet reminded: a day or a week the
 * worker was down is not lost, while a preference changed today does not send a month-old reminder.
 */
const CATCH_UP_DAYS = 7;

/**
 * The reminders a pass on `passDate` owes for these deadlines: for each deadline not yet past
 * (due on or after the pass date), the offsets whose reminder day (due minus offset) falls in
 * (passDate - catchUpDays, passDate]. When several did (a missed day, or a deadline docketed late),
 * one reminder goes out, for the nearest offset; the others are reported as superseded so the
 * caller can record them and never send them later. Deadlines of a category turned off, or with
 * reminders off, owe nothing.
 */
export function dueReminders<D extends RemindableDeadline>(
  deadlines: readonly D[],
  prefs: NotificationPreferences,
  passDate: IsoDate,
  catchUpDays = CATCH_UP_DAYS,
): DueReminder<D>[] {
  if (!prefs.remindersEnabled) return [];
  const offsets = normalizeOffsets(prefs.offsets);
  const pass = toDayNumber(passDate);
  const out: DueReminder<D>[] = [];
  for (const d of deadlines) {
    if (!prefs.categories[deadlineCategory(d.kind)]) continue;
    const due = toDayNumber(d.due);
    if (due < pass) continue; // already past: never remind
    const owed = offsets.filter((o) => {
      const remindOn = due - o;
      return remindOn <= pass && remindOn > pass - catchUpDays;
    });
    if (owed.length === 0) continue;
    const nearest = Math.min(...owed);
    out.push({ deadline: d, offset: nearest, superseded: owed.filter((o) => o !== nearest), daysLeft: due - pass });
  }
  return out.sort((a, b) => (a.deadline.due < b.deadline.due ? -1 : a.deadline.due > b.deadline.due ? 1 : a.deadline.key < b.deadline.key ? -1 : 1));
}

/**
 * Which digest period a pass on `passDate` delivers, or null when none is due: daily, the day
 * itself; weekly, the week's Monday, on Monday or (catching up a worker that was down) up to two
 * days after. The period is the digest's key in the sent-log, so a week gets one digest.
 */
export function digestPeriod(frequency: DigestFrequency, passDate: IsoDate): IsoDate | null {
  if (frequency === 'none') return null;
  if (frequency === 'daily') return passDate;
  const sinceMonday = (weekday(passDate) - MONDAY + 7) % 7;
  return sinceMonday <= 2 ? addDays(passDate, -sinceMonday) : null;
}

/** How far ahead a digest looks: deadlines due from the pass date through this many days on. */
const DIGEST_HORIZON_DAYS = 30;

/** The deadlines a digest lists: due within [passDate, passDate + 30 days], of categories the person follows, soonest first. */
export function digestDeadlines<D extends RemindableDeadline>(deadlines: readonly D[], prefs: NotificationPreferences, passDate: IsoDate): D[] {
  const end = addDays(passDate, DIGEST_HORIZON_DAYS);
  return deadlines
    .filter((d) => d.due >= passDate && d.due <= end && prefs.categories[deadlineCategory(d.kind)])
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.key < b.key ? -1 : 1));
}
