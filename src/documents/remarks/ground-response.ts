/**
 * The answer to one ground of rejection, per claim strategy. 37 CFR 1.111(b) requires the reply to
 * point out "the specific distinctions believed to render the claims ... patentable over any
 * applied references", and 1.111(c) that an amendment "clearly point out the patentable novelty"
 * and "show how the amendments avoid such references". Where only the practitioner can supply the
 * substance, the scaffold leaves a bracketed prompt.
 *
 * This file groups a ground's claims by what the reply does with them and hands each group to its
 * answer in `grounds/`: amendments and cancellations, the traverse (one file per ground family:
 * prior art, eligibility, definiteness, double patenting, other statutes), unexpected results.
 * Objections have their own file (`objections.ts`).
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { draftingNote, para } from '../docx/paragraphs.ts';
import { prompt, run } from '../docx/runs.ts';
import type { PlannedClaim } from '../amendment-plan.ts';
import type { RejectionGround } from '../rejection-grounds.ts';
import { nums, type GroundContext } from './grounds/shared.ts';
import { argueDistinction } from './grounds/argue.ts';
import { canceled, canceledInto, incorporates, narrowed, narrowedThrough, rewritten } from './grounds/amendments.ts';
import { terminalDisclaimer } from './grounds/double-patenting.ts';
import { groundAnswer } from '../../domain/response-plan/ground-answers.ts';
import type { StrategyCode } from '../types.ts';
import { unexpectedResults } from './grounds/unexpected-results.ts';

export type { GroundContext };

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
  'canceled',
  'canceled_into',
  'incorporates',
  'narrowed',
  'narrowed_through',
  'rewritten_independent',
  'argue_distinction',
  'argue_unexpected_results',
  'terminal_disclaimer',
  'other',
  'no_action',
];

function responseKind(c: PlannedClaim, g: RejectionGround, ctx: GroundContext): ResponseKind | null {
  switch (c.change.kind) {
    case 'previously_canceled':
    case 'unknown':
      return null;
    case 'canceled':
      return 'canceled';
    case 'canceled_into':
      return 'canceled_into';
  }
  // Each ground its own answer, consistent with the claim's strategy (ground-answers.ts): double
  // patenting is disclaimed even when the claim is amended for its other grounds; the other
  // grounds of a disclaimed claim are argued.
  const answer = c.strategy ? groundAnswer(c.strategy, groundFacts(g), chosenFor(c, g, ctx)) : null;
  if (answer === 'terminal_disclaimer' && g.family === 'DP') return 'terminal_disclaimer';
  // Argued although the claim is amended (a clarifying amendment facing the art, or an answer
  // chosen for this ground): the paper argues it rather than saying the amendment overcomes it.
  if (answer === 'argue_distinction' || answer === 'argue_unexpected_results') return answer;
  switch (c.change.kind) {
    case 'incorporates':
      return 'incorporates';
    case 'narrowed':
      return 'narrowed';
    case 'rewritten_independent':
      return 'rewritten_independent';
  }
  if (c.narrowed_through !== undefined) return 'narrowed_through';
  switch (answer) {
    case 'terminal_disclaimer':
      return answer;
    case 'no_action':
    case null:
      return 'no_action';
    default:
      return 'other';
  }
}

/** The answer on ground `g` of claim `c`: its strategy as it applies to this ground (ground-answers.ts), or the one chosen for it. */
export function answerOnGround(c: PlannedClaim, g: RejectionGround, ctx: Pick<GroundContext, 'groundStrategies'>): StrategyCode | null {
  return groundAnswer(c.strategy, groundFacts(g), chosenFor(c, g, ctx));
}

/** The ground as the per-ground rule reads it: nonstatutory double patenting is told by its citation. */
function groundFacts(g: RejectionGround): { kind: string; basis: string | null; statute: string } {
  return { kind: 'rejection', basis: g.family === 'DP' ? 'DP' : g.family, statute: g.citation };
}

/** An answer chosen for this ground of this claim (REST #4 `claim_<n>:<ground id>`), if any. */
function chosenFor(c: PlannedClaim, g: RejectionGround, ctx: Pick<GroundContext, 'groundStrategies'>): StrategyCode | undefined {
  for (const id of g.ids.keys()) {
    const code = ctx.groundStrategies?.[`${c.claim_number}:${id}`];
    if (code) return code;
  }
  return undefined;
}

/** The answer to `g`, grouped by what the reply does with each of its claims. */
export function groundResponse(g: RejectionGround, ctx: GroundContext): Paragraph[] {
  const byNumber = new Map(ctx.plan.claims.map((c) => [c.claim_number, c]));
  const groups = new Map<ResponseKind, PlannedClaim[]>();
  for (const n of g.claims) {
    const c = byNumber.get(n);
    const kind = c ? responseKind(c, g, ctx) : 'no_action';
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

function other(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  const strategies = [...new Set(claims.map((c) => c.strategy ?? 'none'))].join(', ');
  return [para([prompt(`Answer the rejection of ${claimsPhrase(n)} under ${g.citation} (selected strategy: ${strategies})`), run('.')])];
}

function noAction(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  return [
    draftingNote(
      `No response strategy was selected for ${claimsPhrase(n)}. The reply must answer every ground of rejection (37 C.F.R. § 1.111(b)); address the rejection under ${g.citation} for ${verbFor(n, 'this claim', 'these claims')}.`,
    ),
  ];
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
