/**
 * The completeness report (issue 11, "Make completeness enforceable"; 37 CFR 1.111(b): the reply
 * "must reply to every ground of objection and rejection"): for each ground, answered or not and
 * by what; for each claim, whether its strategy is carried out. What is missing blocks submission
 * unless the caller accepts an incomplete draft; warnings do not.
 *
 * The rules (docs/decisions/response-plans.md "Response plans"):
 * - cancel is complete; a claim the action already shows cancelled needs nothing;
 * - amend_narrow, amend_clarify, rewrite_independent need the amended text AND the claim as it now
 *   stands (the listing marks one against the other, 37 CFR 1.121(c)(2)); an amend_narrow claim
 *   whose grounds are all art grounds (102, 103, double patenting) and whose base claim is amended
 *   here is carried out through that base claim, as the document drafts it;
 * - argue_distinction and argue_unexpected_results need the practitioner's argument on each of the
 *   claim's grounds: a generated skeleton is bracketed prompts, not an answer, so it never counts;
 * - terminal_disclaimer answers double patenting only;
 * - each ground of rejection has its own answer (ground-answers.ts): double patenting beside an
 *   amendment is disclaimed, a clarifying amendment's art grounds are argued, an answer chosen for
 *   one ground is taken; a ground argued needs its argument even when the claim is amended;
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
import { groundPhrase, sentence, STRATEGY_NAMES, STRATEGY_PLANS, targetPhrase } from './words.ts';

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
  /** `reason` names strategies by code (the API's). */
  unanswered: { claims: number[]; reason: string }[];
  /** What leaves the ground unanswered, for a person (no codes, ids or API paths); null when answered. */
  unanswered_plain: string | null;
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
  /** The same problems for a person: no codes, ids or API paths (words.ts). */
  problems_plain: string[];
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
  /** For an API caller: names the call or field that completes the plan. */
  message: string;
  /** For a person: the same without codes, ground ids, field names or API paths. */
  plain: string;
}

export interface CompletenessReport {
  complete: boolean;
  /** Who supplies the answers: see CompletenessOptions. */
  answers: AnswerSource;
  grounds_total: number;
  grounds_answered: number;
  missing: MissingItem[];
  warnings: string[];
  /** The warnings for a person, in the same order. */
  warnings_plain: string[];
  grounds: GroundStatus[];
  claims: ClaimStatus[];
}

const ART: ReadonlySet<string> = new Set(['102', '103', 'DP']);

const isArtGround = (g: Ground) => g.kind === 'rejection' && ART.has(g.basis ?? '');

