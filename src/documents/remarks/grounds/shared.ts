/**
 * What every ground's answer uses: the paper's context, the claims of a group and how they hang
 * together, the references' names, and the examiner's own words quoted.
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { para, quote } from '../../docx/paragraphs.ts';
import { prompt, run } from '../../docx/runs.ts';
import type { AmendmentPlan, PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import type { PaperFile, StrategyCode } from '../../types.ts';
import { referenceNames } from '../wording.ts';

export interface GroundContext {
  plan: AmendmentPlan;
  grounds: readonly RejectionGround[];
  afterFinal: boolean;
  /** The application file's findings (claim chart, support), when the file is held. */
  file?: PaperFile;
  /** Answers chosen for single grounds of single claims: `${claim}:${ground id}` → strategy. */
  groundStrategies?: Readonly<Record<string, StrategyCode>>;
  /**
   * The practitioner wrote the argument on this ground (response plans): the generated answer for
   * the ground's other claims states what the paper does to them and asks for nothing the
   * argument gives (issue 19 B4: no bracketed boilerplate after the practitioner's own text).
   */
  argued?: boolean;
  /** Claims whose amendment the remarks have already stated, with the citation of the ground where: said once, then referred to. */
  stated?: Map<number, string>;
}

export const nums = (claims: readonly PlannedClaim[]) => claims.map((c) => c.claim_number);
export const refs = (g: RejectionGround) => (g.references.length ? referenceNames(g.references) : 'the applied art');
/** Verb agreeing with the references argued against: "Smith does not" / "Smith and Jones do not". */
export const agree = (g: RejectionGround, singular: string, plural: string) => (g.references.length > 1 ? plural : singular);

/** Independent claims of a group, and the group's other claims by the claim they depend from. */
export function byIndependent(claims: readonly PlannedClaim[]): { roots: PlannedClaim[]; dependents: Map<number, PlannedClaim[]> } {
  const inGroup = new Set(nums(claims));
  const byNumber = new Map(claims.map((c) => [c.claim_number, c]));
  const rootOf = (c: PlannedClaim): PlannedClaim => {
    let cur = c;
    const seen = new Set<number>();
    while (typeof cur.parent === 'number' && inGroup.has(cur.parent) && !seen.has(cur.parent)) {
      seen.add(cur.claim_number);
      cur = byNumber.get(cur.parent)!;
    }
    return cur;
  };
  const roots: PlannedClaim[] = [];
  const dependents = new Map<number, PlannedClaim[]>();
  // A claim the action shows to be dependent, parent not named ("same reasons as claim 1"), rides
  // with the nearest lower independent claim of the group instead of opening a block of its own.
  const knownDependent = (c: PlannedClaim) => c.parent === undefined && c.disposition?.independent === false;
  const sorted = [...claims].sort((a, b) => a.claim_number - b.claim_number);
  for (const c of sorted) {
    const r = rootOf(c);
    if (r === c && knownDependent(c)) {
      const base = [...roots].reverse().find((x) => x.claim_number < c.claim_number);
      if (base) {
        dependents.set(base.claim_number, [...(dependents.get(base.claim_number) ?? []), c]);
        continue;
      }
    }
    if (r === c) roots.push(c);
    else dependents.set(r.claim_number, [...(dependents.get(r.claim_number) ?? []), c]);
  }
  return { roots, dependents };
}

/**
 * "Claims 2-4 depend from claim 1 and are novel for at least the same reasons": said only as the
 * claims' own text shows it (directly, or through intervening claims); where a claim's parent is
 * not known, the practitioner states the dependency.
 */
export function dependentsSentence(rootClaim: PlannedClaim, deps: readonly PlannedClaim[] | undefined, reason: string): Paragraph[] {
  if (!deps?.length) return [];
  const root = rootClaim.claim_number;
  const d = nums(deps);
  if (deps.some((x) => typeof x.parent !== 'number')) {
    // Grouped after the nearest claim argued above, which is not a fact about their dependency:
    // the reasons of that claim are offered only when it is an independent claim.
    const independentRoot = rootClaim.parent === null || rootClaim.disposition?.independent === true;
    const which = d.length === 1 ? `State the claim from which claim ${d[0]} depends` : `State from which claim each of ${claimsPhrase(d)} depends`;
    return [
      para([
        prompt(`${which} and why ${verbFor(d, 'it is', 'they are')} ${reason}${independentRoot ? ` for the reasons given for claim ${root}` : ''}`),
        run('.'),
      ]),
    ];
  }
  const direct = deps.every((x) => x.parent === root);
  return [
    para([
      run(
        `${claimsPhrase(d, true)} ${verbFor(d, 'depends', 'depend')}${direct ? '' : ', directly or indirectly,'} from claim ${root} and ${verbFor(d, 'is', 'are')} ${reason} for at least the same reasons, and further because `,
      ),
      prompt('identify additional distinguishing features of the dependent claims, if any'),
      run('.'),
    ]),
  ];
}

/** The examiner's own reasoning, quoted (bounded), so the answer reads against it. */
export function examinerWords(g: RejectionGround): Paragraph[] {
  const text = g.explanation?.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const cut = text.length > 900 ? `${text.slice(0, text.lastIndexOf(' ', 880))} …` : text;
  return [para('The Office Action reasons:'), quote(cut)];
}
