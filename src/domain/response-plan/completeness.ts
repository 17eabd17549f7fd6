/**
 * The completeness report (issue 11, "Make completeness enforceable"; 37 CFR 1.111(b): the reply
 * "must reply to every ground of objection and rejection"): for each ground, answered or not and
 * by what; for each claim, whether its strategy is carried out. What is missing blocks submission
 * unless the caller accepts an incomplete draft; warnings do not.
 *
 * The rules (docs/decisions.md, "Response plans"):
 * - cancel is complete; a claim the action already shows cancelled needs nothing;
 * - amend_narrow, amend_clarify, rewrite_independent need the amended text AND the claim as it now
 *   stands (the listing marks one against the other, 37 CFR 1.121(c)(2)); an amend_narrow claim
 *   whose grounds are all art grounds (102, 103, double patenting) and whose base claim is amended
 *   here is carried out through that base claim, as the document drafts it;
 * - argue_distinction and argue_unexpected_results need the practitioner's argument on each of the
 *   claim's grounds: a generated skeleton is bracketed prompts, not an answer, so it never counts;
 * - terminal_disclaimer answers double patenting only;
 * - elect needs an election whose group holds the claim; provide_information needs the information
 *   (the argument on the requirement);
 * - a claim that depends (after this reply) on a claim this reply cancels is flagged until it is
 *   amended to depend elsewhere, rewritten in independent form, or cancelled;
 * - an objection to a claim as dependent on a rejected base claim is answered by keeping the claim
 *   and asking that the objection be held in abeyance (37 CFR 1.111(b) allows it for objections as
 *   to form), or by rewriting, amending or cancelling the claim; other claim objections need an
 *   amendment, a cancellation or the practitioner's reply; objections to the specification,
 *   abstract, drawings or other papers need the practitioner's reply (the argument on the ground);
 * - a restriction needs an election naming an existing group (and species where species are
 *   defined); a traverse needs the reasons (the argument on the restriction ground, 37 CFR 1.143).
 */
import { formatClaimList } from '../office-action/claim-lists.ts';
import type { ClaimView, PlanView } from './plan.ts';
import { AMENDING, ARGUING, type StrategyCode } from './strategies.ts';
import { groundAnswer } from './ground-answers.ts';
import type { Ground } from './types.ts';

export type AnswerHow =
  | 'cancelled'
  | 'previously_cancelled'
  | 'amended'
  | 'through_amended_base'
  | 'argued'
  | 'terminal_disclaimer'
  | 'abeyance'
  | 'election'
  | 'information'
  | 'replied';

export interface GroundAnswer {
  claims: number[];
  how: AnswerHow;
  /** through_amended_base: the amended base claim. */
  base?: number;
  /** Draft mode only: the paper's generated answer, with bracketed places the practitioner must fill. */
  prompted?: true;
}

export interface GroundStatus {
  ground_id: string;
  kind: Ground['kind'];
  title: string;
  answered: boolean;
  answered_by: GroundAnswer[];
  unanswered: { claims: number[]; reason: string }[];
  has_argument: boolean;
  /** Set by the paper (documents/response-outline.ts): the remarks section answering this ground. */
  section?: string;
}

export interface ClaimStatus {
  claim_number: number;
  strategy: StrategyCode;
  carried_out: boolean;
  /** What carries the strategy out (`amended`, `argued`, `cancelled`, `through_amended_base`, ...). */
  how: string | null;
  problems: string[];
}

export interface MissingItem {
  code:
    | 'ground_unanswered'
    | 'amended_text_missing'
    | 'original_text_missing'
    | 'amendment_unchanged'
    | 'argument_missing'
    | 'strategy_not_applicable'
    | 'depends_on_cancelled'
    | 'election_missing'
    | 'traverse_reasons_missing'
    | 'outside_elected_group'
    | 'information_missing';
  ground_id?: string;
  claim?: number;
  message: string;
}

export interface CompletenessReport {
  complete: boolean;
  /** Who supplies the answers: see CompletenessOptions. */
  answers: AnswerSource;
  grounds_total: number;
  grounds_answered: number;
  missing: MissingItem[];
  warnings: string[];
  grounds: GroundStatus[];
  claims: ClaimStatus[];
}

const ART: ReadonlySet<string> = new Set(['102', '103', 'DP']);

const isArtGround = (g: Ground) => g.kind === 'rejection' && ART.has(g.basis ?? '');

