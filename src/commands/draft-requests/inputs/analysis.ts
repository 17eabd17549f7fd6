/**
 * Reading a stored analysis record (table `analyses.record`, shaped by presenters/analysis.ts)
 * into the document builders' vocabulary: claim dispositions with their grounds, the paper
 * replied to, the examiner's statistics and the strategy chosen per claim.
 */
import {
  STRATEGY_CODES,
  type ClaimDisposition,
  type Ground,
  type ClaimStatus,
  type ExaminerStats,
  type OfficeActionRef,
  type PaperKind,
  type RejectionDetail,
  type StrategyCode,
} from '../../../documents/types.ts';
import { parseReference } from '../../../documents/rejection-grounds.ts';
import { kindOfType } from '../../../domain/office-action/type-codes.ts';

/** The parts of the stored record this module reads (the record holds more). */
export interface StoredAnalysis {
  analysis_id: string;
  application_number: string;
  rejection_type: string;
  claim_analyses: StoredClaim[];
  office_action?: {
    kind?: { kind?: string };
    metadata?: {
      mailing_date?: { value: string } | null;
      examiner?: { normalized: string } | null;
      art_unit?: { value: string } | null;
    };
  };
  examiner_intel?: { stats?: { allowance_rate: number; interview_success_rate: number | null; allowance_rate_without_interview?: number | null } | null };
  /** Every ground the action states (analyses from issue 11 on). */
  grounds?: Ground[];
  restriction_groups?: { label: string; kind: 'invention' | 'species'; claims: number[]; subject?: string | null }[];
}

interface StoredClaim {
  claim_number: number;
  status: string;
  basis: string;
  prior_art: string[];
  recommendation: string;
  rejections?: { basis: string; citation: string; references: string[]; statement: string; ground_id?: string; subtype?: string | null }[];
  allowable_if_rewritten?: boolean;
  depends_on?: number | null;
  independent?: boolean | null;
  treatment?: 'explained' | 'garbled' | 'missing' | null;
  examiner_admissions?: { text: string }[];
  pinpoints?: { reference: string | null; text: string }[];
}

const CODES: ReadonlySet<string> = new Set(STRATEGY_CODES);
const STATUSES: ReadonlySet<string> = new Set(['rejected', 'objected', 'allowed', 'withdrawn', 'cancelled', 'pending']);
const KINDS: ReadonlySet<string> = new Set(['non_final', 'final', 'restriction', 'requirement_for_information', 'quayle', 'notice_of_allowance']);

/** The analysis' recommendation codes and the builders' strategy codes are one vocabulary (issue 11). */
function builderStrategy(code: string): StrategyCode {
  return CODES.has(code) ? (code as StrategyCode) : 'no_action';
}

/** The paper replied to: as the text shows it, else as the reported type code names it (the interface's vocabulary). */
export function paperKindOf(record: StoredAnalysis): PaperKind {
  const detected = record.office_action?.kind?.kind;
  if (detected && KINDS.has(detected)) return detected as PaperKind;
  const named = kindOfType(record.rejection_type);
  return named && named !== 'other' ? named : 'non_final';
}

/** The paper replied to; only its kind decides the paper (no type code travels, so none can be misread). */
export function officeActionOf(record: StoredAnalysis, mailingDate: string): OfficeActionRef {
  return { kind: paperKindOf(record), mailing_date: mailingDate };
}

/** The mailing date the office action's text states, when the analysis found one. */
export function statedMailingDate(record: StoredAnalysis): string | null {
  const v = record.office_action?.metadata?.mailing_date?.value;
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

export function examinerStatsOf(record: StoredAnalysis): ExaminerStats | null {
  const s = record.examiner_intel?.stats;
  // Without both interview rates there is no interview comparison to draw on (null below the minimum
  // sample; analyses stored before issue 11 may lack the baseline): no stats, so no interview claim.
  if (!s || typeof s.interview_success_rate !== 'number' || typeof s.allowance_rate !== 'number') return null;
  if (typeof s.allowance_rate_without_interview !== 'number') return null;
  return {
    allowance_rate: s.allowance_rate,
    interview_success_rate: s.interview_success_rate,
    allowance_rate_without_interview: s.allowance_rate_without_interview,
  };
}

export function claimNumbersOf(record: StoredAnalysis): Set<number> {
  return new Set(record.claim_analyses.map((c) => c.claim_number));
}

function rejectionDetails(c: StoredClaim): RejectionDetail[] {
  return (c.rejections ?? []).map((r) => {
    const references = r.references.map(parseReference);
    const names = new Set(references.map((ref) => ref.name));
    // The examiner's pinpoints into the references this ground applies.
    const pinpoints = (c.pinpoints ?? []).filter((p) => p.reference && names.has(p.reference)).map((p) => `${p.reference}, ${p.text}`);
    return {
      basis: r.basis,
      citation: r.citation,
      claims: [c.claim_number],
      references,
      statement: r.statement,
      ...(pinpoints.length ? { pinpoints } : {}),
      ...(r.ground_id ? { ground_id: r.ground_id } : {}),
      ...(r.subtype ? { subtype: r.subtype } : {}),
    };
  });
}

export function claimDispositions(record: StoredAnalysis): ClaimDisposition[] {
  return record.claim_analyses.map((c) => ({
    claim_number: c.claim_number,
    status: (STATUSES.has(c.status) ? c.status : 'pending') as ClaimStatus,
    basis: c.basis,
    prior_art: [...c.prior_art],
    recommendation: builderStrategy(c.recommendation),
    rejections: rejectionDetails(c),
    ...(c.allowable_if_rewritten !== undefined ? { allowable_if_rewritten: c.allowable_if_rewritten } : {}),
    // The analysis writes depends_on null both for "independent" and "not known": only a claim it
    // knows to be independent (independent: true) is passed on as independent.
    ...(c.depends_on !== undefined && (c.independent !== null || c.depends_on !== null)
      ? { depends_on: c.independent === false && c.depends_on === null ? undefined : c.depends_on }
      : {}),
    ...(c.independent !== undefined ? { independent: c.independent } : {}),
    ...(c.treatment ? { treatment: c.treatment } : {}),
    ...(c.examiner_admissions?.length ? { admissions: c.examiner_admissions.map((a) => a.text) } : {}),
  }));
}

/** The restriction groups the requirement sets out, as the record lists them. */
export function restrictionGroupsOf(record: StoredAnalysis): { label: string; kind: 'invention' | 'species'; claims: number[] }[] {
  return (record.restriction_groups ?? []).map((g) => ({ label: g.label, kind: g.kind, claims: [...g.claims] }));
}

/**
 * `claim_<n>` selections (any code of the analysis' vocabulary, src/domain/response-plan/
 * strategies.ts) → the builders' per-claim map, each code mapped to the nearest builder code.
 */
export function strategyOf(selections: Record<string, string>): Record<number, StrategyCode> {
  const out: Record<number, StrategyCode> = {};
  for (const [key, code] of Object.entries(selections)) if (!key.includes(':')) out[Number(key.slice('claim_'.length))] = builderStrategy(code);
  return out;
}

/** `claim_<n>:<ground id>` selections → the builders' `"<n>:<ground id>"` map (answers to single grounds). */
export function groundStrategiesOf(selections: Record<string, string>): Record<string, StrategyCode> {
  const out: Record<string, StrategyCode> = {};
  for (const [key, code] of Object.entries(selections)) if (key.includes(':')) out[key.slice('claim_'.length)] = builderStrategy(code);
  return out;
}
