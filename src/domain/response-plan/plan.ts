/**
 * A response plan as the practitioner sees it: the grounds of the action, and per claim the
 * strategy (the practitioner's choice, else the election's, else the analysis' recommendation),
 * the claim's text as it stands and as amended with its 37 CFR 1.121(c) markup. Edits are pure
 * functions from edits to edits; they refuse what the plan's rules do not allow.
 */
import { kindOfType } from '../office-action/type-codes.ts';
import { checkElection, electionView, type ElectionInput, type ElectionView } from './election.ts';
import { answerChoices, cannotAnswer, conflictWithClaim, groundAnswer } from './ground-answers.ts';
import { groundById, groundsOf, groundsOfClaim } from './grounds.ts';
import { claimMarkup, cleanClaimText, dependencyOfText, type ClaimMarkup } from './markup.ts';
import { AMENDING, STRATEGY_CODES, isStrategyCode, type StrategyCode } from './strategies.ts';
import {
  PlanRuleError,
  type ArgumentEdit,
  type ClaimEdit,
  type Ground,
  type PlanEdits,
  type SourceAnalysis,
  type SourceClaim,
  type SourceRestrictionGroup,
} from './types.ts';

export type PaperKind = 'non_final' | 'final' | 'restriction' | 'requirement_for_information' | 'quayle' | 'notice_of_allowance' | 'other';

const KINDS: ReadonlySet<string> = new Set(['non_final', 'final', 'restriction', 'requirement_for_information', 'quayle', 'notice_of_allowance', 'other']);

/** The kind of paper replied to: as the text shows it, else the interface type the analysis reports. */
function paperKindOf(source: SourceAnalysis): PaperKind {
  const k = source.office_action?.kind?.kind;
  if (k && KINDS.has(k) && k !== 'other') return k as PaperKind;
  const named = kindOfType(source.rejection_type); // the interface's vocabulary: one table (type-codes.ts)
  return named && named !== 'other' ? named : 'non_final';
}

export type StrategySource = 'practitioner' | 'election' | 'analysis';

export interface ClaimView {
  claim_number: number;
  /** As the analysis found it: rejected, objected, allowed, withdrawn, cancelled, pending. */
  status: string;
  independent: boolean | null;
  /** The claim it depends from as it stands (analysis, else the original text); null: independent or unknown. */
  depends_on: number | null;
  /** After this reply (the amended text's preamble when amended). */
  depends_on_after: number | null;
  grounds: string[];
  recommendation: StrategyCode;
  strategy: StrategyCode;
  strategy_source: StrategySource;
  restriction_group: string | null;
  original_text: string | null;
  amended_text: string | null;
  /** The markup of amended_text against original_text; null unless both are known. */
  markup: ClaimMarkup | null;
  /** Answers chosen for single grounds of the claim (ground id → strategy); see ground-answers.ts. */
  ground_strategies: Record<string, StrategyCode>;
  /** Each ground of rejection the claim faces, with its own answer (issue 19 item 5). */
  ground_answers: ClaimGroundAnswer[];
}

/** The answer to one ground of rejection for one claim (ground-answers.ts). */
export interface ClaimGroundAnswer {
  ground_id: string;
  /** What the reply does about this ground for this claim; null: the claim has no strategy. */
  answer: StrategyCode | null;
  /** The answer chosen for this ground, when one is in force; null: the answer follows the claim's strategy. */
  chosen: StrategyCode | null;
  /** The answers that may be chosen for this ground, given the claim's strategy. */
  choices: StrategyCode[];
}

export interface PlanView {
  kind: PaperKind;
  /** The action's mailing date as its text states it (YYYY-MM-DD), when found. */
  mailing_date: string | null;
  grounds: Ground[];
  claims: ClaimView[];
  arguments: Record<string, ArgumentEdit>;
  election: ElectionView | null;
  restriction_groups: SourceRestrictionGroup[];
}

function recommendationOf(c: Pick<SourceClaim, 'recommendation'>): StrategyCode {
  return isStrategyCode(c.recommendation) ? c.recommendation : 'no_action';
}

/** Grounds a dependent claim answers through its base claim (its base's amendment or argument carries it). */
const RIDES_ON_BASE: ReadonlySet<string> = new Set(['102', '103', 'DP']);

/**
 * The analysis recommends amending a claim whose independence the action does not state (it
 * treats it as independent). When the claim's own text, held on the docket, names the claim it
 * depends from and the claim faces only prior-art or double-patenting grounds, the first answer is
 * the one for a dependent claim: it stands with its base claim and its added feature is argued.
 */
