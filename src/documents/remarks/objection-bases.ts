/**
 * Claim objections that exist only because of another claim (issue 19 item 9): "Claims 5-8 are
 * objected based upon their dependency from claim 4." When this paper amends claim 4 to answer
 * claim 4's own objection, the dependents need no amendment and no request to hold anything in
 * abeyance: the paper says their objection rests on claim 4. Only what the action states counts:
 * the dependency objection names the base; a parent found in the claims' text is not enough, since
 * a dependent may have a defect of its own.
 */
import { parseClaimList } from '../../domain/office-action/claim-lists.ts';
import { isAmended, type AmendmentPlan } from '../amendment-plan.ts';
import type { Ground } from '../types.ts';

// "based upon their dependency from claim 4", "dependent upon an objected claim 4", "depend on claims 1 and 3".
const NAMED_BASE =
  /\b(?:dependency|dependent|depends?|depending)\s+(?:up)?(?:on|from)\s+(?:an?\s+)?(?:objected[- ]to\s+|objected\s+|base\s+)?claims?\s+([^.;]{1,80})/i;

/** The base claims a dependency objection names; empty for any other objection. */
export function namedBases(o: Ground): number[] {
  if (o.kind !== 'claim_objection' || o.objection_type !== 'dependency') return [];
  const m = NAMED_BASE.exec(o.statement.text);
  return m ? parseClaimList(m[1]).filter((n) => !o.claims.includes(n)) : [];
}

/**
 * Claim → the base claim its objection rests on, for each claim a dependency objection names whose
 * base this paper amends and whose base's own objection the paper answers by that amendment.
 */
export function objectionsResolvedByBase(plan: AmendmentPlan, objections: readonly Ground[]): Map<number, number> {
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const amendedAgainstObjection = new Set(
    objections
      .filter((o) => o.kind === 'claim_objection' && o.objection_type !== 'dependency' && o.objection_type !== 'dependent_on_rejected_base')
      .flatMap((o) => o.claims)
      .filter((n) => {
        const c = byNumber.get(n);
        return c ? isAmended(c) : false;
      }),
  );
  const out = new Map<number, number>();
  for (const o of objections) {
    const base = namedBases(o).find((b) => amendedAgainstObjection.has(b));
    if (base === undefined) continue;
    for (const n of o.claims) {
      const c = byNumber.get(n);
      // A dependent the paper amends or cancels is answered as such, not through its base.
      if (c && !isAmended(c) && c.change.kind !== 'canceled' && c.change.kind !== 'canceled_into' && !out.has(n)) out.set(n, base);
    }
  }
  return out;
}
