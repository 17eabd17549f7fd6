import type { Basis, ClaimAnalysis, ExaminerStats, PaperKind, Recommendation, RestrictionGroup, StrategyCode } from './types.ts';

/**
 * Recommended reply strategy per claim, by explicit rules (each rule that fires is named in
 * `rules` and explained in `reasons`). Codes: the interface's four (`amend_narrow`,
 * `argue_distinction`, `cancel`, `argue_unexpected_results`) and Prosa's extras: `amend_clarify`
 * (formal or definiteness amendment that does not narrow), `rewrite_independent` (objected-to
 * claim allowable if rewritten, MPEP 7.43), `terminal_disclaimer` (nonstatutory double patenting,
 * 37 CFR 1.321), `no_action` (allowed, cancelled, or no disposition), `elect` (restriction/election,
 * 37 CFR 1.143), `provide_information` (37 CFR 1.105 requirement).
 */
export type ClaimFacts = Omit<ClaimAnalysis, 'recommendation' | 'strategy'>;

export interface StrategyContext {
  kind: PaperKind;
  claims: ReadonlyMap<number, ClaimFacts>;
  examinerStats: ExaminerStats | null;
  artUnit: string | null;
  restrictionGroups: readonly RestrictionGroup[];
}

/** Below this many decided cases examiner statistics are not used (too noisy). */
const MIN_CASES_FOR_STATS = 20;
const LOW_ALLOWANCE = 0.35;
const HIGH_ALLOWANCE = 0.75;
const INTERVIEW_LIFT = 0.1;

type Draft = { code: StrategyCode; alternatives: StrategyCode[]; reasons: string[]; rules: string[]; confidence: number };

export function recommendStrategy(claim: ClaimFacts, ctx: StrategyContext): Recommendation {
  const d = baseRule(claim, ctx);
  applyExaminerStats(d, claim, ctx);
  const alternatives = [...new Set(d.alternatives)].filter((a) => a !== d.code);
  return {
    code: d.code,
    reasons: d.reasons,
    alternatives,
    suggest_interview: d.rules.includes('examiner_interview_lift'),
    confidence: round(Math.max(0.05, Math.min(0.95, d.confidence))),
    rules: d.rules,
  };
}

function draft(code: StrategyCode, rule: string, reason: string, confidence: number, alternatives: StrategyCode[] = []): Draft {
  return { code, alternatives, reasons: [reason], rules: [rule], confidence };
}

function baseRule(claim: ClaimFacts, ctx: StrategyContext): Draft {
  const n = claim.claim_number;
  switch (claim.status) {
    case 'cancelled':
      return draft('no_action', 'cancelled', `Claim ${n} is cancelled; nothing to reply for it.`, 0.9);
    case 'withdrawn':
      if (ctx.kind === 'notice_of_allowance' || ctx.kind === 'quayle') {
        return draft(
          'cancel',
          'withdrawn_before_allowance',
          `Claim ${n} is withdrawn (non-elected); non-elected claims must be cancelled before the application can issue (MPEP 821.01).`,
          0.8,
        );
      }
      return draft(
        'no_action',
        'withdrawn',
        `Claim ${n} is withdrawn from consideration; keep it for possible rejoinder if the elected claims are allowed (MPEP 821.04), or cancel it.`,
        0.7,
        ['cancel'],
      );
    case 'allowed':
      return draft('no_action', 'allowed', `Claim ${n} is allowed (or indicated allowable); no argument or amendment is needed for it.`, 0.9);
    case 'objected':
      return objectedRule(claim);
    case 'rejected':
      return rejectedRule(claim, ctx);
    default:
      return pendingRule(claim, ctx);
  }
}

