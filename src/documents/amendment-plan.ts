/**
 * What a response does to each claim, decided once and read by both the claim listing
 * (37 CFR 1.121(c)) and the remarks (37 CFR 1.111(b)-(c)), so the two always agree.
 *
 * - `cancel` → the claim is canceled (no text, 37 CFR 1.121(c)(4)(i)).
 * - `amend_narrow` on a claim with an allowable dependent (objected to, or "allowable if
 *   rewritten") → the dependent's limitations are added to the claim and the dependent is
 *   canceled; claims that depended from the canceled dependent are pointed at the amended claim.
 *   With no allowable dependent, the claim is amended with a limitation the practitioner supplies.
 * - `rewrite_independent` → the claim is rewritten in independent form with the limitations of
 *   its base claim and any intervening claims (37 CFR 1.75(c); MPEP 608.01(n)).
 * - In a reply to a restriction requirement, claims outside the elected invention are (Withdrawn).
 */
import { parentClaimOf, incorporateLimitations, rewriteInIndependentForm, repointDependency, stripClaimNumber } from '../domain/claims/claim-text.ts';
import { basisFamily } from './rejection-grounds.ts';
import type { ClaimDisposition, PaperKind, RestrictionElection, StrategyCode } from './types.ts';

/** The status identifiers of 37 CFR 1.121(c), written as practitioners capitalize them. */
export type StatusIdentifier =
  | 'Original'
  | 'Currently Amended'
  | 'Canceled'
  | 'Withdrawn'
  | 'Withdrawn - Currently Amended'
  | 'Previously Presented'
  | 'New'
  | 'Not Entered';

export type ClaimChange =
  | { kind: 'unchanged' }
  | { kind: 'previously_canceled' }
  | { kind: 'canceled' }
  | { kind: 'canceled_into'; into: number }
  | { kind: 'incorporates'; dependents: number[] }
  /** `narrow`: add a limitation against the art; `correct`: amend to answer a 101/112 ground or an objection. */
  | { kind: 'narrowed'; purpose: 'narrow' | 'correct' }
  | { kind: 'rewritten_independent'; chain: number[] | null }
  | { kind: 'dependency_updated'; from: number; to: number }
  | { kind: 'unknown' };

export interface PlannedClaim {
  claim_number: number;
  /** null when the claim's status was not provided (a gap in the numbering). */
  identifier: StatusIdentifier | null;
  change: ClaimChange;
  withdrawn: boolean;
  strategy: StrategyCode | null;
  disposition: ClaimDisposition | null;
  /** The claim as it stands, and as amended; null when no text was supplied or it could not be derived. */
  old_text: string | null;
  new_text: string | null;
  /** Pending once this paper is entered (withdrawn claims remain pending). */
  pending_after: boolean;
  /** The claim this one depends from as filed: null when independent, undefined when unknown. */
  parent: number | null | undefined;
  /** amend_narrow on a claim whose base claim this paper narrows: it is narrowed through that claim. */
  narrowed_through?: number;
  /**
   * Kept claim that, as this paper leaves it (the amended text where there is one, else the
   * dependency as it stands), still depends from a claim canceled: the practitioner must amend or
   * cancel it.
   */
  depends_on_canceled?: number;
  /** Kept claim this paper points away from a claim canceled outright (to that claim's base, or into independent form). */
  repointed_from?: number;
}

export interface AmendmentPlan {
  claims: PlannedClaim[];
  /** The paper amends or cancels at least one claim. */
  changes_claims: boolean;
}

export interface PlanInput {
  kind: PaperKind;
  claims: readonly ClaimDisposition[];
  strategy: Readonly<Record<number, StrategyCode>>;
  claims_text?: Readonly<Record<number, string>>;
  previously_presented?: readonly number[];
  /**
   * Withdrawn and cancelled claims the docket knows of (carried forward from the last paper) that
   * the analysis may not mention; the analysis' own status wins where it has one.
   */
  claim_states?: Readonly<Record<number, 'withdrawn' | 'cancelled'>>;
  /** The practitioner's amended text per claim (response plans): it replaces the derived or prompted amendment. */
  amended_text?: Readonly<Record<number, string>>;
  election?: RestrictionElection;
  restriction_groups?: readonly { label: string; kind: 'invention' | 'species'; claims: readonly number[] }[];
}

/** "Group II", "group ii", "II" → "II"; "Species A" → "A". */
export function groupLabel(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:group|invention|species)\s+/i, '')
    .trim()
    .toUpperCase();
}

const AMENDED: ReadonlySet<ClaimChange['kind']> = new Set(['incorporates', 'narrowed', 'rewritten_independent', 'dependency_updated']);

export function isAmended(c: PlannedClaim): boolean {
  return AMENDED.has(c.change.kind);
}

