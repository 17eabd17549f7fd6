/**
 * Completeness of a reply (37 CFR 1.111(b): the reply "must reply to every ground of objection and
 * rejection in the prior Office action"; an incomplete reply earns a notice under 37 CFR 1.135(c)).
 *
 * Two pure steps, usable by any producer of a reply (the response builder, a response plan):
 *
 *   actionGrounds(parsed)                → ActionGround[]   every ground the action states, with the
 *                                                            examiner's words (stored in the analysis
 *                                                            record as `grounds`)
 *   assessCompleteness(grounds, answers) → CompletenessReport
 *
 * An answer names the ground, the claims it answers and where (the paper's section). A ground is
 * answered when every one of its claims is answered (grounds without claims — a specification or
 * drawing objection, a restriction requirement — need one answer). Everything not answered is
 * listed in `missing`, one sentence each, naming the ground and the claims.
 */
import type { Basis, ParsedOfficeAction, RejectionSubtype } from './types.ts';

export type GroundKind = 'rejection' | 'claim_objection' | 'document_objection' | 'restriction_requirement' | 'information_requirement';

export interface ActionGround {
  /** `rej-1`, `obj-1`, `doc-1`, `restriction`, `info-1`. */
  id: string;
  kind: GroundKind;
  /** Human label: "Rejection of claims 1-4 under 35 U.S.C. 103", "Objection to the abstract". */
  label: string;
  claims: number[];
  /** Rejections: short codes (`102`, `112(b)`, `DP`). */
  bases?: Basis[];
  /** Rejections: full citation of the first basis. */
  citation?: string;
  /** Rejections: `Name (US 1,234,567 B2)` labels. */
  references?: string[];
  /** Double patenting: the patent or application whose claims are relied on (display numbers). */
  conflicting?: string[];
  subtype?: RejectionSubtype;
  /** Claim and document objections: the objection's type or target. */
  objection_type?: string;
  target?: string;
  /** The examiner's sentence stating the ground, verbatim. */
  statement: string;
  /** The examiner's reasoning after it (bounded), verbatim; null when none follows. */
  explanation: string | null;
  /** Carried over from another ground ("rejected for the same reasons"); answered with it. */
  derived: boolean;
  /** The grounds a derived one carries over. */
  derived_from_ids?: string[];
}

export interface GroundAnswer {
  ground_id: string;
  /** Claims of the ground this answer covers (empty for grounds without claims). */
  claims: number[];
  /** Where the paper answers it: the section heading. */
  section: string;
  /** How: "amended", "argued", "canceled", "terminal disclaimer", "abeyance requested", ... */
  how: string;
  /** Places a person must still fill in for this answer. */
  placeholders?: number;
}

export interface GroundCompleteness {
  ground_id: string;
  kind: GroundKind;
  label: string;
  claims: number[];
  answered: boolean;
  /** Sections answering it, with the claims each covers and how. */
  answered_in: Array<{ section: string; claims: number[]; how: string }>;
  unanswered_claims: number[];
  /** Why not, when not answered. */
  reason: string | null;
}

export interface CompletenessReport {
  complete: boolean;
  grounds_total: number;
  grounds_answered: number;
  grounds: GroundCompleteness[];
  /** One sentence per unanswered ground (what a 422 `response_incomplete` names). */
  missing: string[];
}

export function assessCompleteness(grounds: readonly ActionGround[], answers: readonly GroundAnswer[], reasons: Readonly<Record<string, string>> = {}): CompletenessReport {
  const out: GroundCompleteness[] = [];
  for (const g of grounds) {
    const mine = answers.filter((a) => a.ground_id === g.id);
    const covered = new Set(mine.flatMap((a) => a.claims));
    const unanswered = g.claims.filter((c) => !covered.has(c));
    const answered = g.claims.length > 0 ? unanswered.length === 0 : mine.length > 0;
    out.push({
      ground_id: g.id,
      kind: g.kind,
      label: g.label,
      claims: [...g.claims],
      answered,
      answered_in: mine.map((a) => ({ section: a.section, claims: [...a.claims], how: a.how })),
      unanswered_claims: answered ? [] : g.claims.length ? unanswered : [],
      reason: answered ? null : reasons[g.id] ?? (g.claims.length ? `no reply is drafted for ${claimWord(unanswered)}` : 'the paper does not answer it'),
    });
  }
  const missing = out.filter((g) => !g.answered).map((g) => `${g.label}${g.unanswered_claims.length && g.unanswered_claims.length < g.claims.length ? ` (${claimWord(g.unanswered_claims)})` : ''}: ${g.reason}`);
  return {
    complete: missing.length === 0,
    grounds_total: out.length,
    grounds_answered: out.filter((g) => g.answered).length,
    grounds: out,
    missing,
  };
}

