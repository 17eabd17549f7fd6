/**
 * The decisions an office action puts to the client, each with its USPTO fees (Prosa's fee tables,
 * for the letter's entity size) and what follows from it (issue 19 item 4): how to go on after a
 * final rejection, a terminal disclaimer over the double-patenting reference, the election a
 * restriction requires, narrowing amendments, evidence of unexpected results, information under
 * 37 CFR 1.105, the issue fee and continuations after allowance. Stated as choices and their
 * effects, never as outcomes: the Examiner decides those.
 */
import type { ClientReportDecision } from '../../../documents/forms/types.ts';
import type { PaperKind } from '../../../documents/types.ts';
import type { Ground } from '../../../domain/response-plan/types.ts';
import { claimsPhrase, verbFor } from '../../../documents/format/claim-numbers.ts';
import type { StoredAnalysis } from '../inputs/analysis.ts';
import { isNonstatutoryDoublePatenting } from '../../../domain/response-plan/ground-answers.ts';
import { countExcessClaims, excessClaimsSentences, type ClaimForFees } from '../../../documents/forms/excess-claims.ts';
import { feeLine, type FormContext } from './context.ts';

const claimsWord = (claims: readonly number[]) => claimsPhrase(claims);

function recommended(record: StoredAnalysis, code: string): number[] {
  return record.claim_analyses
    .filter((c) => c.recommendation === code)
    .map((c) => c.claim_number)
    .sort((a, b) => a - b);
}

/** A terminal disclaimer over each double-patenting reference: fee 37 CFR 1.20(d) and its consequences. */
function terminalDisclaimer(g: Ground, ctx: FormContext): ClientReportDecision {
  const reference = g.conflicting.length ? g.conflicting.join(' and ') : 'the patent or application the Examiner names';
  const provisional = /\bprovisional/i.test(g.statement.text);
  const ends = provisional ? `${reference} (or the patent granted on it)` : reference;
  return {
    title: `Whether to file a terminal disclaimer over ${reference}`,
    description: `The Examiner rejects ${claimsWord(g.claims)} for ${provisional ? 'provisional ' : ''}double patenting: ${verbFor(g.claims, 'the claim is', 'the claims are')} said not to be patentably distinct from claims of ${reference}. The rejection can be answered by arguing that ${verbFor(g.claims, 'the claim is', 'the claims are')} patentably distinct, by amending ${verbFor(g.claims, 'it', 'them')}, or by filing a terminal disclaimer (37 C.F.R. § 1.321(c)). Filing one does not admit that the rejection is proper (MPEP 804.02), but it has lasting effects:`,
    points: [
      `The patent granted on this application would be enforceable only while it and ${reference} are owned by the same owner (37 C.F.R. § 1.321(c)(3)); assigning one without the other would leave this patent unenforceable while the ownership is split.`,
      `Its term would end when ${ends} expires: the rest of the term, including any patent term adjustment reaching beyond that date, is given up.`,
      'Before the patent issues it can be withdrawn only by petition, and after issue it generally cannot be withdrawn (MPEP 1490).',
      'Arguing or amending instead has no USPTO fee; if the Examiner maintains the rejection, a terminal disclaimer can still be filed later in prosecution.',
    ],
    fees: [feeLine('terminal_disclaimer', ctx.entity, ctx.date)],
  };
}

/**
 * Statutory double patenting (35 U.S.C. 101, the same invention claimed twice): a terminal
 * disclaimer cannot answer it (MPEP 804.02), so the decision is how the claims are changed or
 * argued; a disclaimer is named only for the nonstatutory rejection that may follow.
 */
function sameInvention(g: Ground): ClientReportDecision {
  const reference = g.conflicting.length ? g.conflicting.join(' and ') : 'the patent the Examiner names';
  return {
    title: `How to answer the rejection for claiming the same invention as ${reference}`,
    description: `The Examiner rejects ${claimsWord(g.claims)} under 35 U.S.C. 101 for statutory double patenting: ${verbFor(g.claims, 'the claim is', 'the claims are')} said to claim the same invention as claims of ${reference}. A terminal disclaimer cannot overcome this rejection (MPEP 804.02). The choices are:`,
    points: [
      `Amend ${verbFor(g.claims, 'the claim', 'the claims')} so that ${verbFor(g.claims, 'it no longer claims', 'they no longer claim')} the same invention; any amendment changes what is covered, so we would review the new wording with you before filing.`,
      `Argue that ${verbFor(g.claims, 'the claim does', 'the claims do')} not claim the same invention, if ${verbFor(g.claims, 'its', 'their')} scope differs from the claims of ${reference}.`,
      `Cancel ${verbFor(g.claims, 'the claim', 'the claims')}.`,
    ],
    after: `If the claims are amended, the Examiner may then reject them for nonstatutory double patenting over ${reference}; that rejection can be answered by a terminal disclaimer, whose lasting effects on ownership and patent term we would set out for you before any is filed.`,
    fees: [],
    fee_note:
      'No USPTO fee for amending, arguing or cancelling, unless the reply brings the number of claims above those already paid for (37 C.F.R. § 1.16(h), (i)).',
  };
}