function recommendationWithText(
  c: Pick<SourceClaim, 'claim_number' | 'recommendation' | 'independent'>,
  claimGrounds: readonly Ground[],
  originalText: string | null,
): StrategyCode {
  const rec = recommendationOf(c);
  if (rec !== 'amend_narrow' || c.independent === false || !originalText || dependencyOfText(originalText) === null) return rec;
  const ridesOnBase = claimGrounds.length > 0 && claimGrounds.every((g) => g.kind === 'rejection' && g.basis !== null && RIDES_ON_BASE.has(g.basis));
  return ridesOnBase ? 'argue_distinction' : rec;
}

/** What a plan view is assembled from: the action's side (grounds, claims as the analysis found them). */
export interface PlanParts {
  kind: PaperKind;
  mailing_date: string | null;
  grounds: Ground[];
  claims: readonly Pick<SourceClaim, 'claim_number' | 'status' | 'recommendation' | 'independent' | 'depends_on' | 'restriction_group'>[];
  restriction_groups: SourceRestrictionGroup[];
}

export function buildPlanView(source: SourceAnalysis, edits: PlanEdits, actionText: string | null = null): PlanView {
  const mailed = source.office_action?.metadata?.mailing_date?.value ?? null;
  return assemblePlanView(
    {
      kind: paperKindOf(source),
      mailing_date: mailed && /^\d{4}-\d{2}-\d{2}$/.test(mailed) ? mailed : null,
      grounds: groundsOf(source, actionText),
      claims: source.claim_analyses,
      restriction_groups: source.restriction_groups ?? [],
    },
    edits,
  );
}

/**
 * The plan view from its parts and the edits. A response plan assembles it from the analysis
 * record; the paper (documents/response-outline.ts) from the same record's parts as the draft
 * request carries them, so the plan's completeness and the paper's are one computation.
 */
export function assemblePlanView(parts: PlanParts, edits: PlanEdits): PlanView {
  const grounds = parts.grounds;
  const groups = parts.restriction_groups;
  const election = edits.election ? electionView(groups, edits.election) : null;
  const elected = new Set(election?.elected_claims ?? []);
  const withdrawn = new Set(election?.withdrawn_claims ?? []);
  const claims = [...parts.claims]
    .sort((a, b) => a.claim_number - b.claim_number)
    .map((c): ClaimView => {
      const n = c.claim_number;
      const edit: ClaimEdit = edits.claims[String(n)] ?? {};
      const original = edit.original_text ?? null;
      const claimGrounds = groundsOfClaim(grounds, n);
      const recommendation = recommendationWithText(c, claimGrounds, original);
      let strategy = recommendation;
      let source: StrategySource = 'analysis';
      if (edit.strategy) {
        strategy = edit.strategy;
        source = 'practitioner';
      } else if (election && (elected.has(n) || withdrawn.has(n))) {
        strategy = elected.has(n) ? 'elect' : 'no_action';
        source = 'election';
      }
      const amended = edit.amended_text ?? null;
      const current = typeof c.depends_on === 'number' ? c.depends_on : original ? dependencyOfText(original) : null;
      const after = amended && AMENDING.has(strategy) ? dependencyOfText(amended) : current;
      const chosen = edit.ground_strategies ?? {};
      const answers = claimGrounds
        .filter((g) => g.kind === 'rejection')
        .map((g): ClaimGroundAnswer => {
          const choice = chosen[g.id];
          const inForce = choice !== undefined && cannotAnswer(choice, g) === null && conflictWithClaim(choice, strategy) === null;
          return { ground_id: g.id, answer: groundAnswer(strategy, g, choice), chosen: inForce ? choice : null, choices: answerChoices(strategy, g) };
        });
      return {
        claim_number: n,
        status: c.status,
        // The action's word first; else the claim's own text (a claim naming no parent is independent).
        independent: c.independent ?? (original ? dependencyOfText(original) === null : null),
        depends_on: current,
        depends_on_after: after,
        grounds: claimGrounds.map((g) => g.id),
        recommendation,
        strategy,
        strategy_source: source,
        restriction_group: c.restriction_group ?? null,
        original_text: original,
        amended_text: amended,
        markup: original && amended ? claimMarkup(original, amended) : null,
        ground_strategies: { ...chosen },
        ground_answers: answers,
      };
    });
  return { kind: parts.kind, mailing_date: parts.mailing_date, grounds, claims, arguments: { ...edits.arguments }, election, restriction_groups: groups };
}

function claimNotFound(source: SourceAnalysis, n: number): PlanRuleError {
  const numbers = source.claim_analyses.map((c) => c.claim_number).sort((a, b) => a - b);
  return new PlanRuleError(
    'not_found',
    'claim_not_found',
    `Claim ${n} is not in this response plan: the office action treats claims ${numbers.join(', ') || '(none)'}.`,
    'Use a claim number the plan lists (GET the plan to see its claims).',
  );
}

