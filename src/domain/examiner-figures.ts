// The examiner profile's figures from summed statistics. Pure. Definitions (docs/examiner-profile.md,
// after uspto-data.md §4): allowance_rate = allowed ÷ (allowed + abandoned) over disposed,
// examined applications; avg_actions_to_allowance = rejections before allowance ÷ allowed;
// interview_success_rate = the allowance rate of disposed applications with an interview.
// Rates are fractions 0–1 rounded to 4 decimals, null when their denominator is 0
// (ARCHITECTURE.md "Examiner rates: fractions 0 to 1").

/** Sums of examiner_stats rows (any set: one examiner, one art unit, one window). */
export interface StatsTotals {
  allowed: number;
  abandoned: number;
  allowedInterview: number;
  abandonedInterview: number;
  actionsSum: number;
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
  totalCasesAnalyzed: number;
  allowedCases: number;
  abandonedCases: number;
  interviewedCases: number;
  pendingCases: number;
  excludedCases: number;
  window: { from: string | null; to: string | null };
}

/** Below this many disposed applications the profile carries a sample-size warning (Juristat's ≥100 cut-off, uspto-data.md §4). */
export const MIN_RELIABLE_SAMPLE = 100;

export function emptyTotals(): StatsTotals {
  return { allowed: 0, abandoned: 0, allowedInterview: 0, abandonedInterview: 0, actionsSum: 0, pending: 0, excluded: 0, rejectionActions: 0, bases: new Map(), firstDisposal: null, lastDisposal: null };
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
  const withInterview = rate(t.allowedInterview, interviewed);
  const withoutInterview = rate(t.allowed - t.allowedInterview, disposed - interviewed);
  return {
    allowanceRate: rate(t.allowed, disposed),
    avgActionsToAllowance: t.allowed === 0 ? null : round(t.actionsSum / t.allowed, 2),
    interviewSuccessRate: withInterview,
    allowanceRateWithoutInterview: withoutInterview,
    interviewLift: withInterview === null || withoutInterview === null ? null : round(withInterview - withoutInterview, 4),
    totalCasesAnalyzed: disposed,
    allowedCases: t.allowed,
    abandonedCases: t.abandoned,
    interviewedCases: interviewed,
    pendingCases: t.pending,
    excludedCases: t.excluded,
    window: disposed === 0 ? { from: null, to: null } : { from: t.firstDisposal, to: t.lastDisposal },
  };
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
