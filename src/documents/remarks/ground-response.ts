/**
 * The answer to one ground of rejection, per claim strategy. 37 CFR 1.111(b) requires the reply to
 * point out "the specific distinctions believed to render the claims ... patentable over any
 * applied references", and 1.111(c) that an amendment "clearly point out the patentable novelty"
 * and "show how the amendments avoid such references". Where only the practitioner can supply the
 * substance, the scaffold leaves a bracketed prompt.
 */
import type { Paragraph } from 'docx';
import { claimElements, dependentLimitations } from '../claim-text.ts';
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { draftingNote, heading, para, quote } from '../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../docx/runs.ts';
import type { AmendmentPlan, PlannedClaim } from '../amendment-plan.ts';
import type { RejectionGround } from '../rejection-grounds.ts';
import { STANDARDS } from './legal-standards.ts';
import { listPhrase, referenceNames } from './wording.ts';

export interface GroundContext {
  plan: AmendmentPlan;
  grounds: readonly RejectionGround[];
  afterFinal: boolean;
}

type ResponseKind =
  | 'canceled'
  | 'canceled_into'
  | 'incorporates'
  | 'narrowed'
  | 'narrowed_through'
  | 'rewritten_independent'
  | 'argue_distinction'
  | 'argue_unexpected_results'
  | 'terminal_disclaimer'
  | 'other'
  | 'no_action';

const KIND_ORDER: readonly ResponseKind[] = [
  'canceled', 'canceled_into', 'incorporates', 'narrowed', 'narrowed_through', 'rewritten_independent',
  'argue_distinction', 'argue_unexpected_results', 'terminal_disclaimer', 'other', 'no_action',
];

function responseKind(c: PlannedClaim): ResponseKind | null {
  switch (c.change.kind) {
    case 'previously_canceled':
    case 'unknown':
      return null;
    case 'canceled':
      return 'canceled';
    case 'canceled_into':
      return 'canceled_into';
    case 'incorporates':
      return 'incorporates';
    case 'narrowed':
      return 'narrowed';
    case 'rewritten_independent':
      return 'rewritten_independent';
  }
  if (c.narrowed_through !== undefined) return 'narrowed_through';
  switch (c.strategy) {
    case 'argue_distinction':
    case 'argue_unexpected_results':
    case 'terminal_disclaimer':
      return c.strategy;
    case 'no_action':
    case null:
      return 'no_action';
    default:
      return 'other';
  }
}

/** The answer to `g`, grouped by what the reply does with each of its claims. */
export function groundResponse(g: RejectionGround, ctx: GroundContext): Paragraph[] {
  const byNumber = new Map(ctx.plan.claims.map((c) => [c.claim_number, c]));
  const groups = new Map<ResponseKind, PlannedClaim[]>();
  for (const n of g.claims) {
    const c = byNumber.get(n);
    const kind = c ? responseKind(c) : 'no_action';
    if (!kind || !c) continue;
    groups.set(kind, [...(groups.get(kind) ?? []), c]);
  }
  const out: Paragraph[] = [];
  for (const kind of KIND_ORDER) {
    const claims = groups.get(kind);
    if (claims?.length) out.push(...RESPONSES[kind](g, claims, ctx));
  }
  const answered = [...groups.keys()].some((k) => !MOOT_OR_OPEN.has(k));
  if (answered) out.push(para('Withdrawal of the rejection is respectfully requested.'));
  return out;
}

/** Kinds after which no request for withdrawal is written: moot (canceled) or left to the practitioner. */
const MOOT_OR_OPEN: ReadonlySet<ResponseKind> = new Set(['canceled', 'canceled_into', 'no_action', 'other']);

const nums = (claims: readonly PlannedClaim[]) => claims.map((c) => c.claim_number);
const refs = (g: RejectionGround) => (g.references.length ? referenceNames(g.references) : 'the applied art');
/** Verb agreeing with the references argued against: "Smith does not" / "Smith and Jones do not". */
const agree = (g: RejectionGround, singular: string, plural: string) => (g.references.length > 1 ? plural : singular);

