// What the USPTO watch does with an outgoing paper it has not handled before (docs/uspto-watch.md).
// Pure: no I/O, no clock (`today` is the pass's date).
//
// A paper is ANNOUNCED (its text fetched, a docket event per account, an analysis where the account
// opted in) while something can still be done about it: its last day to reply (the critical
// deadline: the end of the extendable period, rolled to a business day) is today or later. An
// advisory action sets no period of its own; it matters while the final rejection it answers can
// still be replied to, at most six months from its own mailing (35 U.S.C. 133), so that is its
// window. Older papers (the history of an application docketed today) are recorded quietly:
// correspondence rows, no download, no alert.
import { calculateDeadlines, DeadlineInputError, type ActionKind } from '../deadlines/index.ts';
import { addMonths, isIsoDate } from '../deadlines/calendar.ts';

/** A deadline-engine kind, or `advisory` (no period of its own). */
export type NewPaperKind = ActionKind | 'advisory';

export interface NewPaperDeadlines {
  response_deadline: string;
  critical_deadline_date: string;
}

export interface NewPaperVerdict {
  /** The paper's deadlines when the engine computes them (not for an advisory action). */
  deadlines: NewPaperDeadlines | null;
  announce: boolean;
}

export function judgeNewPaper(kind: NewPaperKind, mailingDate: string, today: string): NewPaperVerdict {
  if (!isIsoDate(mailingDate) || !isIsoDate(today)) return { deadlines: null, announce: false };
  // A paper dated after the pass's day (time zones, or a --date in the past) is not yet news.
  if (mailingDate > today) return { deadlines: null, announce: false };
  if (kind === 'advisory') return { deadlines: null, announce: addMonths(mailingDate, 6) >= today };
  try {
    const r = calculateDeadlines({ action: kind, mailingDate, today });
    return {
      deadlines: { response_deadline: r.response_deadline, critical_deadline_date: r.critical_deadline_date },
      announce: r.critical_deadline_date >= today,
    };
  } catch (err) {
    if (err instanceof DeadlineInputError) return { deadlines: null, announce: false };
    throw err;
  }
}
