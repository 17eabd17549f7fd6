import { z } from 'zod';
import type { ArtUnitFigures, ExaminerCandidate, ExaminerProfile } from '../queries/examiner-profile.ts';
import type { ExaminerHit } from '../queries/examiner-search.ts';
import { MIN_RELIABLE_SAMPLE } from '../domain/examiner-figures.ts';

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
    interview_rates_reason: p.interviewRatesReason,
    avg_rces_to_allowance: p.avgRcesToAllowance,
    allowed_cases: p.allowedCases,
    abandoned_cases: p.abandonedCases,
    interviewed_cases: p.interviewedCases,
    not_interviewed_cases: p.notInterviewedCases,
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
    interview_rates_reason: a.interviewRatesReason,
    avg_rces_to_allowance: a.avgRcesToAllowance,
    total_cases_analyzed: a.totalCasesAnalyzed,
    pending_cases: a.pendingCases,
    data_window: { from: a.window.from, to: a.window.to },
  };
}

export const examinerCandidateSchema = z.object({
  examiner_name: z.string(),
  examiner_id: z.string().nullable(),
  art_unit: z.string().nullable(),
  total_cases_analyzed: z.number().int(),
  pending_cases: z.number().int(),
});

/** One entry of the `candidates` array of the 409 examiner_ambiguous error. */
export function presentExaminerCandidate(c: ExaminerCandidate): z.infer<typeof examinerCandidateSchema> {
  return {
    examiner_name: c.examinerName,
    examiner_id: c.examinerId,
    art_unit: c.artUnit,
    total_cases_analyzed: c.totalCasesAnalyzed,
    pending_cases: c.pendingCases,
  };
}

const rate = z.number().nullable();
const dataWindow = z.object({ from: z.string().nullable(), to: z.string().nullable() }).describe('Disposal years the figures cover');
const basisCounts = z.array(z.object({ basis: z.string(), office_actions: z.number().int() }));

/** The figures an art unit and an examiner share (fractions 0-1, null when nothing was disposed). */
const figureFields = {
  allowance_rate: rate,
  avg_actions_to_allowance: rate.describe('Rejections (non-final + final) from the first action to allowance, across RCEs, on average'),
  top_rejection_bases: z.array(z.string()),
  rejection_basis_counts: basisCounts,
  interview_success_rate: rate.describe(
    "Allowance rate of decided cases with an applicant-initiated interview before the decision (an examiner's own call does not count); null below the minimum sample",
  ),
  allowance_rate_without_interview: rate.describe('The comparison group: disposed applications without an applicant-initiated interview'),
  interview_lift: rate.describe('interview_success_rate minus allowance_rate_without_interview, when both exist'),
  interview_rates_reason: z.string().nullable().describe('Why the interview rates are null; null when both are given'),
  avg_rces_to_allowance: rate.describe('RCEs filed before allowance, on average over allowed cases'),
  total_cases_analyzed: z.number().int(),
  allowed_cases: z.number().int(),
  abandoned_cases: z.number().int(),
  interviewed_cases: z.number().int(),
  not_interviewed_cases: z.number().int(),
  pending_cases: z.number().int(),
  excluded_cases: z.number().int().describe('Pre-examination dispositions left out of every rate'),
  rejection_actions: z.number().int().describe('Office actions with rejection-basis data'),
  data_window: dataWindow,
  sample_size_warning: z.string().nullable(),
};

/** GET /api/art-units/{art_unit} (with stats_current) and `art_unit_stats` of GET /api/examiners/{name}. */
export const artUnitProfileSchema = z.object({ art_unit: z.string(), examiners: z.number().int(), ...figureFields });
export const artUnitAnswerSchema = artUnitProfileSchema.extend({ stats_current: z.boolean().describe('The statistics include the latest imported data') });

/** GET /api/examiners/{examiner_name}. */
export const accountExaminerProfileSchema = z.object({
  examiner_name: z.string(),
  art_unit: z.string(),
  ...figureFields,
  examiner_id: z.string().nullable(),
  art_units: z.array(z.string()),
  art_unit_stats: artUnitProfileSchema.nullable(),
  as_of: z.string().nullable(),
  stats_current: z.boolean(),
  analysis_bases_counted: z.number().int().describe("Rejection bases counted from this account's own analyses"),
});
export type AccountExaminerProfileWire = z.infer<typeof accountExaminerProfileSchema>;

