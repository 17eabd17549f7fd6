/**
 * One vocabulary (issue 11, "Make completeness enforceable"): every recommendation code the
 * analysis can emit is a strategy code a caller may send back, on REST #4, /api/exports and the
 * response plan alike. The table below is typed against the analysis' own `StrategyCode` union, so
 * a code added to the analysis without an entry here fails the type check (and so does an entry
 * the analysis does not know).
 */
import type { StrategyCode } from '../office-action/types.ts';

export type { StrategyCode };

const STRATEGIES: Record<StrategyCode, string> = {
  // The interface's four first (REST #4's messages list them in this order).
  amend_narrow: 'amend the claim to add a limitation the applied art lacks (needs the amended text)',
  argue_distinction: "keep the claim and argue (needs the practitioner's argument on each of its grounds)",
  cancel: 'cancel the claim without prejudice',
  argue_unexpected_results: 'rebut obviousness with evidence of unexpected results (MPEP 716.02; needs the argument)',
  amend_clarify: 'a formal or definiteness amendment that does not narrow (needs the amended text)',
  rewrite_independent: 'rewrite an objected-to dependent claim in independent form (needs the rewritten text)',
  terminal_disclaimer: 'file a terminal disclaimer over the reference patent or application (double patenting only)',
  no_action: 'nothing to do for this claim (allowed, cancelled, withdrawn, or not treated by the action)',
  elect: 'elected in reply to a restriction requirement (set by the election)',
  provide_information: 'reply to a requirement for information under 37 CFR 1.105 (needs the information as an argument)',
};

export const STRATEGY_CODES: readonly StrategyCode[] = Object.keys(STRATEGIES) as StrategyCode[];

const CODES: ReadonlySet<string> = new Set(STRATEGY_CODES);

export function isStrategyCode(value: unknown): value is StrategyCode {
  return typeof value === 'string' && CODES.has(value);
}

/** Strategies carried out by amended claim text. */
export const AMENDING: ReadonlySet<StrategyCode> = new Set<StrategyCode>(['amend_narrow', 'amend_clarify', 'rewrite_independent']);

/** Strategies carried out by the practitioner's argument on each ground of the claim. */
export const ARGUING: ReadonlySet<StrategyCode> = new Set<StrategyCode>(['argue_distinction', 'argue_unexpected_results']);