/** The election a restriction requires, with the groups as the action sets them out. */
function election(record: StoredAnalysis): ClientReportDecision {
  const groups = (record.restriction_groups ?? []).map(
    (g) => `${g.kind === 'invention' ? 'Group' : 'Species'} ${g.label}: ${claimsWord(g.claims)}${g.subject ? ` (${g.subject})` : ''}.`,
  );
  return {
    title: 'Which invention to pursue in this application (the election)',
    description:
      'The Examiner requires you to choose one of these inventions; only the claims of the invention chosen are examined now, and the others are withdrawn (37 C.F.R. §§ 1.142, 1.143):',
    points: groups.length ? groups : ['The groups could not be read from the action; we set them out for you separately.'],
    after:
      'The choice must be made even if we argue against the requirement. Electing with traverse means we also argue that the requirement is wrong, which keeps the right to have it reviewed by petition (37 C.F.R. § 1.144); electing without traverse gives that right up.',
    fees: [],
    fee_note:
      'No USPTO fee for the election. The claims not elected can be pursued in divisional applications filed while this application is pending (35 U.S.C. 121), each with its own filing, search and examination fees, which are not quoted in this letter.',
  };
}

function afterFinal(ctx: FormContext): ClientReportDecision {
  return {
    title: 'How to go on after the final rejection',
    description:
      'Prosecution is closed: choose among a reply under 37 C.F.R. § 1.116 (the Examiner may refuse to enter amendments that raise new issues), a request for continued examination, which has amendments and arguments considered as of right (37 C.F.R. § 1.114), and an appeal to the Patent Trial and Appeal Board (37 C.F.R. § 41.31). Each option is set out above.',
    fees: [feeLine(ctx.docket.rce_dates.length ? 'rce_subsequent' : 'rce_first', ctx.entity, ctx.date), feeLine('notice_of_appeal', ctx.entity, ctx.date)],
    fee_note:
      'A reply under 37 C.F.R. § 1.116 has no USPTO fee when filed in time. An appeal has later fees (the appeal forwarding fee) that are not quoted in this letter.',
  };
}

function allowance(record: StoredAnalysis, ctx: FormContext): ClientReportDecision {
  const cancelled = record.claim_analyses.filter((c) => c.status === 'cancelled').map((c) => c.claim_number);
  return {
    title: 'Whether to pay the issue fee, and whether to keep an application pending',
    description: `The patent is granted only if the issue fee is paid within three months of the notice; that period cannot be extended (35 U.S.C. 151; 37 C.F.R. § 1.311(a)). A continuing application must be filed before the patent issues to pursue other claims${cancelled.length ? `, including ${claimsWord(cancelled)}, which the action shows as cancelled` : ''}.`,
    fees: [feeLine('issue_fee_utility', ctx.entity, ctx.date), feeLine('publication_fee', ctx.entity, ctx.date)],
    fee_note: 'A continuing application has its own filing, search and examination fees, which are not quoted in this letter.',
  };
}

/** A claim's independence as the action shows it: true, false, or null when the action does not say. */
function independenceOf(c: StoredAnalysis['claim_analyses'][number]): boolean | null {
  if (c.independent === true) return true;
  if (c.independent === false || (c.depends_on !== null && c.depends_on !== undefined)) return false;
  return null;
}

/**
 * Rewriting claims in independent form (the Examiner's "allowable if rewritten"): the excess
 * claims fees of 37 CFR 1.16(h), (i) for the application's entity status, counted from the
 * claims as the action shows them (issue 19: the fees a plan incurs are the client's decision).
 */
