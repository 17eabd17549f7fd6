/**
 * What the reply does about one ground for one claim (issue 19 item 5: "one strategy per claim").
 * A claim has one strategy (amend, argue, cancel, disclaim ...), but each ground it faces needs
 * its own answer, and the answers must fit together:
 * - a claim cancelled is cancelled for every ground;
 * - nonstatutory double patenting is answered by a terminal disclaimer when the claim is amended
 *   for its other grounds (an amendment for the art does not make it distinct from the reference
 *   claims) or when the claim's strategy is the disclaimer itself; by argument when the claim is
 *   argued (37 CFR 1.321(c); MPEP 804 I.B.1: a complete reply either shows the claims distinct or
 *   files a disclaimer);
 * - a claim whose strategy is a terminal disclaimer answers its other grounds by argument (a
 *   disclaimer overcomes double patenting only, MPEP 804.02);
 * - a choice made for one ground of one claim (REST #4 `claim_<n>:<ground_id>`) wins, when it can
 *   answer that ground.
 * Pure.
 */
import type { StrategyCode } from './strategies.ts';

export interface GroundFacts {
  kind: string;
  /** `102`, `DP`, `112(b)` ...; null for objections. */
  basis: string | null;
  /** The statute or title as written (statutory double patenting says "statutory"). */
  statute: string;
}

const AMENDS: ReadonlySet<StrategyCode> = new Set<StrategyCode>(['amend_narrow', 'amend_clarify', 'rewrite_independent']);

/** Nonstatutory double patenting (obviousness-type, provisional or not): what a terminal disclaimer overcomes. */
export function isNonstatutoryDoublePatenting(g: GroundFacts): boolean {
  return g.kind === 'rejection' && g.basis === 'DP' && !/(?<!non-?)\bstatutory\b/i.test(g.statute);
}

/** Whether a strategy chosen for one ground can answer it at all (a disclaimer answers only nonstatutory double patenting). */
export function canAnswer(strategy: StrategyCode, g: GroundFacts): boolean {
  if (strategy === 'terminal_disclaimer') return isNonstatutoryDoublePatenting(g);
  if (strategy === 'argue_unexpected_results') return g.kind === 'rejection' && g.basis === '103';
  return true;
}

export function groundAnswer(claimStrategy: StrategyCode | null, g: GroundFacts, chosen?: StrategyCode): StrategyCode | null {
  if (claimStrategy === 'cancel') return 'cancel';
  if (chosen && canAnswer(chosen, g)) return chosen;
  if (claimStrategy === null) return null;
  if (isNonstatutoryDoublePatenting(g)) {
    if (AMENDS.has(claimStrategy) || claimStrategy === 'terminal_disclaimer') return 'terminal_disclaimer';
    return claimStrategy;
  }
  if (claimStrategy === 'terminal_disclaimer' && g.kind === 'rejection') return 'argue_distinction';
  return claimStrategy;
}
