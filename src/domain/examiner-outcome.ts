// What one application contributes to its examiner's statistics. Pure: no I/O, no clock.
// Definitions: uspto-data.md §4 "Recommended service definitions", refined by the project brief
// (docs/examiner-profile.md):
//  - disposed = patented (ISS: 150/151/250 or a patent number) ∪ abandoned (160–169);
//  - pre-examination abandonments (160 "Incomplete Application (Pre-examination)", 169
//    "Incomplete (Filing Date Under Rule 53 (b) - PreExam)") are not examination outcomes and are
//    left out, as is 159 "Provisional Application Expired" (never examined) — BigPatentData's
//    "ignore pre-exam abandonments";
//  - 164 "Abandoned -- Failure to Pay Issue Fee" counts as ALLOWED: the examiner allowed it
//    (BigPatentData "count abandoned for failure to pay issue fee as allowed");
//  - allowed but not yet issued (90–100) is not disposed yet: pending;
//  - ABN9 is an RCE disposal, never an abandonment: outcomes come from the status, not from
//    events, and the event classifier already files ABN9 under 'rce' (uspto-codes.ts).
// Status codes: shared/data/uspto-status-codes.csv (uspto-data.md §3).

/** Prosa's application state (sources/uspto-codes.ts prosaStateForStatus). */
export type ApplicationState = 'pending' | 'allowed' | 'patented' | 'abandoned';

export type Outcome = 'allowed' | 'abandoned' | 'pending' | 'excluded';

/** One prosecution event, already classified by sources/uspto-codes.ts classifyEvent. */
export interface ClassifiedEvent {
  kind: string;
  isMailEvent: boolean;
  date: string;
  /** Interviews only: who initiated it (classifyEvent); other kinds leave it out or null. */
  initiator?: 'applicant' | 'examiner' | 'unknown' | null;
  /** The USPTO event code, where the kind has several codes for one occurrence (RCE: RCEX, BRCE, ABN9). */
  code?: string;
}

export interface OutcomeInput {
  state: ApplicationState;
  statusCode: number | null;
  statusDate: string | null;
  grantDate: string | null;
  events: readonly ClassifiedEvent[];
}

export interface ApplicationOutcome {
  outcome: Outcome;
  /** Day the application was disposed of (allowed or abandoned); null otherwise or unknown. */
  disposalDate: string | null;
  /**
   * Rejections (non-final + final, one per mailed action) from the first action up to allowance,
   * across RCEs (an RCE restarts nothing); 0 unless allowed.
   */
  actionsToAllowance: number;
  /** Requests for continued examination filed before allowance; 0 unless allowed. */
  rcesToAllowance: number;
  /**
   * At least one APPLICANT-initiated interview on or before the decision (allowance, else the
   * disposal): an examiner's own call and interviews after the decision do not count.
   */
  hasInterview: boolean;
}

const PRE_EXAM_ABANDONMENT = new Set([160, 169]);
const PROVISIONAL_EXPIRED = 159;
const ISSUE_FEE_NOT_PAID = 164;
/** The rejections counted toward "actions to allowance" (brief: non-final and final). */
const REJECTION_KINDS = ['non_final', 'final'] as const;

export function applicationOutcome(input: OutcomeInput): ApplicationOutcome {
  const outcome = outcomeOf(input);
  const disposalDate = outcome === 'allowed' || outcome === 'abandoned' ? disposalDateOf(input, outcome) : null;
  const actionsToAllowance = outcome === 'allowed' ? rejectionsBeforeAllowance(input.events) : 0;
  const rcesToAllowance = outcome === 'allowed' ? rcesBeforeAllowance(input.events) : 0;
  const decidedOn = outcome === 'allowed' ? (lastAllowance(input.events) ?? disposalDate) : disposalDate;
  const hasInterview = input.events.some((e) => e.kind === 'interview' && e.initiator === 'applicant' && (decidedOn === null || e.date <= decidedOn));
  return { outcome, disposalDate, actionsToAllowance, rcesToAllowance, hasInterview };
}

function lastAllowance(events: readonly ClassifiedEvent[]): string | null {
  return (
    events
      .filter((e) => e.kind === 'allowance')
      .map((e) => e.date)
      .sort()
      .at(-1) ?? null
  );
}

/**
 * RCEs up to the last allowance event. One RCE leaves several events (RCEX "Request for Continued
 * Examination (RCE)", BRCE "Workflow - Request for RCE - Begin", ABN9 "Disposal for a RCE"; sample
 * 14412875 has all three for its one RCE), so the count is the largest per-code count.
 */
function rcesBeforeAllowance(events: readonly ClassifiedEvent[]): number {
  const until = lastAllowance(events);
  const perCode = new Map<string, number>();
  for (const e of events) {
    if (e.kind !== 'rce' || (until !== null && e.date > until)) continue;
    const code = e.code ?? '';
    perCode.set(code, (perCode.get(code) ?? 0) + 1);
  }
  return Math.max(0, ...perCode.values());
}

function outcomeOf({ state, statusCode }: OutcomeInput): Outcome {
  if (state === 'patented') return 'allowed';
  if (statusCode === ISSUE_FEE_NOT_PAID) return 'allowed';
  if (state === 'abandoned') {
    if (statusCode !== null && (PRE_EXAM_ABANDONMENT.has(statusCode) || statusCode === PROVISIONAL_EXPIRED)) return 'excluded';
    return 'abandoned';
  }
  return 'pending';
}

function disposalDateOf(input: OutcomeInput, outcome: 'allowed' | 'abandoned'): string | null {
  if (outcome === 'allowed' && input.state === 'patented' && input.grantDate) return input.grantDate;
  if (input.statusDate) return input.statusDate;
  // No date on the record: the last event that speaks to the outcome.
  const kinds = outcome === 'allowed' ? ['allowance', 'grant'] : ['abandonment'];
  const dates = input.events
    .filter((e) => kinds.includes(e.kind))
    .map((e) => e.date)
    .sort();
  return dates.at(-1) ?? null;
}

/**
 * Non-final and final rejections up to the last allowance event (all of them when the history
 * has no allowance event). A mailed action often appears twice, as CTNF and its mail twin MCTNF
 * (uspto-data.md §1.5 "count one, not both"); some histories carry only one of the pair. Counting
 * the larger of the two per kind counts each action once either way.
 */
function rejectionsBeforeAllowance(events: readonly ClassifiedEvent[]): number {
  const allowances = events
    .filter((e) => e.kind === 'allowance')
    .map((e) => e.date)
    .sort();
  const until = allowances.at(-1) ?? null;
  let total = 0;
  for (const kind of REJECTION_KINDS) {
    const relevant = events.filter((e) => e.kind === kind && (until === null || e.date <= until));
    const own = relevant.filter((e) => !e.isMailEvent).length;
    const mailed = relevant.length - own;
    total += Math.max(own, mailed);
  }
  return total;
}
