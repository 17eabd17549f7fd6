/**
 * A response plan in words for people (issue 19, "every message a person sees is written for a
 * person; codes stay in the API"): the completeness report's `plain` texts say what is missing
 * without strategy codes, ground ids, field names or API paths. The `message` beside each stays
 * the API's (it names the call or field that completes the plan, for assistants and scripts).
 * The web app keeps the same names for strategies (web/src/response/words.ts; a test holds the
 * two to the same codes).
 */
import type { StrategyCode } from './strategies.ts';
import type { Ground } from './types.ts';

/** A strategy as a practitioner names it: the choice offered in the wizard. */
export const STRATEGY_NAMES: Readonly<Record<StrategyCode, string>> = {
  amend_narrow: 'Amend to narrow',
  argue_distinction: 'Argue the rejection',
  cancel: 'Cancel the claim',
  argue_unexpected_results: 'Argue unexpected results',
  amend_clarify: 'Amend to clarify',
  rewrite_independent: 'Rewrite in independent form',
  terminal_disclaimer: 'File a terminal disclaimer',
  no_action: 'Leave the claim as it is',
  elect: 'Elected (restriction)',
  provide_information: 'Give the information required',
};

/** What the claim is to undergo, inside a sentence: "Claim 1 is to be amended to narrow it". */
export const STRATEGY_PLANS: Readonly<Record<StrategyCode, string>> = {
  amend_narrow: 'amended to narrow it',
  argue_distinction: 'argued',
  cancel: 'cancelled',
  argue_unexpected_results: 'argued with evidence of unexpected results',
  amend_clarify: 'amended to clarify it',
  rewrite_independent: 'rewritten in independent form',
  terminal_disclaimer: 'overcome with a terminal disclaimer',
  no_action: 'left as it is',
  elect: 'elected',
  provide_information: 'answered with the information required',
};

/** "the rejection of claims 1-2 under 35 U.S.C. 103": a ground's title inside a sentence. */
export function groundPhrase(g: Pick<Ground, 'title'>): string {
  const t = g.title;
  return /^(?:Rejection|Objection|Restriction|Requirement)\b/.test(t) ? `the ${t[0]!.toLowerCase()}${t.slice(1)}` : t;
}

/** "the abstract", "the disclosure": an objected-to paper. */
export function targetPhrase(target: string | null): string {
  if (!target) return 'the papers';
  return `the ${target.replaceAll('_', ' ').replace(/^oath declaration$/, 'oath or declaration')}`;
}

/** "Sentence." from "sentence": the first letter capitalised. */
export function sentence(text: string): string {
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text;
}