function pendingRule(claim: ClaimFacts, ctx: StrategyContext): Draft {
  const n = claim.claim_number;
  if (ctx.kind === 'restriction' || claim.restriction_group) {
    const largest = [...ctx.restrictionGroups].sort((a, b) => b.claims.length - a.claims.length)[0];
    const d = draft(
      'elect',
      'restriction_elect',
      `A restriction/election requirement is pending: the reply must elect one ${claim.restriction_group ? `group (claim ${n} is in Group ${claim.restriction_group})` : 'invention'} and identify the claims reading on it, with or without traverse (37 CFR 1.143; MPEP 818).`,
      0.75,
      ['argue_distinction'],
    );
    if (largest)
      d.reasons.push(`Group ${largest.label} has the most claims (${largest.claims.length}); elect the group covering the commercially important embodiment.`);
    d.reasons.push(
      'argue_distinction here means traversing: argue that the groups are not distinct or that searching them together is no serious burden (MPEP 803).',
    );
    return d;
  }
  if (ctx.kind === 'requirement_for_information') {
    return draft(
      'provide_information',
      'requirement_for_information',
      'The action requires information under 37 CFR 1.105; reply with the information or state that it is unknown or not readily available (MPEP 704.12).',
      0.75,
    );
  }
  return draft('no_action', 'no_disposition', `The text states no rejection, objection or allowance for claim ${n}.`, 0.35);
}

function objectedRule(claim: ClaimFacts): Draft {
  const n = claim.claim_number;
  if (claim.allowable_if_rewritten) {
    return draft(
      'rewrite_independent',
      'allowable_if_rewritten',
      `Claim ${n} is objected to only as depending from a rejected base claim and would be allowable if rewritten in independent form with all limitations of its base and intervening claims (MPEP 608.01(n), form paragraph 7.43).`,
      0.85,
      ['amend_narrow', 'argue_distinction'],
    );
  }
  const types = new Set(claim.objections.map((o) => o.type));
  if (types.has('duplicate') || types.has('improper_dependent')) {
    if (types.has('improper_dependent')) {
      return draft(
        'cancel',
        'improper_dependent_objection',
        `Claim ${n} is objected to as failing to further limit its base claim (37 CFR 1.75(c); MPEP 608.01(n)); cancel it or add a limitation.`,
        0.65,
        ['amend_clarify'],
      );
    }
    return draft(
      'cancel',
      'duplicate_claim',
      `Claim ${n} is objected to as a substantial duplicate (37 CFR 1.75; MPEP 608.01(m)); cancel it or amend it to differ in scope.`,
      0.7,
      ['amend_clarify'],
    );
  }
  return draft(
    'amend_clarify',
    'formal_objection',
    `Claim ${n} is objected to for form (${[...types].join(', ') || 'informality'}); correct the wording — a formal amendment that does not narrow the claim.`,
    0.8,
    ['argue_distinction'],
  );
}

const has = (bases: readonly Basis[], ...b: Basis[]): boolean => b.some((x) => bases.includes(x));