function claimOf(source: SourceAnalysis, n: number): SourceClaim {
  const c = Number.isInteger(n) ? source.claim_analyses.find((x) => x.claim_number === n) : undefined;
  if (!c) throw claimNotFound(source, n);
  return c;
}

function withClaim(edits: PlanEdits, n: number, change: (e: ClaimEdit) => ClaimEdit): PlanEdits {
  const next = change({ ...(edits.claims[String(n)] ?? {}) });
  const claims = { ...edits.claims };
  const empty =
    next.strategy === undefined && next.amended_text === undefined && next.original_text === undefined && !Object.keys(next.ground_strategies ?? {}).length;
  if (empty) delete claims[String(n)];
  else claims[String(n)] = next;
  return { ...edits, claims };
}

/** Chooses the strategy of claim `n` (any code of the one vocabulary). */
export function setStrategy(source: SourceAnalysis, edits: PlanEdits, n: number, code: string): PlanEdits {
  claimOf(source, n);
  if (!isStrategyCode(code)) {
    throw new PlanRuleError(
      'invalid',
      'validation_error',
      `strategy: must be one of ${STRATEGY_CODES.join(', ')}`,
      'Send one of the strategy codes listed (the analysis recommends them too).',
      'strategy',
    );
  }
  return withClaim(edits, n, (e) => {
    const next: ClaimEdit = { ...e, strategy: code };
    // An answer chosen for one ground that no longer fits the claim's strategy is dropped, so no
    // choice stays stored that the paper would not carry out (ground-answers.ts).
    const kept = Object.entries(e.ground_strategies ?? {}).filter(([, s]) => conflictWithClaim(s, code) === null);
    if (kept.length) next.ground_strategies = Object.fromEntries(kept);
    else delete next.ground_strategies;
    return next;
  });
}

/**
 * Chooses the answer to one ground of rejection of claim `n` (issue 19 item 5); `code` null
 * removes the choice (the answer then follows the claim's strategy). Refused: a ground the action
 * does not state (unknown_ground), one that does not treat claim `n` (ground_not_for_claim), a
 * strategy that cannot answer the ground (strategy_cannot_answer_ground: a terminal disclaimer for
 * anything but nonstatutory double patenting, a clarifying amendment for an art ground, a choice
 * for the whole claim), and one that does not fit the claim's strategy (strategy_conflicts_with_claim:
 * an answer by amendment other than the claim's own, any answer for a cancelled claim).
 */
export function setGroundStrategy(source: SourceAnalysis, edits: PlanEdits, n: number, groundId: string, code: string | null): PlanEdits {
  claimOf(source, n);
  const grounds = groundsOf(source);
  const ground = groundById(grounds, groundId);
  if (!ground) {
    throw new PlanRuleError(
      'not_found',
      'unknown_ground',
      `Ground ${JSON.stringify(groundId.slice(0, 40))} is not in this response plan: its grounds are ${grounds.map((g) => g.id).join(', ') || '(none)'}.`,
      'Use a ground_id the plan lists (GET the plan to see its grounds).',
    );
  }
  if (!ground.claims.includes(n)) {
    const own = groundsOfClaim(grounds, n).map((g) => g.id);
    throw new PlanRuleError(
      'not_found',
      'ground_not_for_claim',
      `Ground ${ground.id} (${ground.title}) does not treat claim ${n}: claim ${n}'s grounds are ${own.join(', ') || '(none)'}.`,
      `Choose an answer for one of claim ${n}'s own grounds (the plan lists them under the claim).`,
    );
  }
  if (code === null) {
    return withClaim(edits, n, (e) => {
      const rest = { ...(e.ground_strategies ?? {}) };
      delete rest[ground.id];
      const next = { ...e };
      if (Object.keys(rest).length) next.ground_strategies = rest;
      else delete next.ground_strategies;
      return next;
    });
  }
  if (!isStrategyCode(code)) {
    throw new PlanRuleError(
      'invalid',
      'validation_error',
      `strategy: must be one of ${STRATEGY_CODES.join(', ')}, or null to follow the claim's strategy`,
      'Send one of the strategy codes listed.',
      'strategy',
    );
  }
  const why = cannotAnswer(code, ground);
  if (why) {
    throw new PlanRuleError(
      'invalid',
      'strategy_cannot_answer_ground',
      `${code} cannot answer ground ${ground.id} (${ground.statute}): ${why}.`,
      `Choose one of the answers the plan lists for ground ${ground.id} under claim ${n} (ground_answers[].choices).`,
      'strategy',
    );
  }
  const claimStrategy = buildPlanView(source, edits).claims.find((c) => c.claim_number === n)!.strategy;
  const conflict = conflictWithClaim(code, claimStrategy);
  if (conflict) {
    throw new PlanRuleError(
      'conflict',
      'strategy_conflicts_with_claim',
      `${code} cannot answer ground ${ground.id} for claim ${n}: ${conflict}.`,
      `Set claim ${n}'s strategy first (PUT .../claims/${n}/strategy), or choose one of the answers listed for ground ${ground.id} (ground_answers[].choices).`,
      'strategy',
    );
  }
  return withClaim(edits, n, (e) => ({ ...e, ground_strategies: { ...(e.ground_strategies ?? {}), [ground.id]: code } }));
}