/**
 * Who writes the answers the reply needs (one rule set, two sources; docs/decisions/response-plans.md
 * "One ground list, one completeness"):
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
  const out: ClaimStatus = { claim_number: n, strategy: c.strategy, carried_out: true, how: null, problems: [], problems_plain: [] };
  const fail = (code: MissingItem['code'], message: string, plain: string, ground_id?: string) => {
    out.carried_out = false;
    out.problems.push(message);
    out.problems_plain.push(plain);
    missing.push({ code, claim: n, message, plain, ...(ground_id ? { ground_id } : {}) });
  };
  const plan = STRATEGY_PLANS[c.strategy];
  const previouslyCancelled = c.status === 'cancelled';
  const own = c.grounds.map((id) => ctx.grounds.get(id)!).filter((g) => g.kind === 'rejection' || g.kind === 'claim_objection');
  if (previouslyCancelled) {
    if (c.strategy === 'cancel' || c.strategy === 'no_action') {
      out.how = 'previously_cancelled';
      return out;
    }
    fail(
      'strategy_not_applicable',
      `Claim ${n} is already cancelled; its strategy ${c.strategy} cannot be carried out (choose no_action).`,
      `Claim ${n} is already cancelled, so it cannot be ${plan}: leave it as it is.`,
    );
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
      if (c.amended_text === null)
        fail(
          'amended_text_missing',
          `Claim ${n} (${c.strategy}): the amended text is not given (PUT .../claims/${n}/text with "text").`,
          `Claim ${n} is to be ${plan}, but its amended text is not written yet.`,
        );
      if (c.original_text === null)
        fail(
          'original_text_missing',
          `Claim ${n} (${c.strategy}): the claim as it now stands is not given, so the 37 CFR 1.121(c) markup cannot be made (send "original_text").`,
          `Claim ${n} as it stands now is not given, so the amendment cannot be marked up against it (37 CFR 1.121(c)).`,
        );
      if (c.markup?.unchanged)
        fail(
          'amendment_unchanged',
          `Claim ${n} (${c.strategy}): the amended text is the same as the claim as it stands.`,
          `Claim ${n}'s amended text is the same as the claim as it stands: change it, or choose another strategy.`,
        );
      if (out.carried_out) out.how = 'amended';
      break;
    }
    case 'argue_distinction':
    case 'argue_unexpected_results': {
      // Rejections need the argument; an objection is answered at the ground (abeyance, reply).
      // Only the grounds the claim argues: one answered by a terminal disclaimer chosen for it is not.
      const argues = (g: Ground) => {
        const a = c.ground_answers.find((x) => x.ground_id === g.id)?.answer;
        return !a || ARGUING.has(a);
      };
      const unargued = ctx.draft ? [] : own.filter((g) => g.kind === 'rejection' && argues(g) && !ctx.hasArgument(g.id));
      for (const g of unargued)
        fail(
          'argument_missing',
          `Claim ${n} (${c.strategy}): no argument on ground ${g.id} (${g.title}).`,
          `Claim ${n} is to be ${plan}, but there is no argument yet on ${groundPhrase(g)}.`,
          g.id,
        );
      if (c.strategy === 'argue_unexpected_results') {
        for (const g of own.filter((x) => x.kind === 'rejection' && x.basis !== '103')) {
          out.problems.push(`Unexpected results rebut obviousness only (MPEP 716.02); ground ${g.id} is under ${g.statute}.`);
          out.problems_plain.push(`Unexpected results rebut obviousness only (MPEP 716.02); ${groundPhrase(g)} is not for obviousness.`);
        }
      }
      if (out.carried_out) out.how = own.length ? 'argued' : 'nothing_to_argue';
      break;
    }
    case 'terminal_disclaimer':
      if (!own.some((g) => g.kind === 'rejection' && g.basis === 'DP')) {
        const message = `Claim ${n}: a terminal disclaimer overcomes only double patenting (MPEP 804.02), and claim ${n} has no double-patenting ground.`;
        fail(
          'strategy_not_applicable',
          message,
          `Claim ${n}: a terminal disclaimer overcomes only double patenting (MPEP 804.02), and claim ${n} is not rejected for double patenting.`,
        );
      } else out.how = 'terminal_disclaimer';
      break;
    case 'elect': {
      const e = ctx.view.election;
      if (!e) {
        // The restriction ground reports the missing election once; the claim only notes it.
        if (ctx.view.grounds.some((g) => g.kind === 'restriction')) {
          out.carried_out = false;
          out.problems.push('no election has been made');
          out.problems_plain.push('No election has been made yet.');
        } else
          fail(
            'election_missing',
            `Claim ${n} (elect): no election has been made (PUT .../election).`,
            `Claim ${n} is marked as elected, but no election has been made.`,
          );
      } else if (e.verified && !e.elected_claims.includes(n)) {
        const elected = `${e.group ? `Group ${e.group}` : 'invention'}${e.species ? ` / species ${e.species}` : ''}`;
        fail(
          'outside_elected_group',
          `Claim ${n} has strategy elect but is not in the elected ${elected}; set it to no_action (withdrawn) or cancel.`,
          `Claim ${n} is marked as elected but is not in the elected ${elected}: leave it as it is (it is then withdrawn) or cancel it.`,
        );
      } else out.how = 'election';
      break;
    }
    case 'provide_information': {
      const info = ctx.view.grounds.find((g) => g.kind === 'information_requirement');
      if (info && !ctx.hasArgument(info.id) && !ctx.draft)
        fail(
          'information_missing',
          `Claim ${n} (provide_information): the information is not given (the argument on ground ${info.id}).`,
          `Claim ${n} is to be ${plan}, but the information required under 37 CFR 1.105 is not written yet.`,
          info.id,
        );
      else out.how = 'information';
      break;
    }
    case 'no_action':
      out.how = c.strategy_source === 'election' ? 'withdrawn' : 'no_action';
      break;
  }
  return out;
}

/** Why a claim leaves a ground unanswered: for the API (`reason`, naming the strategy's code) and for a person (`plain`). */
interface Unanswered {
  reason: string;
  plain: string;
}