/**
 * Who writes the answers the reply needs (one rule set, two sources; docs/decisions.md "One
 * completeness"):
 * - `practitioner` (response plans): only the practitioner's own text answers where a person must
 *   write (an argument, an amended claim, a reply to an objection, traverse reasons, the 1.105
 *   information); a generated skeleton never counts.
 * - `draft` (REST #4, whose body has no field for such text): the paper's generated answer counts,
 *   flagged `prompted`; its bracketed places are counted and listed on the paper's first page.
 * Everything else (no strategy, a strategy that does not answer the ground, no election, a choice
 * outside the elected group) is missing in both.
 */
export type AnswerSource = 'practitioner' | 'draft';

export interface CompletenessOptions {
  answers?: AnswerSource;
}

interface Ctx {
  draft: boolean;
  view: PlanView;
  byNumber: Map<number, ClaimView>;
  grounds: Map<string, Ground>;
  hasArgument: (gid: string) => boolean;
}

/** The amending claim carries its amendment: amended text and the text it is marked against, different from each other. */
function amendedWithText(c: ClaimView): boolean {
  return AMENDING.has(c.strategy) && c.amended_text !== null && c.original_text !== null && c.markup !== null && !c.markup.unchanged;
}

/** The claim is amended by this reply: with its text, or (draft mode) by the paper's prompted amendment. */
function amended(c: ClaimView, ctx: Ctx): boolean {
  return amendedWithText(c) || (ctx.draft && AMENDING.has(c.strategy) && !c.markup?.unchanged);
}

/** amend_narrow without text on a claim whose grounds are art grounds, whose base claim this reply amends. */
function amendedBase(c: ClaimView, ctx: Ctx): number | null {
  if (c.strategy !== 'amend_narrow' || amendedWithText(c)) return null;
  const own = c.grounds.map((id) => ctx.grounds.get(id)!).filter((g) => g.kind === 'rejection' || g.kind === 'claim_objection');
  if (!own.every(isArtGround)) return null;
  const seen = new Set<number>([c.claim_number]);
  let p = c.depends_on;
  while (p !== null && !seen.has(p)) {
    seen.add(p);
    const base = ctx.byNumber.get(p);
    if (!base) return null;
    if (amended(base, ctx)) return p;
    p = base.depends_on;
  }
  return null;
}

