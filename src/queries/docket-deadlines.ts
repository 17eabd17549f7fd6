import type { Db } from '../db/connect.ts';
import type { EntitySize } from '../domain/deadlines/index.ts';
import { addDays, toDayNumber, type IsoDate } from '../domain/deadlines/calendar.ts';
import { findAccountById } from './accounts.ts';
import { listDocket, type DocketItem } from './docket.ts';
import { pendingActions, type PendingAction } from './application-deadlines.ts';
import { docketItemEntity, type EntityDecision } from './entity-size.ts';
import { lifeDeadlines, nextLifeDate, type DocketLifeDeadline } from './life-deadlines.ts';

/** The next date a reply can still be filed on, and what filing by then costs. */
export interface NextDeadline {
  /** response: no extension fee; extension: the last day within `extensionMonths` of 37 CFR 1.136(a). */
  kind: 'response' | 'extension';
  date: IsoDate;
  /** Null for the response deadline. */
  extensionMonths: number | null;
  /** The 37 CFR 1.17(a) fee for the application's entity status; null for the response deadline or without a fee table. */
  fee: string | null;
}

export interface DocketDeadline {
  item: DocketItem;
  pending: PendingAction;
  /** The entity status its fees are for, and where it came from (src/queries/entity-size.ts). */
  entity: EntityDecision;
  /** Null when every date has passed (overdue). */
  next: NextDeadline | null;
  /** The critical date (last day to reply at all) is before today. */
  overdue: boolean;
  /** Days from today to `next.date`; when overdue, to the critical date (so negative). */
  daysRemaining: number;
  daysToCritical: number;
}

export interface DocketDeadlines {
  today: IsoDate;
  /** The account's entity size: the fees of applications whose docket entry and record say nothing. */
  entity: EntitySize;
  deadlines: DocketDeadline[];
  /**
   * Deadlines of the applications' life beyond the reply to an action (issue fee, maintenance
   * fees, appeal and reply briefs: src/queries/life-deadlines.ts), most urgent first.
   */
  life: DocketLifeItem[];
}

export interface DocketLifeItem {
  item: DocketItem;
  life: DocketLifeDeadline;
  /** The next date not yet passed (due, else the surcharge or extended end); null when all have passed. */
  next: { date: IsoDate; stage: 'due' | 'surcharge' | 'extended' } | null;
  overdue: boolean;
  /** Days from today to `next.date`; when overdue, to the last date (negative). */
  daysRemaining: number;
}

export interface DocketDeadlinesOptions {
  /** Today's date (UTC); decides what has passed and which fee table applies. */
  today: IsoDate;
  /**
   * Keep only entries whose next deadline falls on or before today + withinDays; overdue
   * entries are always kept (they need attention). Omitted: every pending entry (the calendar feed).
   */
  withinDays?: number;
}

/**
 * The account's docket entries that await a reply, most urgent first: overdue entries first
 * (oldest critical date first), then by next deadline. Each entry's action and dates come from
 * pendingAction, the single code path shared with the lookup record and REST #2, with the fees
 * for each application's entity status (docket entry, record, then the account's) and the papers
 * the account recorded itself.
 */
export async function docketDeadlines(db: Db, accountId: string, opts: DocketDeadlinesOptions): Promise<DocketDeadlines> {
  const account = await findAccountById(db, accountId);
  const entity = entitySize(account?.entity_size);
  const items = await listDocket(db, accountId);
  const decisions = new Map(items.map((i) => [i.application.id, docketItemEntity(i, account?.entity_size)]));
  // One query for every entry's pending action (not one per entry: a docket has thousands).
  const entities = new Map([...decisions].map(([id, d]) => [id, d.entity_size]));
  const pendingById = await pendingActions(
    db,
    items.map((i) => i.application.id),
    { today: opts.today, entity, entities, accountId },
  );
  const found = items.map((item) => {
    const pending = pendingById.get(item.application.id);
    return pending ? deadlineOf(item, pending, decisions.get(item.application.id)!, opts.today) : null;
  });
  const horizon = opts.withinDays === undefined ? null : addDays(opts.today, opts.withinDays);
  const deadlines = found
    .filter((d): d is DocketDeadline => d !== null)
    .filter((d) => horizon === null || d.overdue || (d.next !== null && d.next.date <= horizon))
    .sort(byUrgency);
  const lifeById = await lifeDeadlines(
    db,
    items.map((i) => i.application.id),
    { today: opts.today, accountId },
  );
  const life = items
    .flatMap((item) => (lifeById.get(item.application.id) ?? []).map((l) => lifeItem(item, l, opts.today)))
    .filter((d) => horizon === null || d.overdue || (d.next !== null && d.next.date <= horizon))
    .sort(byLifeUrgency);
  return { today: opts.today, entity, deadlines, life };
}

function lifeItem(item: DocketItem, life: DocketLifeDeadline, today: IsoDate): DocketLifeItem {
  const next = nextLifeDate(life.deadline, today);
  const d = life.deadline;
  const last = d.max_extended_due ?? d.surcharge_until ?? d.due_effective;
  return { item, life, next, overdue: next === null, daysRemaining: daysBetween(today, next ? next.date : last) };
}

/** Most urgent first; equal keys keep the engine's order (the sort is stable). */
function byLifeUrgency(a: DocketLifeItem, b: DocketLifeItem): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  const key = (d: DocketLifeItem) => [d.next?.date ?? '', d.life.deadline.due_effective, d.item.application.application_number, d.item.entry.id];
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
  return 0;
}

function deadlineOf(item: DocketItem, pending: PendingAction, entity: EntityDecision, today: IsoDate): DocketDeadline {
  const r = pending.result;
  const next = nextDeadline(pending, today);
  const daysToCritical = daysBetween(today, r.critical_deadline_date);
  return { item, pending, entity, next, overdue: next === null, daysRemaining: next ? daysBetween(today, next.date) : daysToCritical, daysToCritical };
}

/**
 * The first date not yet passed: the response deadline, else the next extension date (the last
 * of which is the critical date). A deadline day itself has not passed: a reply filed on it is
 * timely (37 CFR 1.7(a)). Null when even the critical date is behind us.
 */
function nextDeadline(pending: PendingAction, today: IsoDate): NextDeadline | null {
  const r = pending.result;
  if (r.response_deadline >= today) return { kind: 'response', date: r.response_deadline, extensionMonths: null, fee: null };
  const ext = r.extensions.find((e) => e.due_effective >= today);
  if (ext) return { kind: 'extension', date: ext.due_effective, extensionMonths: ext.months, fee: ext.fee_for_entity };
  // Defensive: the critical date is the last extension date (or the response deadline), so this
  // is reached only if the two ever diverge.
  if (r.critical_deadline_date >= today) return { kind: 'extension', date: r.critical_deadline_date, extensionMonths: null, fee: null };
  return null;
}

function byUrgency(a: DocketDeadline, b: DocketDeadline): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  const key = (d: DocketDeadline) => [d.next?.date ?? '', d.pending.result.critical_deadline_date, d.item.application.application_number, d.item.entry.id];
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
  return 0;
}

function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

function entitySize(value: string | undefined): EntitySize {
  return value === 'small' || value === 'micro' ? value : 'large';
}