function rejectedRule(claim: ClaimFacts, ctx: StrategyContext): Draft {
  const n = claim.claim_number;
  const bases = [...new Set(claim.rejections.map((r) => r.basis))];
  const art = has(bases, '102', '103');
  const independent = claim.independent;
  let d: Draft;
  if (bases.length === 0) {
    d = draft('amend_narrow', 'basis_unknown', `Claim ${n} is listed as rejected but the basis could not be read from the text; review the action.`, 0.2, [
      'argue_distinction',
    ]);
  } else if (art) {
    d = artRule(claim, ctx, bases);
  } else if (has(bases, '101') && claim.rejections.some((r) => r.basis === '101' && r.subtype === 'signal_per_se')) {
    d = draft(
      'amend_clarify',
      'eligibility_step1_signal',
      `Claim ${n} is rejected under 35 U.S.C. 101 at Step 1 because it covers a transitory signal per se (MPEP 2106.03): amend the medium to "non-transitory" (supported by any disclosure of a physical memory), or argue that the claim, read in light of the specification, excludes signals.`,
      0.85,
      ['argue_distinction'],
    );
  } else if (has(bases, '101')) {
    // A judicial-exception rejection is answered first by argument under the step the examiner
    // applied (MPEP 2106.04-2106.05); amending every claim multiplies the places to fill and the
    // estoppel. The practitioner amends the independent claims when the argument is weak.
    d =
      independent === false
        ? draft(
            'argue_distinction',
            'eligibility_dependent',
            `Claim ${n} depends from a claim rejected under 35 U.S.C. 101; it stands or falls with the eligibility argument (or amendment) made for its base claim.`,
            0.55,
            ['amend_narrow'],
          )
        : draft(
            'argue_distinction',
            'eligibility',
            `Claim ${n} is rejected under 35 U.S.C. 101: argue eligibility under the step the examiner applied (Step 2A: no judicial exception is recited, or it is integrated into a practical application; Step 2B: significantly more) (MPEP 2106.04, 2106.04(d), 2106.05); amend to add such limitations only if the argument is weak.`,
            0.55,
            ['amend_narrow'],
          );
  } else if (has(bases, '112(a)') && ctx.kind === 'final') {
    d = draft(
      'argue_distinction',
      'written_description_enablement_final',
      `Claim ${n} stands finally rejected under 35 U.S.C. 112(a): point to the supporting disclosure (MPEP 2163, 2164); an amendment after final is entered only as 37 CFR 1.116 permits, so amend with an RCE if support must be found elsewhere.`,
      0.5,
      ['amend_narrow'],
    );
  } else if (has(bases, '112(a)')) {
    d = draft(
      'amend_narrow',
      'written_description_enablement',
      `Claim ${n} is rejected under 35 U.S.C. 112(a): point to the supporting disclosure (argue) or amend to language the specification supports (MPEP 2163, 2164).`,
      0.5,
      ['argue_distinction'],
    );
  } else if (has(bases, '112(b)', '112(f)', '112(c)', '112(e)', '112')) {
    d = draft(
      'amend_clarify',
      'indefiniteness',
      `Claim ${n} is rejected for indefiniteness (35 U.S.C. 112(b)): clarify the wording — typically an amendment that does not narrow — or argue that the claim is definite (MPEP 2173).`,
      0.7,
      ['argue_distinction'],
    );
  } else if (has(bases, '112(d)')) {
    d = draft(
      'cancel',
      'improper_dependent',
      `Claim ${n} is rejected under 35 U.S.C. 112(d) for failing to further limit its base claim; cancel it or rewrite it so it adds a limitation (MPEP 608.01(n)).`,
      0.6,
      ['amend_clarify'],
    );
  } else {
    d = dpRule(claim, true);
  }
  // Secondary grounds that the same reply must answer (37 CFR 1.111(b): reply to every ground).
  if (bases.length > 1 || (has(bases, 'DP') && d.code !== 'terminal_disclaimer')) {
    if (has(bases, '112(b)', '112(f)') && d.rules[0] !== 'indefiniteness') d.reasons.push('Also clarify the 112(b) issue in the same amendment.');
    if (has(bases, '101') && !d.rules[0].startsWith('eligibility'))
      d.reasons.push('Also answer the 35 U.S.C. 101 rejection (a narrowing amendment can address both).');
    if (has(bases, '112(a)') && d.rules[0] !== 'written_description_enablement')
      d.reasons.push('Also answer the 112(a) rejection by pointing to support in the specification.');
    if (has(bases, 'DP') && d.rules[0] !== 'double_patenting') {
      const dp = dpRule(claim, false);
      d.reasons.push(...dp.reasons);
      d.alternatives.push(dp.code);
    }
  }
  return d;
}