function rewriteDecision(record: StoredAnalysis, ctx: FormContext): ClientReportDecision | null {
  const claims: ClaimForFees[] = record.claim_analyses.map((c) => ({
    claim_number: c.claim_number,
    independent: independenceOf(c),
    pending_before: c.status !== 'cancelled',
    pending_after: c.status !== 'cancelled' && c.recommendation !== 'cancel',
    rewritten: c.recommendation === 'rewrite_independent' && c.status !== 'cancelled',
  }));
  const x = countExcessClaims(claims);
  if (!x) return null;
  const h = feeLine('excess_independent_claims', ctx.entity, ctx.date);
  const i = feeLine('excess_claims', ctx.entity, ctx.date);
  const allowable = x.rewritten.every((n) => record.claim_analyses.some((c) => c.claim_number === n && c.allowable_if_rewritten));
  return {
    title: `Whether to rewrite ${claimsWord(x.rewritten)} in independent form`,
    description: `${allowable ? `The Examiner indicates that ${claimsWord(x.rewritten)} would be allowable if rewritten in independent form, including all the features of the claims ${verbFor(x.rewritten, 'it depends', 'they depend')} from. ` : ''}Rewritten now, ${verbFor(x.rewritten, 'it meets', 'they meet')} the condition the Examiner states; keeping ${verbFor(x.rewritten, 'it', 'them')} dependent while the claims ${verbFor(x.rewritten, 'it depends', 'they depend')} from are argued avoids the fees below.`,
    fees: [h, ...(x.total_fees > 0 ? [i] : [])],
    fee_note: excessClaimsSentences(x, h, i),
  };
}

export function clientDecisions(record: StoredAnalysis, grounds: readonly Ground[], kind: PaperKind, ctx: FormContext): ClientReportDecision[] {
  const out: ClientReportDecision[] = [];
  if (kind === 'final') out.push(afterFinal(ctx));
  if (kind === 'notice_of_allowance') out.push(allowance(record, ctx));
  if (kind === 'restriction' || grounds.some((g) => g.kind === 'restriction')) out.push(election(record));
  for (const g of grounds) {
    if (g.kind !== 'rejection' || g.basis !== 'DP') continue;
    out.push(isNonstatutoryDoublePatenting(g) ? terminalDisclaimer(g, ctx) : sameInvention(g));
  }
  // Claims whose only rejection is statutory double patenting are answered by the decision above.
  const sameOnly = new Set(
    record.claim_analyses
      .filter((c) => {
        const own = grounds.filter((g) => g.kind === 'rejection' && g.claims.includes(c.claim_number));
        return own.length > 0 && own.every((g) => g.basis === 'DP' && !isNonstatutoryDoublePatenting(g));
      })
      .map((c) => c.claim_number),
  );
  const narrowed = recommended(record, 'amend_narrow').filter((n) => !sameOnly.has(n));
  if (narrowed.length) {
    const overArt = narrowed.every((n) => grounds.some((g) => g.kind === 'rejection' && g.claims.includes(n) && g.references.length > 0 && g.basis !== 'DP'));
    out.push({
      title: `Whether to narrow ${claimsWord(narrowed)}`,
      description: `We suggest adding to ${verbFor(narrowed, 'this claim', 'these claims')} a feature that ${overArt ? 'we believe the cited art does not show' : 'answers the Examiner’s rejection'}. A narrower claim covers less: a product without the added feature would fall outside it, and what is amended and argued to obtain allowance can limit how the claims are read later. Keeping ${verbFor(narrowed, 'the claim as it is', 'the claims as they are')} and arguing is the alternative.`,
      fees: [],
      fee_note: 'No USPTO fee, unless the reply brings the number of claims above those already paid for (37 C.F.R. § 1.16(h), (i)).',
    });
  }
  const rewrite = rewriteDecision(record, ctx);
  if (rewrite) out.push(rewrite);
  const unexpected = recommended(record, 'argue_unexpected_results');
  if (unexpected.length) {
    out.push({
      title: `Whether to gather evidence of unexpected results for ${claimsWord(unexpected)}`,
      description:
        'This argument needs evidence, usually a declaration under 37 C.F.R. § 1.132 reporting tests that compare the invention with the closest prior art. Any testing is at your cost.',
      fees: [],
    });
  }
  if (kind === 'requirement_for_information' || grounds.some((g) => g.kind === 'information_requirement')) {
    out.push({
      title: 'What information to supply',
      description:
        'The Examiner requires information under 37 C.F.R. § 1.105 that may be in your hands. We need it from you, or your confirmation that it is not known or not readily available, which the rule accepts as a reply.',
      fees: [],
    });
  }
  return out;
}
