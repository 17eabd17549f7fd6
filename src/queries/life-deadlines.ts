import type { Db } from '../db/connect.ts';
import { allowanceDeadlines, eventDeadlines, type LifeDeadline } from '../domain/deadlines/index.ts';
import { CitationTrail } from '../domain/deadlines/citations.ts';
import type { IsoDate } from '../domain/deadlines/calendar.ts';
import {
  APPEAL_BRIEF_DOCUMENT_CODES,
  eventCodesOfKind,
  EXAMINERS_ANSWER_DOCUMENT_CODES,
  isDesignApplication,
  isPlantApplication,
  ISSUE_FEE_DOCUMENT_CODES,
  NOTICE_OF_ALLOWANCE_DOCUMENT_CODE,
  NOTICE_OF_APPEAL_DOCUMENT_CODES,
  REPLY_BRIEF_DOCUMENT_CODES,
} from '../sources/uspto-codes.ts';
import { paperVisibleTo } from './correspondence-visibility.ts';

/** The docket event a life deadline runs from. */
export type LifeEventSource = 'notice_of_allowance' | 'grant' | 'examiners_answer' | 'notice_of_appeal';

/** One deadline of an application's life that the docket's data lets us compute. */
export interface DocketLifeDeadline {
  event: LifeEventSource;
  /** The event's date: the paper's mailing (or filing) date, or the patent's issue date. */
  eventDate: IsoDate;
  /** The paper it runs from; null for a grant (the application record's issue date). */
  correspondenceId: string | null;
  /** When the paper arrived in Prosa (the calendar's DTSTAMP); the record's update for a grant. */
  stamp: Date;
  deadline: LifeDeadline;
}

const ISSUE_FEE_EVENT_CODES = eventCodesOfKind(['grant']);
const EVENT_PAPERS = [NOTICE_OF_ALLOWANCE_DOCUMENT_CODE, ...EXAMINERS_ANSWER_DOCUMENT_CODES, ...NOTICE_OF_APPEAL_DOCUMENT_CODES];
const ANSWER_PAPERS = [...ISSUE_FEE_DOCUMENT_CODES, ...APPEAL_BRIEF_DOCUMENT_CODES, ...REPLY_BRIEF_DOCUMENT_CODES];

interface Paper {
  id: string;
  application_id: string;
  document_code: string;
  mailing_date: string;
  created_at: Date;
}

/**
 * The life deadlines of each application (docs/decisions/deadlines.md "Docket deadlines and calendar feed"):
 * the issue fee and copendency from the latest notice of allowance unless the issue fee is paid
 * (an issue-fee or grant event, or the IFEE paper, after it); maintenance fees from the record's
 * issue date (grant_date) whose grace period has not ended — the docket holds no payment data, so
 * every one still open is listed (none for design or plant patents, 35 U.S.C. 41(b)(2)); the reply
 * brief and oral-hearing request from the latest examiner's answer unless a reply brief followed;
 * the appeal brief from the latest notice of appeal unless a brief or an examiner's answer followed.
 * Allowance and appeal deadlines only while the application is pending or allowed. Three queries,
 * whatever the number of applications; `accountId` makes its own recorded papers count.
 */