/** How the reply answers ground `g` for claim `c`, or why it does not. */
function answerFor(g: Ground, c: ClaimView | undefined, ctx: Ctx): GroundAnswer | Unanswered {
  if (!c) return { reason: 'not in the plan', plain: 'not in the plan' };
  if (c.status === 'cancelled') return { claims: [c.claim_number], how: 'previously_cancelled' };
  if (c.strategy === 'cancel') return { claims: [c.claim_number], how: 'cancelled' };
  // Each ground gets its own answer, consistent with the claim's strategy (ground-answers.ts):
  // double patenting is disclaimed when the claim is amended or disclaimed; a disclaimed claim's
  // other grounds are argued.
  const answer = g.kind === 'rejection' ? groundAnswer(c.strategy, g, c.ground_strategies[g.id]) : c.strategy;
  if (answer === 'terminal_disclaimer' && g.kind === 'rejection') return { claims: [c.claim_number], how: 'terminal_disclaimer' };
  const argued = ctx.hasArgument(g.id);
  const prompted = { claims: [c.claim_number], prompted: true as const };
  // A ground argued although the claim is amended (a clarifying amendment facing the art, or an
  // answer chosen for this ground) needs its argument: the amendment does not answer it.
  if (g.kind === 'rejection' && answer && ARGUING.has(answer) && !ARGUING.has(c.strategy)) {
    if (argued) return { claims: [c.claim_number], how: 'argued' };
    if (ctx.draft) return { ...prompted, how: 'argued' };
    return { reason: `${answer}, but there is no argument on this ground`, plain: `${nameOf(answer)}, but there is no argument on this ground yet` };
  }
  if (amendedWithText(c)) return { claims: [c.claim_number], how: 'amended' };
  if (g.kind === 'rejection') {
    const base = amendedBase(c, ctx);
    if (base !== null && isArtGround(g)) return { claims: [c.claim_number], how: 'through_amended_base', base };
    if (amended(c, ctx)) return { ...prompted, how: 'amended' };
    if (ARGUING.has(c.strategy) && argued) return { claims: [c.claim_number], how: 'argued' };
    if (ARGUING.has(c.strategy) && ctx.draft && (c.strategy === 'argue_distinction' || g.basis === '103')) return { ...prompted, how: 'argued' };
    if (c.strategy === 'terminal_disclaimer' && g.basis === 'DP') return { claims: [c.claim_number], how: 'terminal_disclaimer' };
    return reasonFor(g, c, argued);
  }
  // Claim objections: a reply, an amendment, or (the claim kept as it is) the request the paper
  // makes that the objection be held in abeyance (37 CFR 1.111(b)). A plan asks for abeyance only
  // for an objection to a claim as dependent on a rejected base claim: other objections to claims
  // need the correction, a cancellation or the practitioner's reply (the rules above). A draft
  // without the practitioner's text (REST #4) still asks for abeyance, with a drafting note.
  if (argued) return { claims: [c.claim_number], how: 'replied' };
  if (amended(c, ctx)) return { ...prompted, how: 'amended' };
  if (!AMENDING.has(c.strategy) && (ctx.draft || g.objection_type === 'dependent_on_rejected_base')) return { claims: [c.claim_number], how: 'abeyance' };
  const name = nameOf(c.strategy);
  return AMENDING.has(c.strategy)
    ? {
        reason: `${c.strategy}, but the amended text or the claim as it stands is missing`,
        plain: `${name}, but the amended text or the claim as it stands is missing`,
      }
    : {
        reason: `${c.strategy}: the claim is neither amended nor cancelled, and the objection has no reply`,
        plain: `neither amended nor cancelled (the strategy is “${STRATEGY_NAMES[c.strategy]}”), and the objection has no reply yet: write one, or amend or cancel the claim`,
      };
}

/** A strategy inside a sentence: "amend to narrow". */
const nameOf = (code: StrategyCode) => STRATEGY_NAMES[code].toLowerCase();

function reasonFor(g: Ground, c: ClaimView, argued: boolean): Unanswered {
  const name = nameOf(c.strategy);
  switch (c.strategy) {
    case 'amend_narrow':
    case 'amend_clarify':
    case 'rewrite_independent':
      return {
        reason: `${c.strategy}, but the amended text or the claim as it stands is missing`,
        plain: `${name}, but the amended text or the claim as it stands is missing`,
      };
    case 'argue_distinction':
    case 'argue_unexpected_results':
      return { reason: `${c.strategy}, but there is no argument on this ground`, plain: `${name}, but there is no argument on this ground yet` };
    case 'terminal_disclaimer':
      return { reason: `terminal_disclaimer, which does not answer ${g.statute}`, plain: `${name}, which does not answer a rejection under ${g.statute}` };
    case 'no_action':
      return {
        reason: `no_action: no strategy answers this ground${argued ? ' (the argument on a ground carries only argue_* claims)' : ''}`,
        plain: `${name}, so nothing answers this ground${argued ? ' (the argument written here answers it only for claims to be argued)' : ''}`,
      };
    default:
      return { reason: `${c.strategy}, which does not answer ${g.statute}`, plain: `${name}, which does not answer a rejection under ${g.statute}` };
  }
}