function artRule(claim: ClaimFacts, ctx: StrategyContext, bases: Basis[]): Draft {
  const n = claim.claim_number;
  const refCount = Math.max(0, ...claim.rejections.filter((r) => r.basis === '103' || r.basis === '102').map((r) => r.references.length));
  const only103 = bases.includes('103') && !bases.includes('102');
  const root = rootOf(n, ctx.claims);
  const anticipationOnly = bases.includes('102') && !bases.includes('103');
  if (claim.treatment === 'missing' || claim.treatment === 'garbled') {
    return draft(
      'argue_distinction',
      'no_prima_facie_case',
      `Claim ${n}: the Office Action ${claim.treatment === 'missing' ? 'explains other claims of the rejection one by one but never this one' : 'gives no intelligible explanation of how the applied art meets this claim'}, so no prima facie case is stated for it (37 CFR 1.104(c)(2): the pertinence of each reference must be clearly explained; MPEP 707.07(d)). Argue that the rejection is incomplete and that a new action on it must be non-final.${claim.treatment === 'missing' ? ' (Check the full action: an excerpt can omit the explanation.)' : ''}`,
      claim.treatment === 'missing' ? 0.6 : 0.75,
      ['amend_narrow'],
    );
  }
  if (anticipationOnly && claim.examiner_admissions.length > 0) {
    const quoted = claim.examiner_admissions[0].text.replace(/\s+/g, ' ').trim();
    return draft(
      'argue_distinction',
      'anticipation_admission',
      `Claim ${n} is rejected as anticipated, yet the examiner concedes: "${quoted.length > 300 ? `${quoted.slice(0, 297)}...` : quoted}". Anticipation requires a single reference disclosing every element (MPEP 2131); the concession defeats the rejection, and an obviousness theory was not made.`,
      0.85,
      ['amend_narrow'],
    );
  }
  if (claim.independent === false) {
    const d = draft(
      'argue_distinction',
      'dependent_rides_on_base',
      `Claim ${n} is a dependent claim${claim.depends_on ? ` (from claim ${claim.depends_on})` : ''}: it is patentable at least through its base claim once that is amended or argued, and its own added feature can be argued.`,
      claim.depends_on ? 0.65 : 0.55,
      ['cancel', 'amend_narrow'],
    );
    const rootFacts = root !== null && root !== n ? ctx.claims.get(root) : undefined;
    if (rootFacts) {
      const rootRefs = new Set(rootFacts.rejections.flatMap((r) => r.references));
      const extra = [...new Set(claim.rejections.flatMap((r) => r.references))].filter((r) => !rootRefs.has(r));
      if (extra.length > 0)
        d.reasons.push(`Its added feature needed a further reference (${extra.join('; ')}), so it is a candidate limitation to fold into claim ${root}.`);
    }
    return d;
  }
  const allowable = root !== null ? allowableInFamily(root, ctx.claims).filter((c) => c !== n) : [];
  const unknown = claim.independent === null ? ' (independence not stated in the text; treated as independent)' : '';
  if (allowable.length > 0) {
    return draft(
      'amend_narrow',
      'incorporate_allowable_dependent',
      `Claim ${n}${unknown} is rejected over prior art while claim(s) ${allowable.join(', ')} in its family are allowable: amend claim ${n} to incorporate the allowable subject matter (fastest route to allowance).`,
      0.85,
      ['argue_distinction'],
    );
  }
  if (ctx.kind === 'final') {
    return draft(
      'argue_distinction',
      'final_rejection',
      `Claim ${n}${unknown} stands finally rejected: amendments after final are entered only if they place the application in condition for allowance (37 CFR 1.116). Argue the distinction now (preserving the record for appeal), or file an RCE (37 CFR 1.114) with a narrowing amendment.`,
      0.55,
      ['amend_narrow', ...(only103 ? (['argue_unexpected_results'] as StrategyCode[]) : [])],
    );
  }
  const tc = ctx.artUnit?.slice(0, 2);
  if (only103 && (tc === '16' || tc === '17')) {
    return draft(
      'argue_unexpected_results',
      'obviousness_chemical_arts',
      `Claim ${n}${unknown} is rejected for obviousness in Technology Center ${tc}00 (chemical/biotech arts), where evidence of unexpected results commensurate with the claim scope is the classic rebuttal (MPEP 716.02).`,
      0.55,
      ['amend_narrow', 'argue_distinction'],
    );
  }
  const why = bases.includes('102')
    ? 'anticipation requires one reference to disclose every element, so adding a feature from a dependent claim or the specification that the reference lacks is the most direct route (MPEP 2131)'
    : `an obviousness rejection over ${refCount || 'the cited'} reference(s) is most reliably overcome by adding a feature the references do not teach`;
  const d = draft(
    'amend_narrow',
    bases.includes('102') ? 'anticipation' : 'obviousness',
    `Claim ${n}${unknown}: ${why}.`,
    claim.independent === true ? 0.6 : 0.45,
    ['argue_distinction', ...(only103 ? (['argue_unexpected_results'] as StrategyCode[]) : [])],
  );
  if (only103 && refCount >= 3) {
    // MPEP 2145(V): reliance on a large number of references does not, without more, weigh against obviousness.
    d.reasons.push(
      `The number of references (${refCount}) is not itself an argument (MPEP 2145(V)); argue the combination only on its merits (a missing limitation, no reason to combine, teaching away, MPEP 2143.01).`,
    );
  }
  if (claim.independent === null)
    d.reasons.push('Whether this claim is independent was not stated in the action; check the claims before relying on this recommendation.');
  return d;
}