function claimStatus(c: ClaimView, ctx: Ctx, missing: MissingItem[]): ClaimStatus {
  const n = c.claim_number;
  const out: ClaimStatus = { claim_number: n, strategy: c.strategy, carried_out: true, how: null, problems: [] };
  const fail = (code: MissingItem['code'], message: string, ground_id?: string) => {
    out.carried_out = false;
    out.problems.push(message);
    missing.push({ code, claim: n, message, ...(ground_id ? { ground_id } : {}) });
  };
  const previouslyCancelled = c.status === 'cancelled';
  const own = c.grounds.map((id) => ctx.grounds.get(id)!).filter((g) => g.kind === 'rejection' || g.kind === 'claim_objection');
  if (previouslyCancelled) {
    if (c.strategy === 'cancel' || c.strategy === 'no_action') {
      out.how = 'previously_cancelled';
      return out;
    }
    fail('strategy_not_applicable', `Claim ${n} is already cancelled; its strategy ${c.strategy} cannot be carried out (choose no_action).`);
    return out;
  }
  switch (c.strategy) {
    case 'cancel':
      out.how = 'cancelled';
      break;
    case 'amend_narrow':
    case 'amend_clarify':
    case 'rewrite_independent': {
      const base = amendedBase(c, ctx);
      if (base !== null) {
        out.how = 'through_amended_base';
        break;
      }
      if (ctx.draft && c.amended_text === null) {
        out.how = 'amended';
        break;
      }
      if (c.amended_text === null) fail('amended_text_missing', `Claim ${n} (${c.strategy}): the amended text is not given (PUT .../claims/${n}/text with "text").`);
      if (c.original_text === null) fail('original_text_missing', `Claim ${n} (${c.strategy}): the claim as it now stands is not given, so the 37 CFR 1.121(c) markup cannot be made (send "original_text").`);
      if (c.markup?.unchanged) fail('amendment_unchanged', `Claim ${n} (${c.strategy}): the amended text is the same as the claim as it stands.`);
      if (out.carried_out) out.how = 'amended';
      break;
    }
    case 'argue_distinction':
    case 'argue_unexpected_results': {
      // Rejections need the argument; an objection is answered at the ground (abeyance, reply).
      const unargued = ctx.draft ? [] : own.filter((g) => g.kind === 'rejection' && !ctx.hasArgument(g.id));
      for (const g of unargued) fail('argument_missing', `Claim ${n} (${c.strategy}): no argument on ground ${g.id} (${g.title}).`, g.id);
      if (c.strategy === 'argue_unexpected_results') {
        for (const g of own.filter((x) => x.kind === 'rejection' && x.basis !== '103')) {
          out.problems.push(`Unexpected results rebut obviousness only (MPEP 716.02); ground ${g.id} is under ${g.statute}.`);
        }
      }
      if (out.carried_out) out.how = own.length ? 'argued' : 'nothing_to_argue';
      break;
    }
    case 'terminal_disclaimer':
      if (!own.some((g) => g.kind === 'rejection' && g.basis === 'DP')) {
        fail('strategy_not_applicable', `Claim ${n}: a terminal disclaimer overcomes only double patenting (MPEP 804.02), and claim ${n} has no double-patenting ground.`);
      } else out.how = 'terminal_disclaimer';
      break;
    case 'elect': {
      const e = ctx.view.election;
      if (!e) {
        // The restriction ground reports the missing election once; the claim only notes it.
        if (ctx.view.grounds.some((g) => g.kind === 'restriction')) {
          out.carried_out = false;
          out.problems.push('no election has been made');
        } else fail('election_missing', `Claim ${n} (elect): no election has been made (PUT .../election).`);
      }
      else if (e.verified && !e.elected_claims.includes(n)) {
        fail('outside_elected_group', `Claim ${n} has strategy elect but is not in the elected ${e.group ? `Group ${e.group}` : 'invention'}${e.species ? ` / species ${e.species}` : ''}; set it to no_action (withdrawn) or cancel.`);
      } else out.how = 'election';
      break;
    }
    case 'provide_information': {
      const info = ctx.view.grounds.find((g) => g.kind === 'information_requirement');
      if (info && !ctx.hasArgument(info.id) && !ctx.draft) fail('information_missing', `Claim ${n} (provide_information): the information is not given (the argument on ground ${info.id}).`, info.id);
      else out.how = 'information';
      break;
    }
    case 'no_action':
      out.how = c.strategy_source === 'election' ? 'withdrawn' : 'no_action';
      break;
  }
  return out;
}

/** How the reply answers ground `g` for claim `c`, or why it does not. */
function answerFor(g: Ground, c: ClaimView | undefined, ctx: Ctx): GroundAnswer | { reason: string } {
  if (!c) return { reason: 'not in the plan' };
  if (c.status === 'cancelled') return { claims: [c.claim_number], how: 'previously_cancelled' };
  if (c.strategy === 'cancel') return { claims: [c.claim_number], how: 'cancelled' };
  // Each ground gets its own answer, consistent with the claim's strategy (ground-answers.ts):
  // double patenting is disclaimed when the claim is amended or disclaimed; a disclaimed claim's
  // other grounds are argued.
  const answer = g.kind === 'rejection' ? groundAnswer(c.strategy, g, c.ground_strategies[g.id]) : c.strategy;
  if (answer === 'terminal_disclaimer' && g.kind === 'rejection') return { claims: [c.claim_number], how: 'terminal_disclaimer' };
  if (amendedWithText(c)) return { claims: [c.claim_number], how: 'amended' };
  const argued = ctx.hasArgument(g.id);
  const prompted = { claims: [c.claim_number], prompted: true as const };
  if (g.kind === 'rejection' && answer && ARGUING.has(answer) && !ARGUING.has(c.strategy)) {
    if (argued) return { claims: [c.claim_number], how: 'argued' };
    if (ctx.draft) return { ...prompted, how: 'argued' };
    return { reason: `${answer}, but there is no argument on this ground` };
  }
  if (g.kind === 'rejection') {
    const base = amendedBase(c, ctx);
    if (base !== null && isArtGround(g)) return { claims: [c.claim_number], how: 'through_amended_base', base };
    if (amended(c, ctx)) return { ...prompted, how: 'amended' };
    if (ARGUING.has(c.strategy) && argued) return { claims: [c.claim_number], how: 'argued' };
    if (ARGUING.has(c.strategy) && ctx.draft && (c.strategy === 'argue_distinction' || g.basis === '103')) return { ...prompted, how: 'argued' };
    if (c.strategy === 'terminal_disclaimer' && g.basis === 'DP') return { claims: [c.claim_number], how: 'terminal_disclaimer' };
    return { reason: reasonFor(g, c, argued) };
  }
  // Claim objections: a reply, an amendment, or (the claim kept as it is) the request the paper
  // makes that the objection, one as to form, be held in abeyance (37 CFR 1.111(b)).
  if (argued) return { claims: [c.claim_number], how: 'replied' };
  if (amended(c, ctx)) return { ...prompted, how: 'amended' };
  if (!AMENDING.has(c.strategy)) return { claims: [c.claim_number], how: 'abeyance' };
  return { reason: AMENDING.has(c.strategy) ? `${c.strategy}, but the amended text or the claim as it stands is missing` : `${c.strategy}: the claim is neither amended nor cancelled, and the objection has no reply` };
}