/** "claim 1: amend to narrow, but ...; claims 3-6: ...": the unanswered parts of a ground for a person. */
function plainDetail(parts: readonly { claims: number[]; plain: string }[]): string {
  return parts.map((u) => (u.claims.length ? `${u.claims.length === 1 ? 'claim' : 'claims'} ${formatClaimList(u.claims)}: ${u.plain}` : u.plain)).join('; ');
}

function groundStatus(g: Ground, ctx: Ctx, missing: MissingItem[]): GroundStatus {
  const out: GroundStatus = {
    ground_id: g.id,
    kind: g.kind,
    title: g.title,
    answered: true,
    answered_by: [],
    unanswered: [],
    unanswered_plain: null,
    has_argument: ctx.hasArgument(g.id),
  };
  const plainParts: { claims: number[]; plain: string }[] = [];
  const unanswered = (claims: number[], reason: string, plain: string) => {
    out.answered = false;
    out.unanswered.push({ claims, reason });
    plainParts.push({ claims, plain });
  };
  const what = groundPhrase(g);
  switch (g.kind) {
    case 'rejection':
    case 'claim_objection': {
      const reasons = new Map<string, { plain: string; claims: number[] }>();
      for (const n of g.claims) {
        const a = answerFor(g, ctx.byNumber.get(n), ctx);
        if ('reason' in a) {
          const r = reasons.get(a.reason) ?? { plain: a.plain, claims: [] };
          r.claims.push(n);
          reasons.set(a.reason, r);
        } else {
          const same = out.answered_by.find((x) => x.how === a.how && x.base === a.base && x.prompted === a.prompted);
          if (same) same.claims.push(n);
          else out.answered_by.push(a);
        }
      }
      for (const [reason, r] of reasons) unanswered(r.claims, reason, r.plain);
      break;
    }
    case 'document_objection':
      if (out.has_argument) out.answered_by.push({ claims: [], how: 'replied' });
      else if (ctx.draft) out.answered_by.push({ claims: [], how: 'replied', prompted: true });
      else
        unanswered(
          [],
          `no reply to the objection to ${g.target ?? 'the papers'} (write it as the argument on ${g.id}: e.g. a replacement paragraph, abstract or drawing sheet, or why the objection is wrong)`,
          `there is no reply yet to the objection to ${targetPhrase(g.target)}: write it (a replacement paragraph, abstract or drawing sheet, or why the objection is wrong)`,
        );
      break;
    case 'information_requirement':
      if (out.has_argument) out.answered_by.push({ claims: [], how: 'information' });
      else if (ctx.draft) out.answered_by.push({ claims: [], how: 'information', prompted: true });
      else
        unanswered(
          [],
          `the information required under 37 CFR 1.105 is not given (the argument on ${g.id})`,
          'the information required under 37 CFR 1.105 is not written yet',
        );
      break;
    case 'restriction': {
      const e = ctx.view.election;
      const species = speciesDefined(ctx);
      if (!e) {
        unanswered(g.claims, 'no election has been made', 'no election has been made yet');
        missing.push({
          code: 'election_missing',
          ground_id: g.id,
          message: `Restriction requirement: elect a group${species ? ' and a species' : ''}, with or without traverse (a response plan's PUT .../election; REST #4's "election").`,
          plain: `Restriction requirement: elect a group${species ? ' and a species' : ''}, with or without traverse.`,
        });
        out.unanswered_plain = sentence(plainDetail(plainParts));
        return out;
      }
      if (species && !e.species) {
        unanswered(g.claims, 'an election of species is required', 'an election of species is required');
        missing.push({
          code: 'election_missing',
          ground_id: g.id,
          message: 'Restriction requirement: the requirement defines species; elect one (field "species").',
          plain: 'Restriction requirement: the requirement defines species; elect one.',
        });
      }
      if (e.traverse && !out.has_argument && !ctx.draft) {
        unanswered([], 'a traverse must state the reasons (37 CFR 1.143)', 'an election with traverse must state the reasons (37 CFR 1.143)');
        missing.push({
          code: 'traverse_reasons_missing',
          ground_id: g.id,
          message: `Restriction requirement: the election is with traverse, but the reasons are not given (the argument on ${g.id}); without them the election is treated as without traverse (37 CFR 1.143).`,
          plain:
            'Restriction requirement: the election is with traverse, but the reasons are not written yet; without them the election is treated as without traverse (37 CFR 1.143).',
        });
      }
      if (out.answered) out.answered_by.push({ claims: e.elected_claims, how: 'election' });
      else out.unanswered_plain = sentence(plainDetail(plainParts));
      return out;
    }
  }
  if (!out.answered) {
    const detail = out.unanswered
      .map((u) => (u.claims.length ? `${u.claims.length === 1 ? 'claim' : 'claims'} ${formatClaimList(u.claims)}: ${u.reason}` : u.reason))
      .join('; ');
    out.unanswered_plain = sentence(plainDetail(plainParts));
    missing.push({
      code: 'ground_unanswered',
      ground_id: g.id,
      message: `${g.id} (${g.title}) is not answered: ${detail}.`,
      plain: `${sentence(what)} is not answered: ${plainDetail(plainParts)}.`,
    });
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
    missing.push({ code: 'depends_on_cancelled', claim: c.claim_number, message, plain: message });
    const status = claims.find((x) => x.claim_number === c.claim_number)!;
    status.carried_out = false;
    status.problems.push(message);
    status.problems_plain.push(message);
  }

  const warnings: string[] = [];
  const warningsPlain: string[] = [];
  const warn = (message: string, plain: string = message) => {
    warnings.push(message);
    warningsPlain.push(plain);
  };
  for (const s of claims) {
    s.problems.forEach((p, i) => {
      if (p.startsWith('Unexpected results')) warn(`Claim ${s.claim_number}: ${p}`, `Claim ${s.claim_number}: ${s.problems_plain[i] ?? p}`);
    });
  }
  for (const c of view.claims) {
    if (c.amended_text !== null && !AMENDING.has(c.strategy) && c.strategy !== 'cancel') {
      warn(
        `Claim ${c.claim_number}: amended text is stored but its strategy (${c.strategy}) does not amend it, so the text is not used.`,
        `Claim ${c.claim_number} has amended text, but its strategy (${nameOf(c.strategy)}) does not amend it, so the text is not used.`,
      );
    }
    if (c.strategy === 'elect' && view.kind !== 'restriction' && !view.election)
      warn(
        `Claim ${c.claim_number}: strategy elect, but the action makes no restriction requirement.`,
        `Claim ${c.claim_number} is marked as elected, but the action makes no restriction requirement.`,
      );
  }
  if (changesClaims(view)) {
    const noText = view.claims
      .filter((c) => c.status !== 'cancelled' && c.strategy !== 'cancel' && c.original_text === null && !amendedWithText(c))
      .map((c) => c.claim_number);
    if (noText.length) {
      const one = noText.length === 1;
      warn(
        `The claim listing (37 CFR 1.121(c)) needs every pending claim's text; ${one ? 'claim' : 'claims'} ${formatClaimList(noText)} ${one ? 'has' : 'have'} none ("original_text"), so the listing will hold a placeholder for ${one ? 'it' : 'each'}.`,
        `The claim listing (37 CFR 1.121(c)) needs every pending claim's text; ${one ? 'claim' : 'claims'} ${formatClaimList(noText)} ${one ? 'has' : 'have'} none, so the listing will hold a place to fill for ${one ? 'it' : 'each'}.`,
      );
    }
  }
  if (view.election && !view.election.verified)
    warn('The analysis found no restriction groups to check the election against; the elected claims must be named in the paper by hand.');
  return {
    complete: missing.length === 0,
    answers,
    grounds_total: grounds.length,
    grounds_answered: grounds.filter((g) => g.answered).length,
    missing,
    warnings,
    warnings_plain: warningsPlain,
    grounds,
    claims,
  };
}

/** The reply amends or cancels at least one claim, so the paper carries a claim listing. */
export function changesClaims(view: PlanView): boolean {
  return view.claims.some((c) => c.status !== 'cancelled' && (c.strategy === 'cancel' || (AMENDING.has(c.strategy) && c.amended_text !== null)));
}
