/**
 * The interface's office-action type codes (spec table "Office action type codes") and the kind
 * of paper each names: the ONE table for that vocabulary (issue 19 item 10). CTED is a
 * restriction and CTRS a requirement for information here; the USPTO's own document codes, where
 * CTRS is a restriction, are mapped in src/sources/uspto-codes.ts and never compared here.
 *
 * The spec's table has no code for a Notice of Allowance or an Ex parte Quayle action. An
 * analysis of one reports `NOA` or `CTEQ` (docs/decisions/office-actions.md "Type codes: one vocabulary per field"): the letters the USPTO
 * uses for those same papers, which collide with nothing in the interface's table, so no reader
 * of either vocabulary takes one paper for another. Requests still take only the spec's four.
 */
import type { PaperKind, TypeHint } from './types.ts';

/** A code an analysis reports: the spec's four, plus the two papers the spec has no code for. */
export type ReportedType = TypeHint | 'CTEQ' | 'NOA';

const TYPE_OF_KIND: Readonly<Record<PaperKind, ReportedType | null>> = {
  non_final: 'CTNF',
  final: 'CTFR',
  restriction: 'CTED',
  requirement_for_information: 'CTRS',
  quayle: 'CTEQ',
  notice_of_allowance: 'NOA',
  other: null,
};

/** The spec's four codes, as requests take them. */
export const INTERFACE_TYPE_CODES: readonly TypeHint[] = ['CTNF', 'CTFR', 'CTED', 'CTRS'];

/** How the paper is named in words, for people (a record's description, a client letter). */
const KIND_WORDS: Readonly<Record<PaperKind, string>> = {
  non_final: 'non-final rejection',
  final: 'final rejection',
  restriction: 'restriction or election requirement',
  requirement_for_information: 'requirement for information (37 CFR 1.105)',
  quayle: 'Ex parte Quayle action',
  notice_of_allowance: 'Notice of Allowance',
  other: 'paper of a kind not recognised',
};

/** The code reported for a kind of paper; null for a paper not recognised. */
export function reportedTypeOf(kind: PaperKind): ReportedType | null {
  return TYPE_OF_KIND[kind];
}

/** The kind a reported code (or one of the spec's four) names; null for any other string. */
export function kindOfType(code: string | null | undefined): PaperKind | null {
  const found = (Object.keys(TYPE_OF_KIND) as PaperKind[]).find((k) => TYPE_OF_KIND[k] !== null && TYPE_OF_KIND[k] === code);
  return found ?? null;
}

export function kindWords(kind: PaperKind): string {
  return KIND_WORDS[kind];
}
