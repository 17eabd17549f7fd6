/**
 * Grounds answered by amending or cancelling claims. 37 CFR 1.111(c): an amendment must "clearly
 * point out the patentable novelty" and "show how the amendments avoid such references or
 * objections"; support in the application as filed is cited (35 U.S.C. 132(a), no new matter).
 * How an amendment overcomes the ground is said in the ground family's own terms.
 */
import type { Paragraph } from 'docx';
import { dependentLimitations } from '../../claim-text.ts';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { para, quote } from '../../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../../docx/runs.ts';
import { addedWords } from '../../claim-amendments.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { agree, nums, refs, type GroundContext } from './shared.ts';
import { amendedOverArt } from './prior-art.ts';
import { amendedEligibility, nonTransitoryAmendment } from './eligibility.ts';
import { amendedDefiniteness } from './definiteness.ts';
import { amendedDistinctness } from './double-patenting.ts';

export function incorporates(g: RejectionGround, claims: readonly PlannedClaim[], ctx: GroundContext): Paragraph[] {
  const out: Paragraph[] = [];
  const byNumber = new Map(ctx.plan.claims.map((c) => [c.claim_number, c]));
  for (const c of claims) {
    if (c.change.kind !== 'incorporates') continue;
    const deps = c.change.dependents;
    const depPhrase = claimsPhrase(deps);
    out.push(para(
      `Without acquiescing in the rejection, and solely to advance prosecution, claim ${c.claim_number} has been amended to incorporate the limitations of ${depPhrase}, ` +
      `which the Office Action indicated would be allowable if rewritten in independent form including all of the limitations of the base claim and any intervening claims. ` +
      `${claimsPhrase(deps, true)} ${verbFor(deps, 'has', 'have')} been canceled.`,
    ));
    const added = deps.map((d) => byNumber.get(d)?.old_text).map((t) => (t ? dependentLimitations(t) : null));
    if (added.every((a): a is string => Boolean(a))) {
      out.push(para(`Amended claim ${c.claim_number} thus further recites:`));
      for (const a of added) out.push(quote(a));
    }
    const depsRejectedHere = deps.some((d) => ctx.grounds.some((x) => x.family === g.family && x.claims.includes(d)));
    if (g.family === '102' || g.family === '103') {
      out.push(para(
        `${claimsPhrase(deps, true)} ${verbFor(deps, 'was', 'were')} not rejected over ${refs(g)}; the Office Action objected to ${verbFor(deps, 'it', 'them')} only as depending from a rejected base claim. ` +
        `${refs(g)} therefore ${g.family === '103' ? agree(g, 'does not teach or suggest', 'do not teach or suggest') : agree(g, 'does not disclose', 'do not disclose')} the subject matter of amended claim ${c.claim_number}, and the amendment overcomes the rejection (37 C.F.R. § 1.111(c)).`,
      ));
    } else if (!depsRejectedHere) {
      out.push(para([
        run(`${claimsPhrase(deps, true)} ${verbFor(deps, 'was', 'were')} not rejected under ${g.citation}, and amended claim ${c.claim_number} includes ${verbFor(deps, 'its', 'their')} limitations. `),
        prompt(`Confirm, and explain if needed, how amended claim ${c.claim_number} overcomes the rejection under ${g.citation}`),
        run('.'),
      ]));
    } else {
      out.push(para([prompt(`Explain how amended claim ${c.claim_number} overcomes the rejection under ${g.citation}`), run('.')]));
    }
  }
  return out;
}

const isCorrecting = (c: PlannedClaim) => c.change.kind === 'narrowed' && c.change.purpose === 'correct';

/**
 * Correcting amendments (`amend_clarify`) under a ground whose answer does not turn on the claim
 * (112, a judicial-exception 101, another statute) share one answer: the claims are named once and
 * the practitioner describes the amendments once (issue 11, finding 8: no block per claim).
 */
function correctedTogether(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  const out = [para([
    run(`Without acquiescing in the rejection, ${claimsPhrase(n)} have been amended to `),
    prompt('describe the amendments'),
    run('. Support for the amendments is found in the application as filed at, e.g., '),
    prompt('cite paragraphs and figures'),
    run('; no new matter is added (35 U.S.C. 132(a)).'),
  ])];
  if (g.family === '112(b)' || g.family === '112') out.push(para([run('The amendments resolve the indefiniteness the Office Action identified by '), prompt('e.g., clarifying the term, or providing antecedent basis (MPEP 2173.05(e))'), run('.')]));
  else if (g.family === '101') out.push(para([run(`As amended, ${claimsPhrase(n)} integrate any recited judicial exception into a practical application because `), prompt('explain the technical improvement the added elements provide'), run(' (MPEP 2106.04(d), 2106.05(a)).')]));
  else out.push(para([run(`The amendments overcome the rejection under ${g.citation} because `), prompt('explain, addressing the reasons the Office Action gives'), run('.')]));
  return out;
}