function reasonFor(g: Ground, c: ClaimView, argued: boolean): string {
  switch (c.strategy) {
    case 'amend_narrow':
    case 'amend_clarify':
    case 'rewrite_independent':
      return `${c.strategy}, but the amended text or the claim as it stands is missing`;
    case 'argue_distinction':
    case 'argue_unexpected_results':
      return `${c.strategy}, but there is no argument on this ground`;
    case 'terminal_disclaimer':
      return `terminal_disclaimer, which does not answer ${g.statute}`;
    case 'no_action':
      return `no_action: no strategy answers this ground${argued ? ' (the argument on a ground carries only argue_* claims)' : ''}`;
    default:
      return `${c.strategy}, which does not answer ${g.statute}`;
  }
}

function groundStatus(g: Ground, ctx: Ctx, missing: MissingItem[]): GroundStatus {
  const out: GroundStatus = { ground_id: g.id, kind: g.kind, title: g.title, answered: true, answered_by: [], unanswered: [], has_argument: ctx.hasArgument(g.id) };
  const unanswered = (claims: number[], reason: string) => {
    out.answered = false;
    out.unanswered.push({ claims, reason });
  };
  switch (g.kind) {
    case 'rejection':
    case 'claim_objection': {
      const reasons = new Map<string, number[]>();
      for (const n of g.claims) {
        const a = answerFor(g, ctx.byNumber.get(n), ctx);
        if ('reason' in a) reasons.set(a.reason, [...(reasons.get(a.reason) ?? []), n]);
        else {
          const same = out.answered_by.find((x) => x.how === a.how && x.base === a.base && x.prompted === a.prompted);
          if (same) same.claims.push(n);
          else out.answered_by.push(a);
        }
      }
      for (const [reason, claims] of reasons) unanswered(claims, reason);
      break;
    }
    case 'document_objection':
      if (out.has_argument) out.answered_by.push({ claims: [], how: 'replied' });
      else if (ctx.draft) out.answered_by.push({ claims: [], how: 'replied', prompted: true });
      else unanswered([], `no reply to the objection to ${g.target ?? 'the papers'} (write it as the argument on ${g.id}: e.g. a replacement paragraph, abstract or drawing sheet, or why the objection is wrong)`);
      break;
    case 'information_requirement':
      if (out.has_argument) out.answered_by.push({ claims: [], how: 'information' });
      else if (ctx.draft) out.answered_by.push({ claims: [], how: 'information', prompted: true });
      else unanswered([], `the information required under 37 CFR 1.105 is not given (the argument on ${g.id})`);
      break;
    case 'restriction': {
      const e = ctx.view.election;
      if (!e) {
        unanswered(g.claims, 'no election has been made');
        missing.push({ code: 'election_missing', ground_id: g.id, message: `Restriction requirement: elect a group${speciesDefined(ctx) ? ' and a species' : ''}, with or without traverse (a response plan's PUT .../election; REST #4's "election").` });
        return out;
      }
      if (speciesDefined(ctx) && !e.species) {
        unanswered(g.claims, 'an election of species is required');
        missing.push({ code: 'election_missing', ground_id: g.id, message: 'Restriction requirement: the requirement defines species; elect one (field "species").' });
      }
      if (e.traverse && !out.has_argument && !ctx.draft) {
        unanswered([], 'a traverse must state the reasons (37 CFR 1.143)');
        missing.push({ code: 'traverse_reasons_missing', ground_id: g.id, message: `Restriction requirement: the election is with traverse, but the reasons are not given (the argument on ${g.id}); without them the election is treated as without traverse (37 CFR 1.143).` });
      }
      if (out.answered) out.answered_by.push({ claims: e.elected_claims, how: 'election' });
      return out;
    }
  }
  if (!out.answered) {
    const detail = out.unanswered.map((u) => (u.claims.length ? `${u.claims.length === 1 ? 'claim' : 'claims'} ${formatClaimList(u.claims)}: ${u.reason}` : u.reason)).join('; ');
    missing.push({ code: 'ground_unanswered', ground_id: g.id, message: `${g.id} (${g.title}) is not answered: ${detail}.` });
  }
  return out;
}