export async function lifeDeadlines(
  db: Db,
  applicationIds: readonly string[],
  opts: { today: IsoDate; accountId?: string | null },
): Promise<Map<string, DocketLifeDeadline[]>> {
  const out = new Map<string, DocketLifeDeadline[]>();
  if (applicationIds.length === 0) return out;
  const ids = [...applicationIds];
  const apps = await db
    .selectFrom('applications')
    .select(['id', 'application_number', 'status', 'grant_date', 'application_type', 'updated_at'])
    .where('id', 'in', ids)
    .execute();
  const papers: Paper[] = await db
    .selectFrom('correspondence as c')
    .select(['c.id', 'c.application_id', 'c.document_code', 'c.mailing_date', 'c.created_at'])
    .where('c.application_id', 'in', ids)
    .where('c.document_code', 'in', [...EVENT_PAPERS, ...ANSWER_PAPERS])
    .where(paperVisibleTo('c.owner_account_id', opts.accountId))
    .orderBy('c.mailing_date', 'desc')
    .orderBy('c.created_at', 'desc')
    .execute();
  const events = await db
    .selectFrom('prosecution_events')
    .select(['application_id', 'event_date'])
    .where('application_id', 'in', ids)
    .where('event_code', 'in', ISSUE_FEE_EVENT_CODES)
    .execute();

  const papersOf = new Map<string, Paper[]>();
  for (const p of papers) papersOf.set(p.application_id, [...(papersOf.get(p.application_id) ?? []), p]);
  const issueFeeEvents = new Map<string, string[]>();
  for (const e of events) issueFeeEvents.set(e.application_id, [...(issueFeeEvents.get(e.application_id) ?? []), e.event_date]);

  for (const app of apps) {
    const list: DocketLifeDeadline[] = [];
    const own = papersOf.get(app.id) ?? [];
    /** The latest paper with one of `codes` (papers come newest first). */
    const latest = (codes: readonly string[]) => own.find((p) => codes.includes(p.document_code));
    const after = (codes: readonly string[], date: string) => own.some((p) => codes.includes(p.document_code) && p.mailing_date > date);
    const live = app.status === 'pending' || app.status === 'allowed';
    const trail = new CitationTrail();

    const noa = latest([NOTICE_OF_ALLOWANCE_DOCUMENT_CODE]);
    if (noa && live) {
      const paid = after(ISSUE_FEE_DOCUMENT_CODES, noa.mailing_date) || (issueFeeEvents.get(app.id) ?? []).some((d) => d > noa.mailing_date);
      if (!paid) {
        const life = allowanceDeadlines(noa.mailing_date, { applicationType: null, today: opts.today, entity: null, trail });
        for (const d of life.deadlines)
          list.push({ event: 'notice_of_allowance', eventDate: noa.mailing_date, correspondenceId: noa.id, stamp: noa.created_at, deadline: d });
      }
    }

    if (app.grant_date && !isDesignApplication(app.application_number, app.application_type) && !isPlantApplication(app.application_type)) {
      const life = eventDeadlines('grant', app.grant_date, { applicationType: 'utility', today: opts.today, entity: null, trail });
      for (const d of life.deadlines) {
        // Copendency ended on the issue date; a maintenance fee whose grace period ended is paid or the patent expired.
        if (d.kind === 'continuation_copendency' || (d.surcharge_until ?? d.due_effective) < opts.today) continue;
        list.push({ event: 'grant', eventDate: app.grant_date, correspondenceId: null, stamp: app.updated_at, deadline: d });
      }
    }

    const answer = latest(EXAMINERS_ANSWER_DOCUMENT_CODES);
    if (answer && app.status === 'pending' && !after(REPLY_BRIEF_DOCUMENT_CODES, answer.mailing_date)) {
      const life = eventDeadlines('examiners_answer', answer.mailing_date, { applicationType: null, today: opts.today, entity: null, trail });
      for (const d of life.deadlines)
        list.push({ event: 'examiners_answer', eventDate: answer.mailing_date, correspondenceId: answer.id, stamp: answer.created_at, deadline: d });
    }

    const appeal = latest(NOTICE_OF_APPEAL_DOCUMENT_CODES);
    if (appeal && app.status === 'pending' && !after([...APPEAL_BRIEF_DOCUMENT_CODES, ...EXAMINERS_ANSWER_DOCUMENT_CODES], appeal.mailing_date)) {
      const life = eventDeadlines('notice_of_appeal', appeal.mailing_date, { applicationType: null, today: opts.today, entity: null, trail });
      for (const d of life.deadlines)
        list.push({ event: 'notice_of_appeal', eventDate: appeal.mailing_date, correspondenceId: appeal.id, stamp: appeal.created_at, deadline: d });
    }

    if (list.length > 0) out.set(app.id, list);
  }
  return out;
}

/**
 * The next date of a life deadline not yet passed: its due date, else the end of the surcharge
 * period (maintenance fees), else the latest date with extensions or by petition. Null when every
 * date has passed. A deadline day itself has not passed (37 CFR 1.7(a)).
 */
export function nextLifeDate(d: LifeDeadline, today: IsoDate): { date: IsoDate; stage: 'due' | 'surcharge' | 'extended' } | null {
  if (d.due_effective >= today) return { date: d.due_effective, stage: 'due' };
  if (d.surcharge_until !== null && d.surcharge_until >= today) return { date: d.surcharge_until, stage: 'surcharge' };
  if (d.max_extended_due !== null && d.max_extended_due >= today) return { date: d.max_extended_due, stage: 'extended' };
  return null;
}
