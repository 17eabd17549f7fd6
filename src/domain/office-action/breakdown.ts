import { formatClaimList } from './claim-lists.ts';
import { recommendStrategy, type ClaimFacts } from './strategy.ts';
import {
  BASIS_ORDER,
  type Basis,
  type ClaimAnalysis,
  type ClaimRejection,
  type ClaimStatus,
  type ExaminerStats,
  type ParsedOfficeAction,
  type Reference,
  type RejectionStatement,
  type Span,
} from './types.ts';

/**
 * Claim-by-claim breakdown of a parsed action: one entry per claim the text disposes of, with its
 * status, bases, prior art, objections, pinpoints, evidence, and a recommended strategy.
 *
 * Status precedence: cancelled > withdrawn > rejected > objected > allowed > pending (a claim both
 * rejected and objected to is `rejected`, and keeps the objection in `objections`).
 */
export interface BreakdownOptions {
  examinerStats?: ExaminerStats | null;
}

const PRECEDENCE: readonly ClaimStatus[] = ['cancelled', 'withdrawn', 'rejected', 'objected', 'allowed', 'pending'];

export function buildClaimAnalyses(parsed: ParsedOfficeAction, options: BreakdownOptions = {}): ClaimAnalysis[] {
  return applyStrategies(collectClaimFacts(parsed), parsed, options);
}

/** Adds the recommended strategy to each claim (strategy.ts). */
export function applyStrategies(facts: readonly ClaimFacts[], parsed: ParsedOfficeAction, options: BreakdownOptions = {}): ClaimAnalysis[] {
  const byNumber = new Map(facts.map((f) => [f.claim_number, f]));
  const ctx = {
    kind: parsed.kind.kind,
    claims: byNumber,
    examinerStats: options.examinerStats ?? null,
    artUnit: parsed.metadata.art_unit?.value ?? null,
    restrictionGroups: parsed.restriction_groups,
  };
  return facts.map((f) => {
    const strategy = recommendStrategy(f, ctx);
    return { ...f, recommendation: strategy.code, strategy };
  });
}

type Acc = {
  statuses: Set<ClaimStatus>;
  rejections: ClaimRejection[];
  refs: Map<string, string>;
  objections: ClaimAnalysis['objections'];
  allowableIfRewritten: boolean;
  evidence: ClaimAnalysis['evidence'];
  seen: Set<string>;
};

