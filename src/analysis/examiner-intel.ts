import type { Db } from '../db/connect.ts';
import type { ExaminerStats } from '../domain/office-action/index.ts';
import { examinerProfile } from '../queries/examiner-profile.ts';

/** Examiner statistics as the strategy rules and the response document use them. */
export type ExaminerIntel = ExaminerStats & {
  /** Why the interview rates are null (too few decided cases with or without an applicant-initiated interview). */
  interview_rates_reason?: string | null;
  art_unit?: string | null;
  as_of?: string | null;
};

/**
 * Examiner statistics for include_examiner_intel, from the examiner profile query (the same
 * figures REST #7 serves; the account's own analyses count toward rejection bases). Null when
 * the examiner is unknown or ambiguous, or has no disposed applications: the strategy then uses
 * only the rules that need no examiner data.
 */
export async function examinerStatsFor(db: Db, examinerName: string, accountId?: string | null): Promise<ExaminerIntel | null> {
  const result = await examinerProfile(db, examinerName, { accountId: accountId ?? null });
  if (result.status !== 'found') return null;
  const p = result.profile;
  if (p.allowanceRate === null) return null;
  const stats: ExaminerIntel = {
    allowance_rate: p.allowanceRate,
    // Null below the minimum sample: no evidence either way, and the strategy claims no lift.
    interview_success_rate: p.interviewSuccessRate,
    allowance_rate_without_interview: p.allowanceRateWithoutInterview,
    interview_rates_reason: p.interviewRatesReason,
    total_cases_analyzed: p.totalCasesAnalyzed,
    top_rejection_bases: p.topRejectionBases,
    art_unit: p.artUnit,
    as_of: p.asOf,
  };
  if (p.avgActionsToAllowance !== null) stats.avg_actions_to_allowance = p.avgActionsToAllowance;
  return stats;
}