/** Same-invention double patenting under 35 U.S.C. 101, as opposed to nonstatutory (obviousness-type). */
export function isStatutoryDoublePatenting(citation: string): boolean {
  return /(?<!non-?)statutory/i.test(citation);
}

function dpRule(claim: ClaimFacts, primary: boolean): Draft {
  const n = claim.claim_number;
  const dp = claim.rejections.find((r) => r.basis === 'DP');
  const statutory = dp ? isStatutoryDoublePatenting(dp.citation) : false;
  if (statutory && claim.independent === false) {
    // A dependent claim incorporates its base claim (35 U.S.C. 112(d)): once the base claim's scope
    // changes, the dependent is no longer the same invention as the patent's claim either.
    return draft(
      'argue_distinction',
      'dependent_rides_on_base',
      `Claim ${n} is a dependent claim${claim.depends_on ? ` (from claim ${claim.depends_on})` : ''} rejected for statutory (same-invention) double patenting: it takes in every limitation of its base claim, so once that claim's scope is changed the two are no longer the same invention (MPEP 804 II.A); a terminal disclaimer cannot overcome this rejection.`,
      claim.depends_on ? 0.65 : 0.55,
      ['amend_narrow', 'cancel'],
    );
  }
  if (statutory) {
    return draft(
      'amend_narrow',
      'double_patenting',
      `Claim ${n} is rejected for statutory (same-invention) double patenting, which a terminal disclaimer cannot overcome: change the claim's scope or cancel it (MPEP 804 II.A).`,
      primary ? 0.7 : 0.6,
      ['cancel'],
    );
  }
  const provisional = dp ? /provisional/i.test(dp.citation) : false;
  return draft(
    'terminal_disclaimer',
    'double_patenting',
    provisional
      ? `Claim ${n}: provisional nonstatutory double patenting — file a terminal disclaimer (37 CFR 1.321(c)) when the claims are otherwise allowable, or argue the claims are patentably distinct (MPEP 804 I.B.1).`
      : `Claim ${n}: nonstatutory double patenting — file a terminal disclaimer (37 CFR 1.321(c)) or argue the claims are patentably distinct from the reference claims (MPEP 804).`,
    primary ? 0.75 : 0.6,
    ['argue_distinction', 'amend_narrow'],
  );
}