export function isCanceledHere(c: PlannedClaim): boolean {
  return c.change.kind === 'canceled' || c.change.kind === 'canceled_into';
}

export function planAmendments(input: PlanInput): AmendmentPlan {
  const byNumber = new Map(input.claims.map((c) => [c.claim_number, c]));
  const texts = new Map<number, string>();
  for (const [k, v] of Object.entries(input.claims_text ?? {})) {
    if (typeof v === 'string' && v.trim()) texts.set(Number(k), stripClaimNumber(v));
  }
  const states = new Map(Object.entries(input.claim_states ?? {}).map(([k, v]) => [Number(k), v]));
  const numbers = [...new Set([...byNumber.keys(), ...texts.keys(), ...states.keys()])].filter((n) => Number.isInteger(n) && n > 0);
  const max = numbers.length ? Math.max(...numbers) : 0;
  const explicit = (n: number): StrategyCode | undefined => input.strategy[n];
  const strategyOf = (n: number): StrategyCode | null => explicit(n) ?? byNumber.get(n)?.recommendation ?? null;
  // The claim text the caller supplied beats what the analysis could tell (often "not known").
  const parentOf = (n: number): number | null | undefined => {
    const t = texts.get(n);
    if (t !== undefined) return parentClaimOf(t);
    const d = byNumber.get(n);
    return d && d.depends_on !== undefined ? d.depends_on : undefined;
  };
  // A restriction reply with a group elected: exactly that group's claims stay, the rest are withdrawn.
  const electedGroup =
    input.kind === 'restriction' && input.election?.group
      ? (input.restriction_groups ?? []).find((g) => g.kind === 'invention' && g.label.toUpperCase() === groupLabel(input.election!.group!))
      : undefined;
  const electedSpecies =
    input.kind === 'restriction' && input.election?.species
      ? (input.restriction_groups ?? []).find((g) => g.kind === 'species' && g.label.toUpperCase() === groupLabel(input.election!.species!))
      : undefined;
  const speciesClaims = new Set((input.restriction_groups ?? []).filter((g) => g.kind === 'species').flatMap((g) => g.claims));
  const elected = (n: number): boolean => {
    if (electedGroup && !electedGroup.claims.includes(n)) return false;
    if (electedSpecies && speciesClaims.has(n) && !electedSpecies.claims.includes(n)) return false;
    return true;
  };
  const byGroup = Boolean(electedGroup || electedSpecies);
  const electing = input.kind === 'restriction' && (byGroup || input.claims.some((c) => strategyOf(c.claim_number) === 'elect'));

  const plan = new Map<number, PlannedClaim>();
  for (let n = 1; n <= max; n++) {
    const d = byNumber.get(n) ?? null;
    const stored = d === null ? states.get(n) : undefined;
    const known = d !== null || texts.has(n) || stored !== undefined;
    const previouslyCanceled = d?.status === 'cancelled' || stored === 'cancelled';
    const withdrawn =
      !previouslyCanceled &&
      known &&
      (d?.status === 'withdrawn' || stored === 'withdrawn' || (electing && (byGroup ? !elected(n) : strategyOf(n) !== 'elect') && strategyOf(n) !== 'cancel'));
    plan.set(n, {
      claim_number: n,
      identifier: null,
      change: !known ? { kind: 'unknown' } : previouslyCanceled ? { kind: 'previously_canceled' } : { kind: 'unchanged' },
      withdrawn,
      strategy: known ? (byGroup && strategyOf(n) === 'elect' && !elected(n) ? 'no_action' : strategyOf(n)) : null,
      disposition: d,
      old_text: previouslyCanceled ? null : (texts.get(n) ?? null),
      new_text: null,
      pending_after: known && !previouslyCanceled,
      parent: parentOf(n),
    });
  }
  const at = (n: number) => plan.get(n);
  const unchanged = (n: number) => at(n)?.change.kind === 'unchanged';

  // Canceled outright (37 CFR 1.121(c)(4)(i): no claim text).
  for (const c of plan.values()) {
    if (c.change.kind === 'unchanged' && c.strategy === 'cancel') c.change = { kind: 'canceled' };
  }

  // amend_narrow, first pass: take in the limitations of an allowable dependent.
  for (const c of plan.values()) {
    if (c.change.kind !== 'unchanged' || c.strategy !== 'amend_narrow') continue;
    if (!hasArtGround(c.disposition)) continue; // a 101/112 ground is answered by correcting the claim, not by a dependent
    const dependent = [...plan.values()].find(
      (d) =>
        d.claim_number !== c.claim_number &&
        unchanged(d.claim_number) &&
        !d.withdrawn &&
        parentOf(d.claim_number) === c.claim_number &&
        (d.disposition?.status === 'objected' || d.disposition?.allowable_if_rewritten === true) &&
        explicit(d.claim_number) !== 'rewrite_independent',
    );
    if (!dependent) continue;
    c.change = { kind: 'incorporates', dependents: [dependent.claim_number] };
    dependent.change = { kind: 'canceled_into', into: c.claim_number };
    const base = texts.get(c.claim_number);
    const dep = texts.get(dependent.claim_number);
    c.new_text = base && dep ? incorporateLimitations(base, [dep]) : null;
  }
  // amend_narrow, second pass (base claims first): a claim whose base claim is narrowed here is
  // narrowed through it; any other claim takes a limitation the practitioner supplies.
  const depth = (n: number) => dependencyChain(n, parentOf)?.length ?? 0;
  const rest = [...plan.values()]
    .filter((c) => c.change.kind === 'unchanged' && (c.strategy === 'amend_narrow' || c.strategy === 'amend_clarify'))
    .sort((x, y) => depth(x.claim_number) - depth(y.claim_number) || x.claim_number - y.claim_number);
  for (const c of rest) {
    const ancestor = (dependencyChain(c.claim_number, parentOf) ?? []).reverse().find((a) => ['incorporates', 'narrowed'].includes(at(a)?.change.kind ?? ''));
    // Narrowing the base claim answers art rejections of its dependents, not 101 or 112 grounds.
    if (ancestor !== undefined && artGroundsOnly(c.disposition) && c.strategy === 'amend_narrow') c.narrowed_through = ancestor;
    else {
      c.change = { kind: 'narrowed', purpose: c.strategy === 'amend_narrow' && hasArtGround(c.disposition) ? 'narrow' : 'correct' };
      // A Step 1 "signal per se" rejection is answered by "non-transitory" (MPEP 2106.03): written in.
      const t = texts.get(c.claim_number);
      if (t && c.change.purpose === 'correct' && (c.disposition?.rejections ?? []).some((r) => r.subtype === 'signal_per_se')) {
        const amended = addNonTransitory(t);
        if (amended !== t) c.new_text = amended;
      }
    }
  }

  // rewrite_independent: base claim + intervening claims + the claim's own limitations. Unless
  // chosen explicitly, a claim whose base claim now takes in the allowable subject matter stays
  // dependent: the amendment of the base claim already answers the objection.
  const curedThroughBase = (n: number) =>
    (dependencyChain(n, parentOf) ?? []).some((a) => ['incorporates', 'canceled_into'].includes(at(a)?.change.kind ?? ''));
  for (const c of plan.values()) {
    if (c.change.kind !== 'unchanged' || c.strategy !== 'rewrite_independent') continue;
    const parent = parentOf(c.claim_number);
    if (parent === null) continue; // already independent
    if (explicit(c.claim_number) !== 'rewrite_independent' && curedThroughBase(c.claim_number)) continue;
    const chain = parent === undefined ? null : dependencyChain(c.claim_number, parentOf);
    c.change = { kind: 'rewritten_independent', chain };
    if (chain?.every((n) => texts.has(n)) && texts.has(c.claim_number)) {
      const [root, ...between] = chain;
      c.new_text = rewriteInIndependentForm(
        texts.get(root)!,
        [...between, c.claim_number].map((n) => texts.get(n)!),
      );
    }
  }

  // Claims depending from a canceled claim.
  for (const k of plan.values()) {
    const kind = k.change.kind;
    if (kind !== 'canceled' && kind !== 'canceled_into') continue;
    for (const c of plan.values()) {
      if (parentOf(c.claim_number) !== k.claim_number || !c.pending_after) continue;
      if (isCanceledHere(c) || c.change.kind === 'rewritten_independent') continue;
      if (k.change.kind === 'canceled_into' && c.change.kind === 'unchanged') {
        const into = k.change.into;
        c.change = { kind: 'dependency_updated', from: k.claim_number, to: into };
        const t = texts.get(c.claim_number);
        c.new_text = t ? repointDependency(t, k.claim_number, into) : null;
      } else if (k.change.kind === 'canceled') {
        // Amended so the claim does not depend from a canceled one: pointed at the canceled
        // claim's own base, or rewritten in independent form with its limitations. A claim the
        // paper amends otherwise keeps its amendment; whether it still depends from the canceled
        // claim is read from the claims as amended, below.
        if (c.change.kind !== 'unchanged') continue;
        const grand = parentOf(k.claim_number);
        const t = texts.get(c.claim_number);
        c.repointed_from = k.claim_number;
        if (typeof grand === 'number') {
          c.change = { kind: 'dependency_updated', from: k.claim_number, to: grand };
          c.new_text = t ? repointDependency(t, k.claim_number, grand) : null;
        } else {
          const chain = dependencyChain(c.claim_number, parentOf);
          c.change = { kind: 'rewritten_independent', chain };
          const kt = texts.get(k.claim_number);
          c.new_text = chain && chain.length === 1 && kt && t ? rewriteInIndependentForm(kt, [t]) : null;
        }
      }
    }
  }

  // Amended text the practitioner wrote (response plans) is the amendment: it replaces a derived
  // text or a prompt, and makes a claim amended that would otherwise stand unchanged.
  for (const [k, v] of Object.entries(input.amended_text ?? {})) {
    const c = at(Number(k));
    if (!c || typeof v !== 'string' || !v.trim() || !c.pending_after || isCanceledHere(c)) continue;
    if (c.change.kind === 'unchanged') {
      c.change = { kind: 'narrowed', purpose: hasArtGround(c.disposition) ? 'narrow' : 'correct' };
      delete c.narrowed_through;
    }
    c.new_text = stripClaimNumber(v);
    // The practitioner's text decides the dependency, not the repointing derived above.
    delete c.repointed_from;
  }

  const previously = new Set(input.previously_presented ?? []);
  for (const c of plan.values()) {
    c.identifier = identifierFor(c, previously.has(c.claim_number));
    if (isCanceledHere(c)) c.pending_after = false;
  }
  // A kept claim that, as this paper leaves it, depends from a canceled claim (canceled here or
  // before): the dependency after the amendment, never the one it replaces (issue 19, A9).
  for (const c of plan.values()) {
    if (!c.pending_after) continue;
    const p = parentAfter(c, parentOf);
    const parent = typeof p === 'number' ? at(p) : undefined;
    if (parent && (isCanceledHere(parent) || parent.change.kind === 'previously_canceled')) c.depends_on_canceled = parent.claim_number;
  }
  const claims = [...plan.values()];
  return { claims, changes_claims: claims.some((c) => isAmended(c) || isCanceledHere(c)) };
}