/** Independent claims of a group, and the group's other claims by the claim they depend from. */
function byIndependent(claims: readonly PlannedClaim[]): { roots: PlannedClaim[]; dependents: Map<number, PlannedClaim[]> } {
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

function standard(g: RejectionGround): Paragraph[] {
  if (g.family === '101' && g.subtype === 'signal_per_se') return [para(STEP1_STANDARD)];
  if (g.family === '103' && g.references.length === 1) return [para(SINGLE_REFERENCE_103)];
  const s = STANDARDS[g.family];
  return s ? [para(s)] : [];
}

const STEP1_STANDARD = 'A claim to a machine, manufacture, composition of matter or process satisfies Step 1 of the eligibility analysis; a claim whose broadest reasonable interpretation covers a transitory signal per se does not, and limiting a computer-readable medium to non-transitory embodiments resolves the issue (MPEP 2106.03).';
const SINGLE_REFERENCE_103 =
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
    para(`Anticipation requires that a single reference disclose each and every element of the claim, arranged as in the claim (MPEP 2131). By the Office Action's own statement, ${refs(g)} ${agree(g, 'does', 'do')} not disclose every limitation of ${who}, so ${who} ${verbFor(n, 'is', 'are')} not anticipated, and the Office Action has made no finding under 35 U.S.C. 103 that could fill the gap. The rejection of ${who} should be withdrawn.`),
  ];
}

/** No prima facie case: the examiner never (intelligibly) applied the art to the claim (37 CFR 1.104(c)(2)). */
function noPrimaFacieParagraphs(g: RejectionGround, c: PlannedClaim | readonly PlannedClaim[]): Paragraph[] {
  const group = Array.isArray(c) ? (c as readonly PlannedClaim[]) : [c as PlannedClaim];
  const t = group[0]?.disposition?.treatment;
  if (t !== 'missing' && t !== 'garbled') return [];
  const what = g.family === '102' ? 'anticipation' : 'obviousness';
  const who = claimsPhrase(group.map((x) => x.claim_number));
  return [para(
    `The Office Action ${t === 'missing' ? `does not address ${who} at all` : `does not intelligibly explain how ${refs(g)} meets the limitations of ${who}`} ` +
    `(the rejection must designate the particular parts of the reference relied on and clearly explain the pertinence of each reference, 37 C.F.R. § 1.104(c)(2); MPEP 707.07(d)). No prima facie case of ${what} has therefore been stated for ${who}. ` +
    'Should the rejection be maintained with a new explanation, that would be a new ground of rejection not necessitated by amendment, and the next action could not properly be made final (MPEP 706.07(a)).',
  )];
}

/** "Claim 1 recites, among other things: ..." with the elements, or a prompt to quote the limitation. */
function recitation(c: PlannedClaim): Paragraph[] {
  const text = c.new_text ?? c.old_text;
  const elements = text ? claimElements(text) : [];
  if (elements.length === 0) {
    return [para([run(`Claim ${c.claim_number} recites `), prompt(`quote the limitation of claim ${c.claim_number} that the applied art does not disclose`), run('.')])];
  }
  return [
    para(`Claim ${c.claim_number} recites, among other things:`),
    ...elements.map((e) => quote(e)),
  ];
}

function pinpointSentence(g: RejectionGround): Inline[] {
  if (g.pinpoints.length) {
    return [
      run(`The Office Action relies on ${listPhrase(g.pinpoints)}. `),
      prompt('Explain what each cited passage actually discloses and why it differs from the claimed limitation'),
      run('.'),
    ];
  }
  return [
    run(`The Office Action does not identify where ${refs(g)} ${g.references.length > 1 ? 'disclose' : 'discloses'} this limitation. `),
    prompt('Explain why no passage of the applied art discloses it'),
    run('.'),
  ];
}

function dependentsSentence(root: number, deps: readonly PlannedClaim[] | undefined, reason: string): Paragraph[] {
  if (!deps?.length) return [];
  const d = nums(deps);
  return [para([
    run(`${claimsPhrase(d, true)} ${verbFor(d, 'depends', 'depend')} from claim ${root} and ${verbFor(d, 'is', 'are')} ${reason} for at least the same reasons, and further because `),
    prompt('identify additional distinguishing features of the dependent claims, if any'),
    run('.'),
  ])];
}

