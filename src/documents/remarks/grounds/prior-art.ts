/**
 * Rejections over the prior art, 35 U.S.C. 102 and 103. Anticipation needs every element in one
 * reference, arranged as claimed (MPEP 2131): an examiner's admission that an element is missing
 * ends it. Obviousness needs every limitation taught or suggested and, for a combination or a
 * modification, an articulated reason (KSR; MPEP 2143, 2143.03); over a single reference the
 * question is modification, never "combining the references". A claim the examiner never
 * (intelligibly) applied the art to has no prima facie case (37 CFR 1.104(c)(2)).
 */
import type { Paragraph } from 'docx';
import { claimElements } from '../../../domain/claims/claim-text.ts';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { heading, para, quote } from '../../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../../docx/runs.ts';
import { isAmended, type AmendmentPlan, type PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { agree, byIndependent, dependentsSentence, refs, type GroundContext } from './shared.ts';
import { chartedArgument, chartedKey } from './charted.ts';

export const SINGLE_REFERENCE_103 =
  'Where an obviousness rejection rests on a single reference, the Office must show that the reference teaches or suggests every limitation or articulate why a person of ordinary skill would have modified it to arrive at the claimed invention, with “some articulated reasoning with some rational underpinning.” ' +
  'KSR Int’l Co. v. Teleflex Inc., 550 U.S. 398, 418 (2007); MPEP 2143, 2143.03.';

/** The examiner's concessions about claim `c` in an anticipation rejection, argued as such (MPEP 2131). */
function admissionParagraphs(g: RejectionGround, c: PlannedClaim | readonly PlannedClaim[]): Paragraph[] {
  const group = Array.isArray(c) ? (c as readonly PlannedClaim[]) : [c as PlannedClaim];
  const said = group[0]?.disposition?.admissions ?? [];
  if (g.family !== '102' || said.length === 0) return [];
  const n = group.map((x) => x.claim_number);
  const who = claimsPhrase(n);
  return [
    para(`The Office Action itself acknowledges, with respect to ${who}:`),
    ...said.slice(0, 2).map((a) => quote(a.replace(/\s+/g, ' ').trim())),
    // Said as the examiner said it: "does not explicitly disclose" is conceded as such, not widened.
    para(
      `Anticipation requires that a single reference disclose each and every element of the claim, arranged as in the claim, expressly or inherently (MPEP 2131). By the Office Action's own statement, ${refs(g)} ${agree(g, 'does', 'do')} not ${said.slice(0, 2).some((a) => /\b(?:explicitly|expressly)\b/i.test(a)) ? 'explicitly ' : ''}disclose every limitation of ${who}${g.explanation && ![g.explanation, ...said].some((a) => /\binheren/i.test(a)) ? ', and the Office Action does not find the missing limitation inherent in it (MPEP 2112)' : ''}. ${who.charAt(0).toUpperCase()}${who.slice(1)} ${verbFor(n, 'is', 'are')} therefore not anticipated, and the Office Action has made no finding under 35 U.S.C. 103 that could fill the gap. The rejection of ${who} should be withdrawn.`,
    ),
  ];
}

/**
 * No prima facie case: the examiner never (intelligibly) applied the art to the claim (37 CFR
 * 1.104(c)(2)). That a new explanation would be a new ground "not necessitated by amendment" is
 * said only when this paper amends neither the claims nor any claim they depend from (issue 19
 * B5: an amended base claim can necessitate a new ground, and the next action may then be final).
 */
function noPrimaFacieParagraphs(g: RejectionGround, c: PlannedClaim | readonly PlannedClaim[], plan?: AmendmentPlan): Paragraph[] {
  const group = Array.isArray(c) ? (c as readonly PlannedClaim[]) : [c as PlannedClaim];
  const t = group[0]?.disposition?.treatment;
  if (t !== 'missing' && t !== 'garbled') return [];
  const what = g.family === '102' ? 'anticipation' : 'obviousness';
  const who = claimsPhrase(group.map((x) => x.claim_number));
  const untouched = plan !== undefined && group.every((x) => !amendedThrough(x, plan));
  return [
    para(
      `The Office Action ${t === 'missing' ? `does not address ${who} at all` : `does not intelligibly explain how ${refs(g)} meets the limitations of ${who}`} ` +
        `(the rejection must designate the particular parts of the reference relied on and clearly explain the pertinence of each reference, 37 C.F.R. § 1.104(c)(2); MPEP 707.07(d)). No prima facie case of ${what} has therefore been stated for ${who}.` +
        (untouched
          ? ' Should the rejection be maintained with a new explanation, that would be a new ground of rejection not necessitated by amendment, and the next action could not properly be made final (MPEP 706.07(a)).'
          : ''),
    ),
  ];
}

/**
 * Whether this paper amends the claim or any claim it depends from (as the claims' text or the
 * analysis tells the dependency). A dependency not known counts as amended when the paper amends
 * any claim: what is not known is not asserted.
 */
function amendedThrough(c: PlannedClaim, plan: AmendmentPlan): boolean {
  const byNumber = new Map(plan.claims.map((x) => [x.claim_number, x]));
  const seen = new Set<number>();
  let cur: PlannedClaim | undefined = c;
  while (cur && !seen.has(cur.claim_number)) {
    if (isAmended(cur)) return true;
    seen.add(cur.claim_number);
    if (cur.parent === null) return false;
    if (cur.parent === undefined) return cur.disposition?.independent === true ? false : plan.claims.some(isAmended);
    cur = byNumber.get(cur.parent);
  }
  return cur === undefined ? plan.claims.some(isAmended) : false;
}

/** "Claim 1 recites, among other things: ..." with the elements, or a prompt to quote the limitation. */
function recitation(c: PlannedClaim): Paragraph[] {
  const text = c.new_text ?? c.old_text;
  const elements = text ? claimElements(text) : [];
  if (elements.length === 0) {
    return [
      para([
        run(`Claim ${c.claim_number} recites `),
        prompt(`quote the limitation of claim ${c.claim_number} that the applied art does not disclose`),
        run('.'),
      ]),
    ];
  }
  return [para(`Claim ${c.claim_number} recites, among other things:`), ...elements.map((e) => quote(e))];
}

/**
 * The passages the Office Action relies on, or that it names none. "Does not identify" is said
 * only when the examiner's reasoning is at hand and has no number in it at all: a reference
 * numeral ("fan (24a)") or a figure written in words identifies a place too.
 */
function pinpointSentence(g: RejectionGround): Inline[] {
  if (g.pinpoints.length) {
    // The passages are listed once, with the ground (restatement.ts), not again per claim.
    return [prompt('Explain what each passage relied on (listed above) actually discloses and why it differs from the claimed limitation'), run('.')];
  }
  if (!g.explanation || /\d/.test(g.explanation)) {
    return [prompt(`Explain what the passages of ${refs(g)} the Office Action relies on disclose and why they differ from the claimed limitation`), run('.')];
  }
  return [
    run(`The Office Action does not identify where ${refs(g)} ${g.references.length > 1 ? 'disclose' : 'discloses'} this limitation. `),
    prompt('Explain why no passage of the applied art discloses it'),
    run('.'),
  ];
}

/** Why the art fails to meet claim `c` where the claim chart gives nothing: the scaffold the practitioner completes. */
function scaffold(g: RejectionGround, c: PlannedClaim): Paragraph[] {
  return [
    ...recitation(c),
    para([
      run(
        `${refs(g)} ${g.family === '103' ? agree(g, 'does not teach or suggest', 'do not, alone or in combination, teach or suggest') : agree(g, 'does not disclose', 'do not disclose')} `,
      ),
      prompt(`identify the limitation(s) of claim ${c.claim_number} missing from ${refs(g)}`),
      run('. '),
      ...pinpointSentence(g),
    ]),
  ];
}

/** What follows the findings for a claim (or claims argued together): the family's standard applied. */
function conclusion(g: RejectionGround, group: readonly PlannedClaim[]): Paragraph[] {
  const single = g.references.length <= 1;
  const n = group.map((x) => x.claim_number);
  const who = claimsPhrase(n);
  const each = n.length > 1 ? `each of ${who}` : who;
  if (g.family === '103' && single) {
    return [
      para([
        run(
          `Nor does the Office Action articulate a reason, supported by evidence, why a person of ordinary skill would have modified ${refs(g)} to arrive at the claimed subject matter. `,
        ),
        prompt(
          'If applicable: explain why the proposed modification would render the reference unsatisfactory for its intended purpose (MPEP 2143.01(V)) or change its principle of operation (MPEP 2143.01(VI)), or why the reference teaches away',
        ),
        run('.'),
      ]),
      para(
        `Because ${refs(g)} does not teach or suggest every limitation of ${each}, and the Office Action gives no reason to modify it, no prima facie case of obviousness has been established (MPEP 2143.03).`,
      ),
    ];
  }
  if (g.family === '103') {
    return [
      para([
        run('Moreover, the Office Action does not provide an adequate reason to combine the references as proposed. '),
        prompt(
          'If applicable: explain why the proposed combination would render the primary reference unsatisfactory for its intended purpose (MPEP 2143.01(V)) or change its principle of operation (MPEP 2143.01(VI)), or why the references teach away from it (MPEP 2145(X)(D))',
        ),
        run('.'),
      ]),
      para(
        `Because the cited references fail to teach or suggest every limitation of ${each}, the Office Action has not established a prima facie case of obviousness.`,
      ),
    ];
  }
  return [
    para(
      `Because ${refs(g)} ${agree(g, 'does', 'do')} not disclose each and every element of ${each} as arranged in the claim, ${who} ${verbFor(n, 'is', 'are')} not anticipated.`,
    ),
  ];
}

/**
 * The traverse of a 102 or 103 rejection: each independent claim argued, its dependents with it;
 * a dependent the claim chart gives its own argument (or that the examiner's own words defeat) is
 * argued on its own.
 */
export function argueOverArt(g: RejectionGround, claims: readonly PlannedClaim[], ctx?: GroundContext): Paragraph[] {
  const out: Paragraph[] = [];
  const { roots, dependents } = byIndependent(claims);
  const reason = g.family === '103' ? 'nonobvious' : 'novel';
  // Dependents with an argument of their own (an admission, no prima facie case), grouped by that argument.
  const specialGroups = new Map<string, PlannedClaim[]>();
  const chartedDependents: Array<{ claim: PlannedClaim; root: number; paragraphs: Paragraph[] }> = [];
  // The dependents of a root: argued on their own (the chart, the examiner's own words), or in one sentence.
  const dependentsOf = (c: PlannedClaim): Paragraph[] => {
    const deps = dependents.get(c.claim_number) ?? [];
    const special = deps.filter((d) => admissionParagraphs(g, d).length || noPrimaFacieParagraphs(g, d, ctx?.plan).length);
    const charted = deps
      .filter((d) => !special.includes(d))
      .map((d) => ({ claim: d, root: c.claim_number, paragraphs: chartedArgument(g, d, ctx?.file, true) }))
      .filter((x) => x.paragraphs.length);
    chartedDependents.push(...charted);
    for (const d of special) {
      const key = `${d.disposition?.treatment ?? ''}|${(d.disposition?.admissions ?? []).join('|')}`;
      specialGroups.set(key, [...(specialGroups.get(key) ?? []), d]);
    }
    return dependentsSentence(
      c,
      deps.filter((d) => !special.includes(d) && !charted.some((x) => x.claim === d)),
      reason,
    );
  };
  // Independent claims reciting the same limitation the examiner met with the same words and
  // passage are argued once, together ("Claims 1, 7, and 14 each recite: ...").
  const argued = new Set<number>();
  for (const c of roots) {
    if (argued.has(c.claim_number)) continue;
    const strong = [...admissionParagraphs(g, c), ...noPrimaFacieParagraphs(g, c, ctx?.plan)];
    const key = strong.length ? '' : chartedKey(g, c, ctx?.file);
    const group = key
      ? roots.filter(
          (r) =>
            !argued.has(r.claim_number) &&
            !admissionParagraphs(g, r).length &&
            !noPrimaFacieParagraphs(g, r, ctx?.plan).length &&
            chartedKey(g, r, ctx?.file) === key,
        )
      : [c];
    for (const r of group) argued.add(r.claim_number);
    out.push(
      heading(
        3,
        claimsPhrase(
          group.map((r) => r.claim_number),
          true,
        ),
      ),
    );
    if (strong.length) out.push(...strong);
    else if (key) out.push(...chartedArgument(g, group, ctx?.file), ...conclusion(g, group));
    else out.push(...scaffold(g, c), ...conclusion(g, [c]));
    for (const r of group) out.push(...dependentsOf(r));
  }
  for (const { claim, root, paragraphs } of chartedDependents) {
    const n = claim.claim_number;
    const via = claim.parent === root ? '' : ', directly or indirectly,';
    out.push(heading(3, `Claim ${n}`), ...paragraphs);
    if (typeof claim.parent === 'number')
      out.push(para(`Claim ${n} depends${via} from claim ${root} and is ${reason} for the reasons given for claim ${root} and for this further reason.`));
  }
  for (const group of specialGroups.values()) {
    const n = group.map((d) => d.claim_number);
    out.push(heading(3, claimsPhrase(n, true)), ...admissionParagraphs(g, group), ...noPrimaFacieParagraphs(g, group, ctx?.plan));
  }
  return out;
}

/** How amended claims avoid the art (37 CFR 1.111(c)): `why` is the practitioner's explanation. */
export function amendedOverArt(g: RejectionGround, n: readonly number[], why: Inline): Paragraph {
  const one = n.length === 1;
  const who = `amended ${claimsPhrase(n)}`;
  const limitation = one ? 'the added limitation' : 'the added limitations';
  return g.family === '102'
    ? para([
        run(`${refs(g)} ${agree(g, 'does', 'do')} not disclose ${limitation} because `),
        why,
        run(
          `. Because no single reference discloses each and every element of ${who} as arranged in ${one ? 'the claim' : 'each claim'}, ${one ? 'the claim is' : 'the claims are'} not anticipated (MPEP 2131).`,
        ),
      ])
    : para([
        run(`${refs(g)}${agree(g, ' does', ', alone or in combination, do')} not teach or suggest ${limitation} because `),
        why,
        run(
          `. ${g.references.length > 1 ? 'The references therefore fail' : `${refs(g)} therefore fails`} to teach or suggest all of the limitations of ${who} (MPEP 2143.03).`,
        ),
      ]);
}