/**
 * The claim a claim depends from once this paper is entered: read from its amended text where
 * the paper holds one, from the amendment where the paper makes one without text (a repointed
 * dependency, a claim rewritten in independent form), else as it stands.
 */
function parentAfter(c: PlannedClaim, parentOf: (n: number) => number | null | undefined = () => c.parent): number | null | undefined {
  if (c.new_text) return parentClaimOf(c.new_text);
  if (c.change.kind === 'dependency_updated') return c.change.to;
  if (c.change.kind === 'rewritten_independent') return null;
  return parentOf(c.claim_number);
}

const ART_FAMILIES: ReadonlySet<string> = new Set(['102', '103', 'DP']);

function families(d: ClaimDisposition | null): string[] {
  const codes = (d?.basis ?? '').split(/\s*;\s*/).filter(Boolean);
  return [...codes.map(basisFamily), ...(d?.rejections ?? []).map((r) => basisFamily(r.basis))];
}

function artGroundsOnly(d: ClaimDisposition | null): boolean {
  return families(d).every((f) => ART_FAMILIES.has(f));
}

function hasArtGround(d: ClaimDisposition | null): boolean {
  const f = families(d);
  return f.length === 0 || f.some((x) => ART_FAMILIES.has(x));
}

/** Base claim first, then each intervening claim; null when a link is unknown or circular. */
function dependencyChain(n: number, parentOf: (n: number) => number | null | undefined): number[] | null {
  const chain: number[] = [];
  const seen = new Set([n]);
  let p = parentOf(n);
  while (p !== null) {
    if (p === undefined || seen.has(p)) return null;
    seen.add(p);
    chain.unshift(p);
    p = parentOf(p);
  }
  return chain;
}

function identifierFor(c: PlannedClaim, previouslyPresented: boolean): StatusIdentifier | null {
  switch (c.change.kind) {
    case 'unknown':
      return null;
    case 'previously_canceled':
    case 'canceled':
    case 'canceled_into':
      return 'Canceled';
    case 'unchanged':
      if (c.withdrawn) return 'Withdrawn';
      return previouslyPresented ? 'Previously Presented' : 'Original';
    default:
      // 37 CFR 1.121(c): a withdrawn claim that is amended is "(Withdrawn - Currently amended)".
      return c.withdrawn ? 'Withdrawn - Currently Amended' : 'Currently Amended';
  }
}

/** "A computer-readable medium storing" → "A non-transitory computer-readable medium storing" (first mention). */
function addNonTransitory(text: string): string {
  if (/non-?transitory/i.test(text)) return text;
  return text.replace(/\b((?:computer|machine|processor)[- ]readable\s+(?:storage\s+|recording\s+)?(?:medium|media|device|memory))/i, 'non-transitory $1');
}