const GROUPED_FAMILIES: ReadonlySet<string> = new Set(['112(b)', '112', '101', '112(a)', '112(d)', '112(f)', 'other']);

/** "to recite “…”" with the words the markup adds, or a place for them when they are not known. */
function whatWasAdded(c: PlannedClaim, correcting: boolean): Inline[] {
  const added = c.old_text && c.new_text ? addedWords(c.old_text, c.new_text) : '';
  if (correcting || !added) return [prompt(correcting ? 'describe the amendment' : 'quote the added limitation')];
  return [run(`“${added}”`)];
}

/** Where the specification supports the added words (the file's support search), or a place to cite it. */
function supportCite(c: PlannedClaim, ctx: GroundContext | undefined): Inline[] {
  const found = ctx?.file?.support[c.claim_number]?.citation;
  return found ? [run(found.replace(/^see, e\.g\., /, ''))] : [prompt('cite paragraphs and figures')];
}

export function narrowed(g: RejectionGround, claims: readonly PlannedClaim[], ctx?: GroundContext): Paragraph[] {
  const out: Paragraph[] = [];
  const groupable = GROUPED_FAMILIES.has(g.family) && !(g.family === '101' && g.subtype === 'signal_per_se')
    ? claims.filter(isCorrecting)
    : [];
  if (groupable.length > 1) out.push(...correctedTogether(g, groupable));
  for (const c of claims) {
    if (groupable.length > 1 && groupable.includes(c)) continue;
    const n = c.claim_number;
    const correcting = c.change.kind === 'narrowed' && c.change.purpose === 'correct';
    if (correcting && g.family === '101' && g.subtype === 'signal_per_se' && c.new_text) {
      out.push(nonTransitoryAmendment(n));
    } else out.push(para([
      run(`Without acquiescing in the rejection, claim ${n} has been amended ${correcting ? 'to ' : 'to recite '}`),
      ...whatWasAdded(c, correcting),
      run('. Support for the amendment is found in the application as filed at, e.g., '),
      ...supportCite(c, ctx),
      run('; no new matter is added (35 U.S.C. 132(a)).'),
    ]));
    // Made only where it is placed: a prompt counts as a place to fill when it is made (countPlaceholders).
    const why = () => prompt('explain, addressing the passages the Office Action relies on');
    switch (g.family) {
      case '102':
      case '103':
        out.push(amendedOverArt(g, n, why()));
        break;
      case '101':
        out.push(amendedEligibility(g, n));
        break;
      case '112(b)':
      case '112':
        out.push(amendedDefiniteness());
        break;
      case 'DP':
        out.push(amendedDistinctness(g, n));
        break;
      default:
        out.push(para([run(`The amendment overcomes the rejection under ${g.citation} because `), why(), run('.')]));
    }
  }
  return out;
}

export function narrowedThrough(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const byBase = new Map<number, number[]>();
  for (const c of claims) byBase.set(c.narrowed_through!, [...(byBase.get(c.narrowed_through!) ?? []), c.claim_number]);
  return [...byBase].map(([base, d]) => para(
    `${claimsPhrase(d, true)} ${verbFor(d, 'depends', 'depend')}, directly or indirectly, from amended claim ${base} and ${verbFor(d, 'is', 'are')} patentable over ${refs(g)} for at least the same reasons.`,
  ));
}

export function canceled(_g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  return [para(
    `${claimsPhrase(n, true)} ${verbFor(n, 'has', 'have')} been canceled without prejudice to or disclaimer of the subject matter ${verbFor(n, 'it recites', 'they recite')}, ` +
    `and the rejection of ${claimsPhrase(n)} is therefore moot. Applicant reserves the right to pursue the canceled subject matter in this or a continuing application.`,
  )];
}

export function canceledInto(_g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  return claims.map((c) => para(
    `Claim ${c.claim_number} has been canceled, its limitations having been incorporated into claim ${c.change.kind === 'canceled_into' ? c.change.into : ''}; the rejection of claim ${c.claim_number} is moot.`,
  ));
}

export function rewritten(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  return claims.map((c) => para([
    run(`Claim ${c.claim_number} has been rewritten in independent form including all of the limitations of its base claim and any intervening claims. `),
    prompt(`Explain how rewritten claim ${c.claim_number} overcomes the rejection under ${g.citation}`),
    run('.'),
  ]));
}
