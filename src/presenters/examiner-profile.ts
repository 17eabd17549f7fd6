import type { ArtUnitFigures, ExaminerCandidate, ExaminerProfile } from '../queries/examiner-profile.ts';

/**
 * Examiner profile (spec "Examiner profile"), the seven spec fields in the spec's order, then
 * additive fields. Rates are fractions 0–1 (4 decimals) and null when nothing was disposed
 * (docs/examiner-profile.md).
 */
export function presentExaminerProfile(p: ExaminerProfile) {
  return {
    examiner_name: p.examinerName,
    art_unit: p.artUnit ?? '',
    allowance_rate: p.allowanceRate,
    avg_actions_to_allowance: p.avgActionsToAllowance,
    top_rejection_bases: p.topRejectionBases,
    interview_success_rate: p.interviewSuccessRate,
    total_cases_analyzed: p.totalCasesAnalyzed,
    allowance_rate_without_interview: p.allowanceRateWithoutInterview,
    interview_lift: p.interviewLift,
    allowed_cases: p.allowedCases,
    abandoned_cases: p.abandonedCases,
    interviewed_cases: p.interviewedCases,
    pending_cases: p.pendingCases,
    rejection_basis_counts: p.rejectionBasisCounts.map((b) => ({ basis: b.basis, office_actions: b.count })),
    examiner_id: p.examinerId,
    art_units: p.artUnits,
    art_unit_stats: p.artUnitStats ? presentArtUnit(p.artUnitStats) : null,
    data_window: { from: p.window.from, to: p.window.to },
    as_of: p.asOf,
    stats_current: p.statsCurrent,
    sample_size_warning: p.sampleSizeWarning,
  };
}

function presentArtUnit(a: ArtUnitFigures) {
  return {
    art_unit: a.artUnit,
    examiners: a.examiners,
    allowance_rate: a.allowanceRate,
    avg_actions_to_allowance: a.avgActionsToAllowance,
    top_rejection_bases: a.topRejectionBases,
    interview_success_rate: a.interviewSuccessRate,
    allowance_rate_without_interview: a.allowanceRateWithoutInterview,
    interview_lift: a.interviewLift,
    total_cases_analyzed: a.totalCasesAnalyzed,
    pending_cases: a.pendingCases,
    data_window: { from: a.window.from, to: a.window.to },
  };
}

/** One entry of the `candidates` array of the 409 examiner_ambiguous error. */
export function presentExaminerCandidate(c: ExaminerCandidate) {
  return {
    examiner_name: c.examinerName,
    examiner_id: c.examinerId,
    art_unit: c.artUnit,
    total_cases_analyzed: c.totalCasesAnalyzed,
    pending_cases: c.pendingCases,
  };
}