export const examinerHitSchema = z.object({
  examiner_name: z.string(),
  examiner_id: z.string().nullable(),
  name_variants: z.array(z.string()).describe('Every way the records write the name'),
  art_unit: z.string().nullable().describe('The art unit of the most recently filed application'),
  art_units: z.array(z.string()),
  allowance_rate: rate,
  total_cases_analyzed: z.number().int(),
  allowed_cases: z.number().int(),
  abandoned_cases: z.number().int(),
  pending_cases: z.number().int(),
});

/** GET /api/examiners. */
export const examinerSearchSchema = z.object({
  examiners: z.array(examinerHitSchema),
  truncated: z.boolean().describe('More examiners matched than limit'),
  stats_current: z.boolean(),
});
export type ExaminerSearchWire = z.infer<typeof examinerSearchSchema>;

/**
 * An art unit's figures for the account API (GET /api/art-units/{art_unit}, and `art_unit_stats`
 * of GET /api/examiners/{name}): the rates, then every count they rest on (sample sizes).
 */
export function presentArtUnitProfile(a: ArtUnitFigures): z.infer<typeof artUnitProfileSchema> {
  return {
    art_unit: a.artUnit,
    examiners: a.examiners,
    allowance_rate: a.allowanceRate,
    avg_actions_to_allowance: a.avgActionsToAllowance,
    top_rejection_bases: a.topRejectionBases,
    rejection_basis_counts: a.rejectionBasisCounts.map((b) => ({ basis: b.basis, office_actions: b.count })),
    interview_success_rate: a.interviewSuccessRate,
    allowance_rate_without_interview: a.allowanceRateWithoutInterview,
    interview_lift: a.interviewLift,
    interview_rates_reason: a.interviewRatesReason,
    avg_rces_to_allowance: a.avgRcesToAllowance,
    total_cases_analyzed: a.totalCasesAnalyzed,
    allowed_cases: a.allowedCases,
    abandoned_cases: a.abandonedCases,
    interviewed_cases: a.interviewedCases,
    not_interviewed_cases: a.notInterviewedCases,
    pending_cases: a.pendingCases,
    excluded_cases: a.excludedCases,
    rejection_actions: a.rejectionActions,
    data_window: { from: a.window.from, to: a.window.to },
    sample_size_warning: sampleSizeWarning(a.totalCasesAnalyzed),
  };
}

/**
 * The examiner profile for the account API (GET /api/examiners/{name}): REST #7's profile, then the
 * further figures the query computes: pre-examination exclusions, the number of office actions
 * with rejection data, the bases counted from this account's own analyses, and the art unit's
 * full figures.
 */
export function presentAccountExaminerProfile(p: ExaminerProfile): AccountExaminerProfileWire {
  return {
    ...presentExaminerProfile(p),
    excluded_cases: p.excludedCases,
    rejection_actions: p.rejectionActions,
    analysis_bases_counted: p.analysisBases,
    art_unit_stats: p.artUnitStats ? presentArtUnitProfile(p.artUnitStats) : null,
  };
}

/** GET /api/examiners: one search hit. */
export function presentExaminerHit(h: ExaminerHit): z.infer<typeof examinerHitSchema> {
  return {
    examiner_name: h.examinerName,
    examiner_id: h.examinerId,
    name_variants: h.nameVariants,
    art_unit: h.artUnit,
    art_units: h.artUnits,
    allowance_rate: h.allowanceRate,
    total_cases_analyzed: h.totalCasesAnalyzed,
    allowed_cases: h.allowedCases,
    abandoned_cases: h.abandonedCases,
    pending_cases: h.pendingCases,
  };
}

function sampleSizeWarning(disposed: number): string | null {
  return disposed < MIN_RELIABLE_SAMPLE
    ? `Only ${disposed} disposed application(s) behind these figures (fewer than ${MIN_RELIABLE_SAMPLE}): treat the rates as indicative.`
    : null;
}