/** Upper bound of a claim's text (a claim is one sentence; 50,000 characters is far beyond any). */
const MAX_CLAIM_TEXT = 50_000;

export interface ClaimTextInput {
  /** The claim as amended; "" clears it. */
  text?: string;
  /** The claim as it now stands; "" clears it. */
  original_text?: string;
}

/**
 * Sets the amended text and/or the current text of claim `n`. Amended text is accepted only for
 * a claim whose strategy amends it (amend_narrow, amend_clarify, rewrite_independent).
 */
export function setClaimText(source: SourceAnalysis, edits: PlanEdits, n: number, input: ClaimTextInput): PlanEdits {
  claimOf(source, n);
  if (input.text === undefined && input.original_text === undefined) {
    throw new PlanRuleError(
      'invalid',
      'validation_error',
      'text: send the amended text ("text"), the claim as it now stands ("original_text"), or both',
      'Send "text" with the claim as amended; add "original_text" (the claim as it now stands) so the 37 CFR 1.121(c) markup can be computed.',
      'text',
    );
  }
  for (const [field, value] of [
    ['text', input.text],
    ['original_text', input.original_text],
  ] as const) {
    if (value !== undefined && value.length > MAX_CLAIM_TEXT)
      throw new PlanRuleError('invalid', 'validation_error', `${field}: at most ${MAX_CLAIM_TEXT} characters`, 'Send the text of one claim.', field);
  }
  if (input.text !== undefined && input.text.trim() !== '') {
    const strategy = buildPlanView(source, edits).claims.find((c) => c.claim_number === n)!.strategy;
    if (!AMENDING.has(strategy)) {
      throw new PlanRuleError(
        'conflict',
        'strategy_not_amending',
        `Claim ${n}'s strategy is ${strategy}, which does not amend the claim; amended text applies only to amend_narrow, amend_clarify and rewrite_independent.`,
        `Set claim ${n}'s strategy to amend_narrow, amend_clarify or rewrite_independent first (PUT .../claims/${n}/strategy), then send the text again.`,
        'text',
      );
    }
  }
  return withClaim(edits, n, (e) => {
    const next = { ...e };
    if (input.text !== undefined) {
      if (input.text.trim()) next.amended_text = cleanClaimText(input.text);
      else delete next.amended_text;
    }
    if (input.original_text !== undefined) {
      if (input.original_text.trim()) next.original_text = cleanClaimText(input.original_text);
      else delete next.original_text;
    }
    return next;
  });
}

const MAX_ARGUMENT_TEXT = 100_000;

/** The practitioner's argument (or reply) on one ground; "" removes it. */
export function setArgument(source: SourceAnalysis, edits: PlanEdits, groundId: string, text: string, now: string): PlanEdits {
  const ground = groundById(groundsOf(source), groundId);
  if (!ground) {
    const ids = groundsOf(source).map((g) => g.id);
    throw new PlanRuleError(
      'not_found',
      'ground_not_found',
      `Ground ${JSON.stringify(groundId.slice(0, 40))} is not in this response plan: its grounds are ${ids.join(', ') || '(none)'}.`,
      'Use a ground_id the plan lists (GET the plan to see its grounds).',
    );
  }
  if (text.length > MAX_ARGUMENT_TEXT)
    throw new PlanRuleError('invalid', 'validation_error', `text: at most ${MAX_ARGUMENT_TEXT} characters`, 'Shorten the argument.', 'text');
  const args = { ...edits.arguments };
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (clean) args[ground.id] = { text: clean, updated_at: now };
  else delete args[ground.id];
  return { ...edits, arguments: args };
}

/** The election in reply to a restriction requirement; refuses a label the requirement does not define. */
export function setElection(source: SourceAnalysis, edits: PlanEdits, input: ElectionInput): PlanEdits {
  const groups = source.restriction_groups ?? [];
  if (paperKindOf(source) !== 'restriction' && groups.length === 0) {
    throw new PlanRuleError(
      'conflict',
      'not_a_restriction',
      'This office action makes no restriction or election requirement, so there is nothing to elect.',
      'Answer the grounds with claim strategies and arguments instead.',
    );
  }
  return { ...edits, election: checkElection(groups, input) };
}
