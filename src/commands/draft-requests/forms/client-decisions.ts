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
import type { StoredAnalysis } from '../../../jobs/inputs/analysis.ts';
import { feeLine, type FormContext } from './context.ts';

const claimsWord = (claims: readonly number[]) => claimsPhrase(claims);

function recommended(record: StoredAnalysis, code: string): number[] {
  return record.claim_analyses.filter((c) => c.recommendation === code).map((c) => c.claim_number).sort((a, b) => a - b);
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

/** The election a restriction requires, with the groups as the action sets them out. */
function election(record: StoredAnalysis): ClientReportDecision {
  const groups = (record.restriction_groups ?? []).map((g) => `${g.kind === 'invention' ? 'Group' : 'Species'} ${g.label}: ${claimsWord(g.claims)}${g.subject ? ` (${g.subject})` : ''}.`);
  return {
    title: 'Which invention to pursue in this application (the election)',
    description: 'The Examiner requires you to choose one of these inventions; only the claims of the invention chosen are examined now, and the others are withdrawn (37 C.F.R. §§ 1.142, 1.143):',
    points: groups.length ? groups : ['The groups could not be read from the action; we set them out for you separately.'],
    after: 'The choice must be made even if we argue against the requirement. Electing with traverse means we also argue that the requirement is wrong, which keeps the right to have it reviewed by petition (37 C.F.R. § 1.144); electing without traverse gives that right up.',
    fees: [],
    fee_note: 'No USPTO fee for the election. The claims not elected can be pursued in divisional applications filed while this application is pending (35 U.S.C. 121), each with its own filing, search and examination fees, which are not quoted in this letter.',
  };
}

function afterFinal(ctx: FormContext): ClientReportDecision {
  return {
    title: 'How to go on after the final rejection',
    description: 'Prosecution is closed: choose among a reply under 37 C.F.R. § 1.116 (the Examiner may refuse to enter amendments that raise new issues), a request for continued examination, which has amendments and arguments considered as of right (37 C.F.R. § 1.114), and an appeal to the Patent Trial and Appeal Board (37 C.F.R. § 41.31). Each option is set out above.',
    fees: [feeLine(ctx.docket.rce_dates.length ? 'rce_subsequent' : 'rce_first', ctx.entity, ctx.date), feeLine('notice_of_appeal', ctx.entity, ctx.date)],
    fee_note: 'A reply under 37 C.F.R. § 1.116 has no USPTO fee when filed in time. An appeal has later fees (the appeal forwarding fee) that are not quoted in this letter.',
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

export function clientDecisions(record: StoredAnalysis, grounds: readonly Ground[], kind: PaperKind, ctx: FormContext): ClientReportDecision[] {
  const out: ClientReportDecision[] = [];
  if (kind === 'final') out.push(afterFinal(ctx));
  if (kind === 'notice_of_allowance') out.push(allowance(record, ctx));
  if (kind === 'restriction' || grounds.some((g) => g.kind === 'restriction')) out.push(election(record));
  for (const g of grounds) if (g.kind === 'rejection' && g.basis === 'DP') out.push(terminalDisclaimer(g, ctx));
  const narrowed = recommended(record, 'amend_narrow');
  if (narrowed.length) {
    out.push({
      title: `Whether to narrow ${claimsWord(narrowed)}`,
      description: `We suggest adding to ${verbFor(narrowed, 'this claim', 'these claims')} a feature that we believe the cited art does not show. A narrower claim covers less: a product without the added feature would fall outside it, and what is amended and argued to obtain allowance can limit how the claims are read later. Keeping ${verbFor(narrowed, 'the claim as it is', 'the claims as they are')} and arguing is the alternative.`,
      fees: [],
      fee_note: 'No USPTO fee, unless the reply brings the number of claims above those already paid for (37 C.F.R. § 1.16(h), (i)).',
    });
  }
  const unexpected = recommended(record, 'argue_unexpected_results');
  if (unexpected.length) {
    out.push({
      title: `Whether to gather evidence of unexpected results for ${claimsWord(unexpected)}`,
      description: 'This argument needs evidence, usually a declaration under 37 C.F.R. § 1.132 reporting tests that compare the invention with the closest prior art. Any testing is at your cost.',
      fees: [],
    });
  }
  if (kind === 'requirement_for_information' || grounds.some((g) => g.kind === 'information_requirement')) {
    out.push({
      title: 'What information to supply',
      description: 'The Examiner requires information under 37 C.F.R. § 1.105 that may be in your hands. We need it from you, or your confirmation that it is not known or not readily available, which the rule accepts as a reply.',
      fees: [],
    });
  }
  return out;
}
