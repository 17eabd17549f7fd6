import { normalizePublicationNumber } from './publication-numbers.ts';
import type { ClaimAnalysis, PaperKind } from './types.ts';

/**
 * Scores a breakdown against a hand-labelled expected breakdown (the corpus `NN.expected.json`
 * format): claim-status accuracy, basis precision/recall/F1 over (claim, basis) pairs, and
 * reference recall over (claim, publication number) pairs, compared on the number without kind
 * code. Used by the corpus tests and by bench/oa-corpus-score.ts.
 */
export interface ExpectedClaim {
  claim_number: number;
  status: string;
  bases: string[];
  prior_art: string[];
}

export interface ExpectedAction {
  office_action_type?: string;
  document_code?: string | null;
  claims: ExpectedClaim[];
}

export interface CorpusScore {
  claims: number;
  status_correct: number;
  status_accuracy: number;
  basis_precision: number;
  basis_recall: number;
  basis_f1: number;
  reference_expected: number;
  reference_found: number;
  reference_recall: number;
  kind_expected: PaperKind | null;
  misses: string[];
}

const EXPECTED_KIND: Record<string, PaperKind> = {
  CTNF: 'non_final',
  CTFR: 'final',
  CTRS: 'restriction', // USPTO document-code vocabulary in the corpus
  CTEQ: 'quayle',
  NOA: 'notice_of_allowance',
};

function expectedKind(e: ExpectedAction): PaperKind | null {
  return EXPECTED_KIND[e.document_code ?? ''] ?? EXPECTED_KIND[e.office_action_type ?? ''] ?? null;
}

function normBasis(b: string): string {
  return b.startsWith('DP') ? 'DP' : b;
}

function pubKey(label: string): string | null {
  return normalizePublicationNumber(label)?.base ?? null;
}

export function scoreBreakdown(analyses: readonly ClaimAnalysis[], expected: ExpectedAction): CorpusScore {
  const ours = new Map(analyses.map((a) => [a.claim_number, a]));
  const misses: string[] = [];
  let statusOk = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let refExpected = 0;
  let refFound = 0;
  for (const e of expected.claims) {
    const a = ours.get(e.claim_number);
    if (!a) {
      misses.push(`claim ${e.claim_number}: missing (expected ${e.status})`);
      fn += e.bases.length;
      refExpected += e.prior_art.length;
      continue;
    }
    if (a.status === e.status) statusOk++;
    else misses.push(`claim ${e.claim_number}: status ${a.status}, expected ${e.status}`);
    const want = new Set(e.bases.map(normBasis));
    const got = new Set(a.basis ? a.basis.split('; ') : []);
    for (const b of got) {
      if (want.has(b)) tp++;
      else {
        fp++;
        misses.push(`claim ${e.claim_number}: extra basis ${b}`);
      }
    }
    for (const b of want) {
      if (!got.has(b)) {
        fn++;
        misses.push(`claim ${e.claim_number}: missing basis ${b}`);
      }
    }
    const gotRefs = new Set(a.prior_art.map(pubKey).filter((k): k is string => k !== null));
    for (const p of e.prior_art) {
      const key = pubKey(p);
      refExpected++;
      if (key && gotRefs.has(key)) refFound++;
      else misses.push(`claim ${e.claim_number}: missing reference ${p}`);
    }
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  return {
    claims: expected.claims.length,
    status_correct: statusOk,
    status_accuracy: expected.claims.length === 0 ? 1 : statusOk / expected.claims.length,
    basis_precision: precision,
    basis_recall: recall,
    basis_f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    reference_expected: refExpected,
    reference_found: refFound,
    reference_recall: refExpected === 0 ? 1 : refFound / refExpected,
    kind_expected: expectedKind(expected),
    misses,
  };
}
