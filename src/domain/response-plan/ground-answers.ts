/**
 * What the reply does about one ground for one claim (issue 19 item 5: "one strategy per claim").
 * A claim has one strategy (amend, argue, cancel, disclaim ...), but each ground of rejection it
 * faces needs its own answer, and the answers must fit together:
 * - a claim cancelled is cancelled for every ground;
 * - nonstatutory double patenting is answered by a terminal disclaimer when the claim is amended
 *   for its other grounds (an amendment for the art does not make it distinct from the reference
 *   claims) or when the claim's strategy is the disclaimer itself; by argument when the claim is
 *   argued (37 CFR 1.321(c); MPEP 804 I.B.1: a complete reply either shows the claims distinct or
 *   files a disclaimer);
 * - a claim whose strategy is a terminal disclaimer answers its other grounds by argument (a
 *   disclaimer overcomes double patenting only, MPEP 804.02);
 * - a clarifying amendment does not answer an art ground (102, 103, double patenting): it does not
 *   narrow the claim over the references, so a claim amended to clarify argues its art grounds
 *   (37 CFR 1.111(b): the distinctions must be pointed out) rather than the paper claiming the
 *   amendment overcomes them;
 * - a choice made for one ground of one claim (a response plan's per-ground answer, REST #4's
 *   `claim_<n>:<ground_id>`) wins when it can answer that ground and fits the claim's strategy:
 *   an answer by amendment is the claim's own amendment (its strategy); arguing or disclaiming
 *   fits beside any strategy but cancellation; cancelling, leaving as is, electing and giving information are
 *   choices for the whole claim, never for one ground of rejection.
 * Pure.
 */
import { STRATEGY_CODES, type StrategyCode } from './strategies.ts';
import { isStatutoryDoublePatenting } from '../office-action/strategy.ts';

export interface GroundFacts {
  kind: string;
  /** `102`, `DP`, `112(b)` ...; null for objections. */
  basis: string | null;
  /** The statute or title as written (statutory double patenting says "statutory"). */
  statute: string;
}

const AMENDS: ReadonlySet<StrategyCode> = new Set<StrategyCode>(['amend_narrow', 'amend_clarify', 'rewrite_independent']);

/** Choices that belong to the whole claim: they answer no single ground of rejection. */
const WHOLE_CLAIM: ReadonlySet<StrategyCode> = new Set<StrategyCode>(['cancel', 'no_action', 'elect', 'provide_information']);

const ART: ReadonlySet<string> = new Set(['102', '103', 'DP']);

/** Nonstatutory double patenting (obviousness-type, provisional or not): what a terminal disclaimer overcomes. */
export function isNonstatutoryDoublePatenting(g: GroundFacts): boolean {
  return g.kind === 'rejection' && g.basis === 'DP' && !isStatutoryDoublePatenting(g.statute);
}

/** A rejection over references or reference claims: anticipation, obviousness, double patenting. */
function isArtRejection(g: GroundFacts): boolean {
  return g.kind === 'rejection' && ART.has(g.basis ?? '');
}

/**
 * Why `strategy` cannot answer ground `g` by itself, in a sentence; null when it can. Holds for
 * any claim (whether it fits the claim's strategy is `conflictWithClaim`).
 */
export function cannotAnswer(strategy: StrategyCode, g: GroundFacts): string | null {
  if (g.kind !== 'rejection')
    return "an answer for one ground is chosen for a ground of rejection; an objection is answered by the claim's strategy and the reply on the ground";
  if (WHOLE_CLAIM.has(strategy))
    return `${strategy} is a choice for the whole claim (set it as the claim's strategy), not an answer to one ground of rejection`;
  if (strategy === 'terminal_disclaimer' && !isNonstatutoryDoublePatenting(g))
    return 'a terminal disclaimer overcomes only nonstatutory double patenting (37 CFR 1.321(c); MPEP 804.02)';
  if (strategy === 'argue_unexpected_results' && g.basis !== '103') return 'unexpected results rebut obviousness only (MPEP 716.02)';
  if (strategy === 'amend_clarify' && isArtRejection(g))
    return 'a clarifying amendment does not narrow the claim over the references, so it does not answer a rejection over the art (argue it, or amend to narrow)';
  return null;
}

/** Whether a strategy chosen for one ground can answer it at all. */
function canAnswer(strategy: StrategyCode, g: GroundFacts): boolean {
  return cannotAnswer(strategy, g) === null;
}

/** Why an answer chosen for one ground does not fit the claim's strategy, in a sentence; null when it fits. */
export function conflictWithClaim(chosen: StrategyCode, claimStrategy: StrategyCode | null): string | null {
  if (claimStrategy === 'cancel') return 'the claim is cancelled, which answers every ground';
  if (AMENDS.has(chosen) && chosen !== claimStrategy) {
    return claimStrategy && AMENDS.has(claimStrategy)
      ? `an answer by amendment is the claim's own amendment, and the claim's strategy is ${claimStrategy}`
      : `an answer by amendment needs the claim to be amended, and the claim's strategy is ${claimStrategy ?? 'not chosen'}`;
  }
  return null;
}

/** The answers that may be chosen for ground `g` of a claim whose strategy is `claimStrategy`. */
export function answerChoices(claimStrategy: StrategyCode | null, g: GroundFacts): StrategyCode[] {
  return STRATEGY_CODES.filter((s) => canAnswer(s, g) && conflictWithClaim(s, claimStrategy) === null);
}

export function groundAnswer(claimStrategy: StrategyCode | null, g: GroundFacts, chosen?: StrategyCode): StrategyCode | null {
  if (claimStrategy === 'cancel') return 'cancel';
  if (chosen && canAnswer(chosen, g) && conflictWithClaim(chosen, claimStrategy) === null) return chosen;
  if (claimStrategy === null) return null;
  if (isNonstatutoryDoublePatenting(g)) {
    if (AMENDS.has(claimStrategy) || claimStrategy === 'terminal_disclaimer') return 'terminal_disclaimer';
    return claimStrategy;
  }
  if (claimStrategy === 'terminal_disclaimer' && g.kind === 'rejection') return 'argue_distinction';
  if (claimStrategy === 'amend_clarify' && isArtRejection(g)) return 'argue_distinction';
  return claimStrategy;
}