function argueDistinction(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  const all = g.claims.every((x) => n.includes(x));
  const out: Paragraph[] = [para(`Applicant respectfully traverses the rejection${all ? '' : ` as to ${claimsPhrase(n)}`}.`), ...standard(g)];
  const { roots, dependents } = byIndependent(claims);
  switch (g.family) {
    case '102':
    case '103': {
      const single = g.references.length <= 1;
      // Dependents with an argument of their own (an admission, no prima facie case), grouped by that argument.
      const specialGroups = new Map<string, PlannedClaim[]>();
      for (const c of roots) {
        out.push(heading(3, `Claim ${c.claim_number}`));
        const strong = [...admissionParagraphs(g, c), ...noPrimaFacieParagraphs(g, c)];
        if (strong.length) {
          out.push(...strong);
        } else {
          out.push(...recitation(c));
          out.push(para([
            run(`${refs(g)} ${g.family === '103' ? agree(g, 'does not teach or suggest', 'do not, alone or in combination, teach or suggest') : agree(g, 'does not disclose', 'do not disclose')} `),
            prompt(`identify the limitation(s) of claim ${c.claim_number} missing from ${refs(g)}`),
            run('. '),
            ...pinpointSentence(g),
          ]));
          if (g.family === '103' && single) {
            out.push(para([
              run(`Nor does the Office Action articulate a reason, supported by evidence, why a person of ordinary skill would have modified ${refs(g)} to arrive at the claimed subject matter. `),
              prompt('If applicable: explain why the proposed modification would render the reference unsatisfactory for its intended purpose (MPEP 2143.01(V)) or change its principle of operation (MPEP 2143.01(VI)), or why the reference teaches away'),
              run('.'),
            ]));
            out.push(para(`Because ${refs(g)} does not teach or suggest every limitation of claim ${c.claim_number}, and the Office Action gives no reason to modify it, no prima facie case of obviousness has been established (MPEP 2143.03).`));
          } else if (g.family === '103') {
            out.push(para([
              run('Moreover, the Office Action does not provide an adequate reason to combine the references as proposed. '),
              prompt('If applicable: explain why the proposed combination would render the primary reference unsatisfactory for its intended purpose (MPEP 2143.01(V)) or change its principle of operation (MPEP 2143.01(VI)), or why the references teach away from it (MPEP 2145(X)(D))'),
              run('.'),
            ]));
            out.push(para(`Because the cited references fail to teach or suggest every limitation of claim ${c.claim_number}, the Office Action has not established a prima facie case of obviousness.`));
          } else {
            out.push(para(`Because ${refs(g)} ${agree(g, 'does', 'do')} not disclose each and every element of claim ${c.claim_number} as arranged in the claim, claim ${c.claim_number} is not anticipated.`));
          }
        }
        const deps = dependents.get(c.claim_number) ?? [];
        const special = deps.filter((d) => admissionParagraphs(g, d).length || noPrimaFacieParagraphs(g, d).length);
        out.push(...dependentsSentence(c.claim_number, deps.filter((d) => !special.includes(d)), g.family === '103' ? 'nonobvious' : 'novel'));
        for (const d of special) {
          const key = `${d.disposition?.treatment ?? ''}|${(d.disposition?.admissions ?? []).join('|')}`;
          specialGroups.set(key, [...(specialGroups.get(key) ?? []), d]);
        }
      }
      for (const group of specialGroups.values()) {
        const n = group.map((d) => d.claim_number);
        out.push(heading(3, claimsPhrase(n, true)), ...admissionParagraphs(g, group), ...noPrimaFacieParagraphs(g, group));
      }
      break;
    }
    case '101':
      if (g.subtype === 'signal_per_se') {
        out.push(para([
          run(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} directed to a statutory category because `),
          prompt('explain why the claimed medium, read in light of the specification, excludes transitory signals (e.g., the specification limits it to physical storage devices); otherwise amend to recite a non-transitory medium'),
          run(' (MPEP 2106.03).'),
        ]));
        break;
      }
      out.push(...examinerWords(g));
      out.push(para([
        run(`${claimsPhrase(roots.map((c) => c.claim_number), true)} ${verbFor(roots.map((c) => c.claim_number), 'is', 'are')} patent-eligible because `),
        prompt('Step 2A, Prong One: explain why the claim does not recite a judicial exception; or Prong Two: identify the additional elements that integrate it into a practical application, e.g. an improvement to computer functionality or another technology (MPEP 2106.04(d), 2106.05(a)); or Step 2B: explain why the additional elements amount to significantly more (MPEP 2106.05)'),
        run('.'),
      ]));
      for (const c of roots) out.push(...dependentsSentence(c.claim_number, dependents.get(c.claim_number), 'patent-eligible'));
      break;
    case '112(b)':
    case '112':
      out.push(...examinerWords(g));
      if (/112\s*\(f\)|sixth\s+paragraph|means[- ]plus[- ]function/i.test(g.explanation ?? '')) {
        out.push(para([
          run('Where a limitation is construed under 35 U.S.C. 112(f), it is definite if the specification discloses corresponding structure and clearly links it to the claimed function (MPEP 2181(II)). The specification discloses that structure: '),
          prompt('cite the paragraphs and figures describing the structure for each limitation the Examiner identified, or amend the claim to recite sufficient structure so that 35 U.S.C. 112(f) no longer applies (MPEP 2181(I))'),
          run('.'),
        ]));
      }
      out.push(para([
        run(`Read in light of the specification, ${claimsPhrase(n)} ${verbFor(n, 'informs', 'inform')} those skilled in the art of the scope of the invention with reasonable certainty because `),
        prompt(g.explanation ? 'answer each point quoted above, citing the specification (e.g., where the term is defined or described)' : 'quote the term the Examiner identified and explain, citing the specification, where it is defined or described'),
        run(' (MPEP 2173.02).'),
      ]));
      break;
    case 'DP': {
      const over = g.conflicting.length ? listPhrase(g.conflicting) : g.references.length ? listPhrase(g.references.map((r) => r.number_display || r.name)) : '';
      out.push(para([
        run(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} patentably distinct from the claims of ${over}`),
        ...(over ? [] : [prompt('identify the reference patent or application')]),
        run(' because '),
        prompt('identify the limitation of the examined claims that the reference claims do not claim and explain why it would not have been obvious over them (MPEP 804(II)(B))'),
        run('. A terminal disclaimer remains available should the Examiner maintain the rejection (37 C.F.R. § 1.321(c)).'),
      ]));
      break;
    }
    default:
      out.push(...examinerWords(g));
      out.push(para([
        run(`${claimsPhrase(n, true)} ${verbFor(n, 'complies', 'comply')} with ${g.citation} because `),
        prompt(`answer the Examiner's reasoning under ${g.citation}, citing the specification where relevant`),
        run('.'),
      ]));
  }
  return out;
}