/** Everything known about each claim the text disposes of, before strategy. */
export function collectClaimFacts(parsed: ParsedOfficeAction): ClaimFacts[] {
  const acc = new Map<number, Acc>();
  const get = (n: number): Acc => {
    let a = acc.get(n);
    if (!a) {
      a = { statuses: new Set(), rejections: [], refs: new Map(), objections: [], allowableIfRewritten: false, evidence: [], seen: new Set() };
      acc.set(n, a);
    }
    return a;
  };
  const note = (n: number, status: ClaimStatus, finding: string, ev: { text: string; span: { start: number; end: number } }): void => {
    const a = get(n);
    a.statuses.add(status);
    const key = `${finding}:${ev.span.start}:${ev.span.end}`;
    if (!a.seen.has(key)) {
      a.seen.add(key);
      a.evidence.push({ finding, text: ev.text, span: ev.span });
    }
  };

  const s = parsed.summary;
  for (const line of s.lines) {
    const status: ClaimStatus = line.field === 'restriction' ? 'pending' : line.field;
    for (const n of line.claims) note(n, status, `summary:${line.field}`, line.evidence);
  }
  for (const r of parsed.rejections) {
    for (const n of r.claims) {
      note(n, 'rejected', 'rejection', r.evidence);
      const a = get(n);
      for (const c of claimRejections(r, parsed.rejections)) a.rejections.push(c);
      for (const ref of r.references) a.refs.set(ref.id, priorArtLabel(ref));
    }
  }
  for (const o of parsed.objections) {
    for (const n of o.claims) {
      note(n, 'objected', 'objection', o.evidence);
      const a = get(n);
      a.objections.push({ type: o.type, text: o.evidence.text, span: o.evidence.span, allowable_if_rewritten: o.allowable_if_rewritten });
      if (o.allowable_if_rewritten) a.allowableIfRewritten = true;
    }
  }
  for (const al of parsed.allowability) {
    for (const n of al.claims) {
      if (al.kind === 'allowable_if_rewritten') {
        note(n, 'objected', 'allowability', al.evidence);
        get(n).allowableIfRewritten = true;
      } else note(n, 'allowed', 'allowability', al.evidence);
    }
  }
  for (const d of parsed.dispositions) {
    const finding = d.inferred ? 'inferred:withdrawn_by_election' : `disposition:${d.disposition}`;
    for (const n of d.claims) note(n, d.disposition, finding, d.evidence);
  }
  const groupOf = new Map<number, string>();
  for (const g of parsed.restriction_groups) {
    for (const n of g.claims) {
      note(n, 'pending', 'restriction_group', g.evidence);
      if (!groupOf.has(n)) groupOf.set(n, g.label);
    }
  }

  const structure = new Map(parsed.claim_structure.map((c) => [c.claim_number, c]));
  const pinpointsOf = new Map<number, ClaimAnalysis['pinpoints']>();
  for (const p of parsed.pinpoints) {
    for (const n of p.claims) {
      const list = pinpointsOf.get(n) ?? [];
      list.push({ kind: p.kind, reference: p.reference_name, text: p.evidence.text, span: p.evidence.span });
      pinpointsOf.set(n, list);
    }
  }
  const treatments = new Map(parsed.treatments.map((t) => [t.claim_number, t]));
  return [...acc.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([n, a]) => {
      const status = PRECEDENCE.find((p) => a.statuses.has(p)) ?? 'pending';
      const bases = [...new Set(a.rejections.map((r) => r.basis))].sort((x, y) => BASIS_ORDER.indexOf(x) - BASIS_ORDER.indexOf(y));
      const st = structure.get(n);
      return {
        claim_number: n,
        status,
        basis: bases.join('; '),
        prior_art: [...a.refs.values()],
        rejections: a.rejections,
        objections: a.objections,
        allowable_if_rewritten: a.allowableIfRewritten,
        independent: st ? st.independent : null,
        depends_on: st ? st.depends_on : null,
        restriction_group: groupOf.get(n) ?? null,
        pinpoints: pinpointsOf.get(n) ?? [],
        evidence: a.evidence.sort((x, y) => x.span.start - y.span.start),
        treatment: a.rejections.some((r) => r.basis === '102' || r.basis === '103') ? (treatments.get(n)?.state ?? 'explained') : null,
        examiner_admissions: (treatments.get(n)?.admissions ?? []).map((e) => ({ text: e.text, span: e.span })),
        structure_source: st ? st.source : null,
      };
    });
}

/** One entry per basis of a statement, with its full citation. */
function claimRejections(r: RejectionStatement, all: readonly RejectionStatement[]): ClaimRejection[] {
  // A carried-over statement names the statements it carries over by their spans (the record's
  // grounds are keyed by statement span; the parser's own ids stay inside the parser).
  const from = (r.derived_from?.source_ids ?? []).map((id) => all.find((x) => x.id === id)?.evidence.span).filter((s): s is Span => s !== undefined);
  return r.bases.map((basis) => ({
    basis,
    citation: citationFor(r, basis),
    references: r.references.map(priorArtLabel),
    statement: r.evidence.text,
    span: r.evidence.span,
    derived: r.derived_from !== null,
    ...(r.subtype ? { subtype: r.subtype } : {}),
    ...(from.length ? { derived_from: from } : {}),
  }));
}

function citationFor(r: RejectionStatement, basis: Basis): string {
  const statute = r.statutes.find((s) => s.basis === basis);
  if (statute) return statute.citation;
  if (basis === 'DP') {
    const dp = r.double_patenting;
    const kind = dp?.type === 'statutory' ? 'statutory double patenting (35 U.S.C. 101)' : 'nonstatutory double patenting';
    return dp?.provisional ? `Provisional ${kind}` : kind[0].toUpperCase() + kind.slice(1);
  }
  return `35 U.S.C. ${basis}`;
}

/** "Name (US 1,234,567 B2)"; a double-patenting reference adds the conflicting claims. */
function priorArtLabel(ref: Reference): string {
  if (ref.conflicting_claims.length === 0) return ref.label;
  const n = ref.conflicting_claims;
  return `${ref.label} (${n.length === 1 ? 'claim' : 'claims'} ${formatClaimList(n)})`;
}