function applyExaminerStats(d: Draft, claim: ClaimFacts, ctx: StrategyContext): void {
  const s = ctx.examinerStats;
  if (!s || claim.status !== 'rejected') return;
  if (s.total_cases_analyzed !== undefined && s.total_cases_analyzed < MIN_CASES_FOR_STATS) {
    d.reasons.push(`Examiner statistics ignored: only ${s.total_cases_analyzed} decided cases.`);
    return;
  }
  const pct = (x: number): string => `${Math.round(x * 100)}%`;
  // The lift compares allowance after an applicant-initiated interview with allowance without one;
  // either rate null (too few cases, or an analysis stored before the comparison existed) → no claim.
  const withInterview = s.interview_success_rate;
  const without = s.allowance_rate_without_interview;
  if (
    typeof withInterview === 'number' &&
    typeof without === 'number' &&
    Number.isFinite(withInterview) &&
    Number.isFinite(without) &&
    Math.round((withInterview - without) * 10000) >= Math.round(INTERVIEW_LIFT * 10000)
  ) {
    d.rules.push('examiner_interview_lift');
    d.reasons.push(
      `Request an examiner interview before replying (MPEP 713): ${pct(withInterview)} of this examiner's decided cases with an applicant-initiated interview were allowed, against ${pct(without)} without one.`,
    );
  }
  if (!Number.isFinite(s.allowance_rate)) return;
  const art = claim.rejections.some((r) => r.basis === '102' || r.basis === '103');
  const strongArgument = d.rules[0] === 'anticipation_admission' || d.rules[0] === 'no_prima_facie_case';
  if (s.allowance_rate < LOW_ALLOWANCE && art && claim.independent !== false && d.code === 'argue_distinction' && ctx.kind !== 'final' && !strongArgument) {
    d.rules.push('examiner_low_allowance');
    d.reasons.push(
      `This examiner allows only ${pct(s.allowance_rate)} of cases: argument alone rarely succeeds, so narrow the claim and argue the amended claim.`,
    );
    d.alternatives.unshift(d.code);
    d.code = 'amend_narrow';
    d.confidence -= 0.05;
  } else if (s.allowance_rate < LOW_ALLOWANCE && ctx.kind === 'final') {
    d.rules.push('examiner_low_allowance_final');
    d.reasons.push(
      `This examiner allows only ${pct(s.allowance_rate)} of cases: consider a pre-appeal brief request or appeal (MPEP 1204) rather than repeated RCEs.`,
    );
  } else if (s.allowance_rate >= HIGH_ALLOWANCE && art && d.code === 'amend_narrow' && d.rules[0] !== 'incorporate_allowable_dependent') {
    d.rules.push('examiner_high_allowance');
    d.reasons.push(`This examiner allows ${pct(s.allowance_rate)} of cases: a well-supported argument without narrowing has a fair chance.`);
    d.alternatives.unshift('argue_distinction');
  }
}

/** Root independent claim of `n`: follows stated dependencies; an unstated parent is taken as the nearest lower independent claim. */
export function rootOf(n: number, claims: ReadonlyMap<number, ClaimFacts>): number | null {
  let cur = n;
  for (let guard = 0; guard < 50; guard++) {
    const c = claims.get(cur);
    if (!c) return cur;
    if (c.independent !== false) return cur;
    if (c.depends_on !== null) {
      cur = c.depends_on;
      continue;
    }
    for (let m = cur - 1; m >= 1; m--) {
      const p = claims.get(m);
      if (p && p.independent === true) return m;
    }
    return null;
  }
  return null;
}

/** Claims in the family of `root` that are allowed or allowable if rewritten. */
export function allowableInFamily(root: number, claims: ReadonlyMap<number, ClaimFacts>): number[] {
  const out: number[] = [];
  for (const [m, c] of claims) {
    if (m === root) continue;
    const allowable = c.status === 'allowed' || c.allowable_if_rewritten;
    if (allowable && c.independent === false && rootOf(m, claims) === root) out.push(m);
  }
  return out.sort((a, b) => a - b);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