/** The examiner's own reasoning, quoted (bounded), so the answer reads against it. */
function examinerWords(g: RejectionGround): Paragraph[] {
  const text = g.explanation?.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const cut = text.length > 900 ? `${text.slice(0, text.lastIndexOf(' ', 880))} …` : text;
  return [para('The Office Action reasons:'), quote(cut)];
}

function incorporates(g: RejectionGround, claims: readonly PlannedClaim[], ctx: GroundContext): Paragraph[] {
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

function narrowed(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const out: Paragraph[] = [];
  for (const c of claims) {
    const n = c.claim_number;
    const correcting = c.change.kind === 'narrowed' && c.change.purpose === 'correct';
    if (correcting && g.family === '101' && g.subtype === 'signal_per_se' && c.new_text) {
      out.push(para(`Claim ${n} has been amended to recite a “non-transitory” computer-readable medium. Support is found wherever the application as filed describes the medium as a physical memory or storage device; no new matter is added (35 U.S.C. 132(a)).`));
    } else out.push(para([
      run(`Without acquiescing in the rejection, claim ${n} has been amended ${correcting ? 'to ' : 'to recite '}`),
      prompt(correcting ? 'describe the amendment' : 'quote the added limitation'),
      run('. Support for the amendment is found in the application as filed at, e.g., '),
      prompt('cite paragraphs and figures'),
      run('; no new matter is added (35 U.S.C. 132(a)).'),
    ]));
    const why = prompt('explain, addressing the passages the Office Action relies on');
    switch (g.family) {
      case '102':
        out.push(para([run(`${refs(g)} ${agree(g, 'does', 'do')} not disclose the added limitation because `), why, run(`. Because no single reference discloses each and every element of amended claim ${n} as arranged in the claim, the claim is not anticipated (MPEP 2131).`)]));
        break;
      case '103':
        out.push(para([run(`${refs(g)}${agree(g, ' does', ', alone or in combination, do')} not teach or suggest the added limitation because `), why, run(`. The references therefore fail to teach or suggest all of the limitations of amended claim ${n} (MPEP 2143.03).`)]));
        break;
      case '101':
        if (g.subtype === 'signal_per_se') {
          out.push(para(`As amended, claim ${n} recites a non-transitory medium, which excludes transitory signals per se; the claim is directed to a manufacture, a statutory category (MPEP 2106.03).`));
        } else {
          out.push(para([run(`As amended, claim ${n} integrates any recited judicial exception into a practical application because `), prompt('explain the technical improvement the added elements provide'), run(' (MPEP 2106.04(d), 2106.05(a)).')]));
        }
        break;
      case '112(b)':
      case '112':
        out.push(para([run(`The amendment resolves the indefiniteness the Office Action identified by `), prompt('e.g., clarifying the term, or providing antecedent basis (MPEP 2173.05(e))'), run('.')]));
        break;
      case 'DP':
        out.push(para([run(`As amended, claim ${n} is patentably distinct from the claims of ${refs(g)} because `), prompt('explain (MPEP 804)'), run('.')]));
        break;
      default:
        out.push(para([run(`The amendment overcomes the rejection under ${g.citation} because `), why, run('.')]));
    }
  }
  return out;
}

function narrowedThrough(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const byBase = new Map<number, number[]>();
  for (const c of claims) byBase.set(c.narrowed_through!, [...(byBase.get(c.narrowed_through!) ?? []), c.claim_number]);
  return [...byBase].map(([base, d]) => para(
    `${claimsPhrase(d, true)} ${verbFor(d, 'depends', 'depend')}, directly or indirectly, from amended claim ${base} and ${verbFor(d, 'is', 'are')} patentable over ${refs(g)} for at least the same reasons.`,
  ));
}

function canceled(_g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  return [para(
    `${claimsPhrase(n, true)} ${verbFor(n, 'has', 'have')} been canceled without prejudice to or disclaimer of the subject matter ${verbFor(n, 'it recites', 'they recite')}, ` +
    `and the rejection of ${claimsPhrase(n)} is therefore moot. Applicant reserves the right to pursue the canceled subject matter in this or a continuing application.`,
  )];
}

function canceledInto(_g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  return claims.map((c) => para(
    `Claim ${c.claim_number} has been canceled, its limitations having been incorporated into claim ${c.change.kind === 'canceled_into' ? c.change.into : ''}; the rejection of claim ${c.claim_number} is moot.`,
  ));
}

function rewritten(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  return claims.map((c) => para([
    run(`Claim ${c.claim_number} has been rewritten in independent form including all of the limitations of its base claim and any intervening claims. `),
    prompt(`Explain how rewritten claim ${c.claim_number} overcomes the rejection under ${g.citation}`),
    run('.'),
  ]));
}

function unexpectedResults(g: RejectionGround, claims: readonly PlannedClaim[], ctx: GroundContext): Paragraph[] {
  const n = nums(claims);
  if (g.family !== '103') {
    return [draftingNote(
      `Unexpected results rebut a prima facie case of obviousness only; they do not answer a rejection under ${g.citation}` +
      `${g.family === '102' ? ' (evidence of secondary considerations is irrelevant to anticipation, MPEP 2131.04)' : ''}. Choose another strategy for ${claimsPhrase(n)}.`,
    )];
  }
  const closest = g.references[0]?.name ?? 'the closest prior art';
  const out: Paragraph[] = [
    para(`Even if a prima facie case of obviousness had been established for ${claimsPhrase(n)}, it is rebutted by evidence of unexpected results (MPEP 716.02).`),
    para([
      run('Applicant submits herewith a declaration under 37 C.F.R. § 1.132 by '),
      prompt('name and qualifications of the declarant'),
      run(', which shows that '),
      prompt('describe the results obtained with the claimed invention'),
      run('.'),
    ]),
    para([
      run('The evidence (1) shows results that differ from what the prior art would have led one of ordinary skill to expect, and that are of practical significance (MPEP 716.02(a)); '),
      run(`(2) compares the claimed invention with the closest prior art, ${closest} (MPEP 716.02(e)); and (3) is commensurate in scope with ${claimsPhrase(n)} (MPEP 716.02(d)). `),
      prompt('Explain why the results were unexpected, with the data relied on'),
      run('.'),
    ]),
    para('The Examiner must weigh this evidence together with the evidence of obviousness and consider the question of obviousness anew (MPEP 716.01(d)).'),
  ];
  if (ctx.afterFinal) {
    out.push(draftingNote('After a final rejection, a declaration is admitted only on a showing of good and sufficient reasons why it is necessary and was not earlier presented (37 C.F.R. § 1.116(e)); state those reasons, or file the declaration with a request for continued examination (37 C.F.R. § 1.114).'));
  }
  return out;
}

function terminalDisclaimer(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  if (g.family !== 'DP') {
    return [draftingNote(`A terminal disclaimer overcomes only a double patenting rejection (MPEP 804.02); choose another strategy for ${claimsPhrase(n)} under ${g.citation}.`)];
  }
  const over = disclaimedOver(g);
  return [
    para([
      run(`Without conceding that the rejection is proper, and solely to expedite prosecution, Applicant files herewith a terminal disclaimer under 37 C.F.R. § 1.321(c) over ${over}`),
      ...(over ? [] : [prompt('identify the reference patent or application by number')]),
      run(`, together with the fee under 37 C.F.R. § 1.20(d). The terminal disclaimer obviates the rejection of ${claimsPhrase(n)} (MPEP 804.02).`),
    ]),
    draftingNote('File the terminal disclaimer as an eTerminal Disclaimer (form PTO/AIA/25 or /26 in Patent Center), which is approved automatically on submission; it must name the reference patent or application, not a claim of it (37 C.F.R. § 1.321(b)-(d)).'),
  ];
}

/** "U.S. Patent No. 10,072,876" / "Application No. 16/123,456": what a terminal disclaimer disclaims over. */
function disclaimedOver(g: RejectionGround): string {
  const names = (g.conflicting.length ? g.conflicting : g.references.map((r) => r.number_display || r.name)).filter((x) => !/^claims?\b/i.test(x));
  return listPhrase(names.map((x) => {
    const m = /^US\s+(\d{1,2},\d{3},\d{3})(?:\s+B\d)?$/.exec(x);
    if (m) return `U.S. Patent No. ${m[1]}`;
    const a = /^US\s+(\d{2}\/\d{3},\d{3})$/.exec(x);
    return a ? `U.S. Application No. ${a[1]}` : x;
  }));
}

function other(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  const strategies = [...new Set(claims.map((c) => c.strategy ?? 'none'))].join(', ');
  return [para([prompt(`Answer the rejection of ${claimsPhrase(n)} under ${g.citation} (selected strategy: ${strategies})`), run('.')])];
}

function noAction(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  return [draftingNote(`No response strategy was selected for ${claimsPhrase(n)}. The reply must answer every ground of rejection (37 C.F.R. § 1.111(b)); address the rejection under ${g.citation} for ${verbFor(n, 'this claim', 'these claims')}.`)];
}

const RESPONSES: Record<ResponseKind, (g: RejectionGround, claims: readonly PlannedClaim[], ctx: GroundContext) => Paragraph[]> = {
  canceled,
  canceled_into: canceledInto,
  incorporates,
  narrowed,
  narrowed_through: narrowedThrough,
  rewritten_independent: rewritten,
  argue_distinction: argueDistinction,
  argue_unexpected_results: unexpectedResults,
  terminal_disclaimer: terminalDisclaimer,
  other,
  no_action: noAction,
};
