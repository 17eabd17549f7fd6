/**
 * Whether to ask for an interview, from the examiner's statistics: suggested when the examiner's
 * interview success rate is meaningfully above the allowance rate without an interview (or, when
 * that is unknown, the overall allowance rate). Rates are fractions from 0 to 1.
 */
import type { Paragraph } from 'docx';
import { formatPercent } from '../format/numbers.ts';
import { draftingNote, para } from '../docx/paragraphs.ts';
import type { ExaminerStats } from '../types.ts';

/** "Meaningfully above": at least 10 percentage points. */
const MEANINGFUL_INTERVIEW_LIFT = 0.1;

export interface InterviewSuggestion {
  interview_success_rate: number;
  baseline_rate: number;
  baseline: 'allowance_rate_without_interview' | 'allowance_rate';
  /** Percentage points (a fraction) by which interviews do better. */
  lift: number;
}

function checkRate(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new RangeError(`examiner_stats.${name} must be a fraction from 0 to 1, got ${value}`);
  }
}

export function interviewSuggestion(stats: ExaminerStats | null | undefined): InterviewSuggestion | null {
  if (!stats) return null;
  checkRate('allowance_rate', stats.allowance_rate);
  checkRate('interview_success_rate', stats.interview_success_rate);
  const without = stats.allowance_rate_without_interview;
  if (without !== undefined && without !== null) checkRate('allowance_rate_without_interview', without);
  const baseline = without ?? stats.allowance_rate;
  const lift = stats.interview_success_rate - baseline;
  // Compare in whole basis points so 0.1 + float noise does not flip the decision.
  if (Math.round(lift * 10000) < Math.round(MEANINGFUL_INTERVIEW_LIFT * 10000)) return null;
  return {
    interview_success_rate: stats.interview_success_rate,
    baseline_rate: baseline,
    baseline: without !== undefined && without !== null ? 'allowance_rate_without_interview' : 'allowance_rate',
    lift,
  };
}

function suggestionSentence(s: InterviewSuggestion): string {
  const against =
    s.baseline === 'allowance_rate_without_interview'
      ? `an allowance rate of ${formatPercent(s.baseline_rate)} without one`
      : `an overall allowance rate of ${formatPercent(s.baseline_rate)}`;
  return `This Examiner's interview success rate is ${formatPercent(s.interview_success_rate)}, against ${against} (${Math.round(s.lift * 100)} percentage points higher).`;
}

/** The request in the paper, and a note to the practitioner with the figures behind it. */
export function interviewRemarks(s: InterviewSuggestion, afterFinal: boolean): Paragraph[] {
  return [
    para(
      'Applicant respectfully requests a telephonic interview with the Examiner to discuss the amendments and arguments presented herein before the next Office action is issued. The undersigned will contact the Examiner to schedule the interview.',
    ),
    draftingNote(
      `${suggestionSentence(s)} Consider scheduling the interview before filing, with an Applicant Initiated Interview Request Form (PTOL-413A) whose agenda lists the claims and rejections to discuss (MPEP 713.01).` +
        (afterFinal ? " After a final rejection an interview is at the Examiner's discretion (MPEP 713.09)." : ''),
    ),
  ];
}
