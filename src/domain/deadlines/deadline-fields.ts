import type { DeadlineResult } from './types.ts';

/** The three deadline fields shared by the lookup record and the deadlines record (meanings in docs/decisions/interface-gaps.md). */
export interface DeadlineFields {
  response_deadline: string | null;
  critical_deadline_date: string | null;
  critical_deadline_correspondence_id: string | null;
}

export const NO_DEADLINES: DeadlineFields = { response_deadline: null, critical_deadline_date: null, critical_deadline_correspondence_id: null };

/**
 * The part of a pending action the three fields are read from. Structural, so the domain names no
 * database row: the query's PendingAction (correspondence row and engine result) fits it.
 */
interface PendingDates {
  correspondence: { id: string };
  result: Pick<DeadlineResult, 'response_deadline' | 'critical_deadline_date'>;
}

/** The three fields of the action awaiting a reply; all null when nothing is pending. */
export function deadlineFieldsOf(pending: PendingDates | null): DeadlineFields {
  if (!pending) return NO_DEADLINES;
  return {
    response_deadline: pending.result.response_deadline,
    critical_deadline_date: pending.result.critical_deadline_date,
    critical_deadline_correspondence_id: pending.correspondence.id,
  };
}