function claimWord(claims: readonly number[]): string {
  return `${claims.length === 1 ? 'claim' : 'claims'} ${compactList(claims)}`;
}

/** "1-3, 5" */
export function compactList(numbers: readonly number[]): string {
  const n = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < n.length; i++) {
    let j = i;
    while (j + 1 < n.length && n[j + 1] === n[j] + 1) j++;
    parts.push(j > i + 1 ? `${n[i]}-${n[j]}` : j === i + 1 ? `${n[i]}, ${n[j]}` : `${n[i]}`);
    i = j;
  }
  return parts.join(', ');
}

const TARGET_LABEL: Record<string, string> = {
  specification: 'the specification',
  disclosure: 'the disclosure',
  abstract: 'the abstract',
  drawings: 'the drawings',
  title: 'the title',
  oath_declaration: 'the oath or declaration',
  other: 'the application papers',
};

/** Every ground of rejection and objection the action states (and its requirements), in action order. */
export function actionGrounds(parsed: ParsedOfficeAction): ActionGround[] {
  const out: ActionGround[] = [];
  for (const r of parsed.rejections) {
    const citation = r.statutes[0]?.citation ?? (r.bases.includes('DP') ? `${r.double_patenting?.provisional ? 'provisional ' : ''}${r.double_patenting?.type === 'statutory' ? 'statutory' : 'nonstatutory'} double patenting` : r.bases[0] ? `35 U.S.C. ${r.bases[0]}` : 'an unstated basis');
    const dp = r.bases.includes('DP');
    out.push({
      id: r.id,
      kind: 'rejection',
      label: `Rejection of ${claimWord(r.claims)} ${dp ? `on the ground of ${citation}` : `under ${r.bases.map((b) => `35 U.S.C. ${b}`).join(' and ') || citation}`}`,
      claims: [...r.claims],
      bases: [...r.bases],
      citation,
      references: r.references.map((x) => x.label),
      ...(dp ? { conflicting: r.references.filter((x) => x.publication || x.conflicting_claims.length).map((x) => x.publication?.display ?? x.label) } : {}),
      subtype: r.subtype,
      statement: r.evidence.text,
      explanation: r.explanation?.text ?? null,
      derived: r.derived_from !== null,
      ...(r.derived_from?.source_ids.length ? { derived_from_ids: [...r.derived_from.source_ids] } : {}),
    });
  }
  for (const o of parsed.objections) {
    out.push({
      id: o.id,
      kind: 'claim_objection',
      label: `Objection to ${claimWord(o.claims)}${o.type === 'dependent_on_rejected_base' ? ' (dependent on a rejected base claim)' : o.type === 'informality' ? ' (informalities)' : ''}`,
      claims: [...o.claims],
      objection_type: o.type,
      statement: o.evidence.text,
      explanation: o.detail?.text ?? null,
      derived: false,
    });
  }
  parsed.document_objections.forEach((d, i) => {
    out.push({
      id: `doc-${i + 1}`,
      kind: 'document_objection',
      label: `Objection to ${TARGET_LABEL[d.target] ?? d.target}`,
      claims: [],
      target: d.target,
      statement: d.evidence.text,
      explanation: null,
      derived: false,
    });
  });
  if (parsed.restriction_groups.length > 0 && parsed.kind.kind === 'restriction') {
    out.push({
      id: 'restriction',
      kind: 'restriction_requirement',
      label: `Restriction requirement (${parsed.restriction_groups.map((g) => `${g.kind === 'species' ? 'Species' : 'Group'} ${g.label}`).join(', ')})`,
      claims: [],
      statement: parsed.restriction_groups.map((g) => g.evidence.text).join(' '),
      explanation: null,
      derived: false,
    });
  }
  parsed.information_requirements.forEach((e, i) => {
    out.push({ id: `info-${i + 1}`, kind: 'information_requirement', label: 'Requirement for information under 37 CFR 1.105', claims: [], statement: e.text, explanation: null, derived: false });
  });
  return out;
}
