// The examiner profile's figures from summed statistics. Pure. Definitions (docs/examiner-profile.md,
// after uspto-data.md §4): allowance_rate = allowed ÷ (allowed + abandoned) over disposed,
// examined applications; avg_actions_to_allowance = rejections before allowance ÷ allowed;
// interview_success_rate = the allowance rate of disposed applications with an APPLICANT-initiated
// interview before the decision, compared with the rate of those without one; below
// MIN_INTERVIEW_SAMPLE on either side both rates are null with a reason
// (docs/decisions/examiner-profile.md "Interview success and RCEs").
// Rates are fractions 0–1 rounded to 4 decimals, null when their denominator is 0
// (ARCHITECTURE.md "Examiner rates: fractions 0 to 1").

/** Sums of examiner_stats rows (any set: one examiner, one art unit, one window). */
export interface StatsTotals {
  allowed: number;
  abandoned: number;
  allowedInterview: number;
  abandonedInterview: number;
  actionsSum: number;
  /** RCEs before allowance, over allowed applications. */
  rcesSum: number;
  pending: number;
  excluded: number;
  /** Office actions with rejection-basis data, and how many flagged each basis. */
  rejectionActions: number;
  bases: Map<string, number>;
  firstDisposal: string | null;
  lastDisposal: string | null;
}

export interface Figures {
  allowanceRate: number | null;
  avgActionsToAllowance: number | null;
  interviewSuccessRate: number | null;
  allowanceRateWithoutInterview: number | null;
  /** interviewSuccessRate − allowanceRateWithoutInterview (the interview lift), when both exist. */
  interviewLift: number | null;
  /** Why interviewSuccessRate / allowanceRateWithoutInterview are null; null when both are given. */
  interviewRatesReason: string | null;
  /** Mean RCEs filed before allowance, over allowed applications (2 decimals). */
  avgRcesToAllowance: number | null;
  totalCasesAnalyzed: number;
  allowedCases: number;
  abandonedCases: number;
  interviewedCases: number;
  /** Disposed applications without an applicant-initiated interview: the comparison group. */
  notInterviewedCases: number;
  pendingCases: number;
  excludedCases: number;
  window: { from: string | null; to: string | null };
}

/** Below this many disposed applications the profile carries a sample-size warning (Juristat's ≥100 cut-off, uspto-data.md §4). */
export const MIN_RELIABLE_SAMPLE = 100;

/**
 * The interview comparison needs at least this many disposed applications WITH an applicant-
 * initiated interview and as many WITHOUT one; below, both rates are null with a reason. Ten
 * keeps one case from moving a rate by more than 10 points (an examiner's single pre-allowance
 * interview used to read as a 100 % success rate). Juristat's published lists demand 50
 * interviewed applications (uspto-data.md §4); the profile shows the counts, so it can say more.
 */
const MIN_INTERVIEW_SAMPLE = 10;

export function emptyTotals(): StatsTotals {
  return {
    allowed: 0,
    abandoned: 0,
    allowedInterview: 0,
    abandonedInterview: 0,
    actionsSum: 0,
    rcesSum: 0,
    pending: 0,
    excluded: 0,
    rejectionActions: 0,
    bases: new Map(),
    firstDisposal: null,
    lastDisposal: null,
  };
}

/** Adds `b` into `a` (bases merged). */
export function addTotals(a: StatsTotals, b: StatsTotals): StatsTotals {
  const bases = new Map(a.bases);
  for (const [k, v] of b.bases) bases.set(k, (bases.get(k) ?? 0) + v);
  return {
    allowed: a.allowed + b.allowed,
    abandoned: a.abandoned + b.abandoned,
    allowedInterview: a.allowedInterview + b.allowedInterview,
    abandonedInterview: a.abandonedInterview + b.abandonedInterview,
    actionsSum: a.actionsSum + b.actionsSum,
    rcesSum: a.rcesSum + b.rcesSum,
    pending: a.pending + b.pending,
    excluded: a.excluded + b.excluded,
    rejectionActions: a.rejectionActions + b.rejectionActions,
    bases,
    firstDisposal: minDate(a.firstDisposal, b.firstDisposal),
    lastDisposal: maxDate(a.lastDisposal, b.lastDisposal),
  };
}

export function figuresOf(t: StatsTotals): Figures {
  const disposed = t.allowed + t.abandoned;
  const interviewed = t.allowedInterview + t.abandonedInterview;
  const notInterviewed = disposed - interviewed;
  const reason = interviewRatesReason(interviewed, notInterviewed);
  const withInterview = reason === null ? rate(t.allowedInterview, interviewed) : null;
  const withoutInterview = reason === null ? rate(t.allowed - t.allowedInterview, notInterviewed) : null;
  return {
    allowanceRate: rate(t.allowed, disposed),
    avgActionsToAllowance: t.allowed === 0 ? null : round(t.actionsSum / t.allowed, 2),
    interviewSuccessRate: withInterview,
    allowanceRateWithoutInterview: withoutInterview,
    interviewLift: withInterview === null || withoutInterview === null ? null : round(withInterview - withoutInterview, 4),
    interviewRatesReason: reason,
    avgRcesToAllowance: t.allowed === 0 ? null : round(t.rcesSum / t.allowed, 2),
    totalCasesAnalyzed: disposed,
    allowedCases: t.allowed,
    abandonedCases: t.abandoned,
    interviewedCases: interviewed,
    notInterviewedCases: notInterviewed,
    pendingCases: t.pending,
    excludedCases: t.excluded,
    window: disposed === 0 ? { from: null, to: null } : { from: t.firstDisposal, to: t.lastDisposal },
  };
}

/** Null when both groups are large enough; otherwise a sentence naming the short group(s). */
function interviewRatesReason(interviewed: number, notInterviewed: number): string | null {
  const short: string[] = [];
  if (interviewed < MIN_INTERVIEW_SAMPLE) short.push(`${interviewed} disposed application(s) with an applicant-initiated interview`);
  if (notInterviewed < MIN_INTERVIEW_SAMPLE) short.push(`${notInterviewed} without one`);
  if (short.length === 0) return null;
  return `insufficient_sample: ${short.join(' and ')}; at least ${MIN_INTERVIEW_SAMPLE} of each are needed to compare allowance after an interview with allowance without.`;
}

function rate(numerator: number, denominator: number): number | null {
  return denominator <= 0 ? null : round(numerator / denominator, 4);
}

function round(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}

function minDate(a: string | null, b: string | null): string | null {
  return a === null ? b : b === null ? a : a < b ? a : b;
}

function maxDate(a: string | null, b: string | null): string | null {
  return a === null ? b : b === null ? a : a > b ? a : b;
}