function speciesDefined(ctx: Ctx): boolean {
  return ctx.view.restriction_groups.some((g) => g.kind === 'species');
}

export function completenessOf(view: PlanView, options: CompletenessOptions = {}): CompletenessReport {
  const answers: AnswerSource = options.answers ?? 'practitioner';
  const ctx: Ctx = {
    draft: answers === 'draft',
    view,
    byNumber: new Map(view.claims.map((c) => [c.claim_number, c])),
    grounds: new Map(view.grounds.map((g) => [g.id, g])),
    hasArgument: (gid) => Boolean(view.arguments[gid]?.text.trim()),
  };
  const missing: MissingItem[] = [];
  const grounds = view.grounds.map((g) => groundStatus(g, ctx, missing));
  const claims = view.claims.map((c) => claimStatus(c, ctx, missing));

  // Claims left depending on a claim this reply cancels (issue 11, finding 4).
  // (Draft mode: the paper re-points such a claim or rewrites it in independent form itself.)
  for (const c of ctx.draft ? [] : view.claims) {
    if (c.status === 'cancelled' || c.strategy === 'cancel') continue;
    const p = c.depends_on_after;
    const parent = p === null ? undefined : ctx.byNumber.get(p);
    if (!parent || parent.status === 'cancelled' || parent.strategy !== 'cancel') continue;
    const message = `Claim ${c.claim_number} depends from claim ${p}, which this reply cancels: amend claim ${c.claim_number} to depend from a pending claim (or rewrite it in independent form), or cancel it.`;
    missing.push({ code: 'depends_on_cancelled', claim: c.claim_number, message });
    const status = claims.find((x) => x.claim_number === c.claim_number)!;
    status.carried_out = false;
    status.problems.push(message);
  }

  const warnings: string[] = [];
  for (const s of claims) for (const p of s.problems) if (p.startsWith('Unexpected results')) warnings.push(`Claim ${s.claim_number}: ${p}`);
  for (const c of view.claims) {
    if (c.amended_text !== null && !AMENDING.has(c.strategy) && c.strategy !== 'cancel') {
      warnings.push(`Claim ${c.claim_number}: amended text is stored but its strategy (${c.strategy}) does not amend it, so the text is not used.`);
    }
    if (c.strategy === 'elect' && view.kind !== 'restriction' && !view.election) warnings.push(`Claim ${c.claim_number}: strategy elect, but the action makes no restriction requirement.`);
  }
  if (changesClaims(view)) {
    const noText = view.claims.filter((c) => c.status !== 'cancelled' && c.strategy !== 'cancel' && c.original_text === null && !amendedWithText(c)).map((c) => c.claim_number);
    if (noText.length) warnings.push(`The claim listing (37 CFR 1.121(c)) needs every pending claim's text; ${noText.length === 1 ? 'claim' : 'claims'} ${formatClaimList(noText)} ${noText.length === 1 ? 'has' : 'have'} none ("original_text"), so the listing will hold a placeholder for ${noText.length === 1 ? 'it' : 'each'}.`);
  }
  if (view.election && !view.election.verified) warnings.push('The analysis found no restriction groups to check the election against; the elected claims must be named in the paper by hand.');
  return { complete: missing.length === 0, answers, grounds_total: grounds.length, grounds_answered: grounds.filter((g) => g.answered).length, missing, warnings, grounds, claims };
}

/** The reply amends or cancels at least one claim, so the paper carries a claim listing. */
export function changesClaims(view: PlanView): boolean {
  return view.claims.some((c) => c.status !== 'cancelled' && (c.strategy === 'cancel' || (AMENDING.has(c.strategy) && c.amended_text !== null)));
}
