import { describe, expect, it } from 'vitest';
import { planAmendments, type PlannedClaim } from '../../src/documents/amendment-plan.ts';
import type { ClaimDisposition } from '../../src/documents/types.ts';
import { claimsText, dispositions, nonFinal, restriction } from '../fixtures/documents/response-samples.ts';

const summary = (claims: PlannedClaim[]) => Object.fromEntries(claims.map((c) => [c.claim_number, `${c.identifier ?? 'unknown'}|${c.change.kind}`]));

describe('planAmendments', () => {
  it('incorporates an allowable dependent, cancels it and repoints its dependents', () => {
    const plan = planAmendments({ kind: 'non_final', claims: dispositions, strategy: nonFinal.strategy, claims_text: claimsText });
    expect(summary(plan.claims)).toEqual({
      1: 'Currently Amended|incorporates',
      2: 'Original|unchanged',
      3: 'Original|unchanged',
      4: 'Currently Amended|narrowed',
      5: 'Canceled|canceled_into',
      6: 'Currently Amended|dependency_updated',
      7: 'Original|unchanged',
      8: 'Original|unchanged',
      9: 'Canceled|canceled',
    });
    const [c1, c2, , c4, , c6] = plan.claims;
    expect(c1.new_text).toBe(
      `${claimsText[1].slice(3, -1)}, wherein the processor is configured to compensate for ambient light using a reference channel of the detector.`,
    );
    expect(c2.narrowed_through).toBe(1);
    expect(c4.change).toEqual({ kind: 'narrowed', purpose: 'correct' });
    expect(c6.new_text).toBe('The sensor system of claim 1, further comprising a display configured to show the concentration.');
    expect(plan.changes_claims).toBe(true);
    expect(plan.claims.filter((c) => c.pending_after).map((c) => c.claim_number)).toEqual([1, 2, 3, 4, 6, 7, 8]);
  });

  it('makes the same decisions without claim texts, leaving the texts empty', () => {
    const plan = planAmendments({ kind: 'non_final', claims: dispositions, strategy: nonFinal.strategy });
    expect(plan.claims.map((c) => c.identifier)).toEqual(
      planAmendments({ kind: 'non_final', claims: dispositions, strategy: nonFinal.strategy, claims_text: claimsText }).claims.map((c) => c.identifier),
    );
    expect(plan.claims.every((c) => c.old_text === null && c.new_text === null)).toBe(true);
  });

  it('rewrites an objected claim in independent form when chosen explicitly', () => {
    const plan = planAmendments({
      kind: 'non_final',
      claims: dispositions,
      strategy: { 1: 'argue_distinction', 6: 'rewrite_independent' },
      claims_text: claimsText,
    });
    const c6 = plan.claims[5];
    expect(c6.change).toEqual({ kind: 'rewritten_independent', chain: [1, 5] });
    expect(c6.new_text).toBe(
      `${claimsText[1].slice(3, -1)}, wherein the processor is configured to compensate for ambient light using a reference channel of the detector, further comprising a display configured to show the concentration.`,
    );
    // Claim 5 keeps its recommendation (rewrite_independent): its base claim 1 is argued, not amended.
    expect(plan.claims[4].change).toEqual({ kind: 'rewritten_independent', chain: [1] });
  });

  it('amends with a practitioner-supplied limitation when no dependent is allowable', () => {
    const claims: ClaimDisposition[] = [
      { claim_number: 1, status: 'rejected', basis: '102', prior_art: ['Smith (US 1 B2)'], recommendation: 'amend_narrow', depends_on: null },
      { claim_number: 2, status: 'rejected', basis: '102', prior_art: ['Smith (US 1 B2)'], recommendation: 'amend_narrow', depends_on: 1 },
    ];
    const plan = planAmendments({ kind: 'non_final', claims, strategy: {} });
    expect(plan.claims[0].change).toEqual({ kind: 'narrowed', purpose: 'narrow' });
    expect(plan.claims[1].narrowed_through).toBe(1);
    expect(plan.claims[1].identifier).toBe('Original');
  });

  it('lists previously presented, withdrawn, previously canceled and missing claims', () => {
    const claims: ClaimDisposition[] = [
      { claim_number: 1, status: 'rejected', basis: '103', prior_art: [], recommendation: 'argue_distinction', depends_on: null },
      { claim_number: 2, status: 'withdrawn', basis: '', prior_art: [], recommendation: 'no_action', depends_on: 1 },
      { claim_number: 3, status: 'cancelled', basis: '', prior_art: [], recommendation: 'no_action' },
      { claim_number: 5, status: 'rejected', basis: '103', prior_art: [], recommendation: 'cancel', depends_on: 1 },
      { claim_number: 6, status: 'rejected', basis: '103', prior_art: [], recommendation: 'argue_distinction', depends_on: 5 },
    ];
    const plan = planAmendments({ kind: 'final', claims, strategy: {}, previously_presented: [1] });
    expect(summary(plan.claims)).toEqual({
      1: 'Previously Presented|unchanged',
      2: 'Withdrawn|unchanged',
      3: 'Canceled|previously_canceled',
      4: 'unknown|unknown',
      5: 'Canceled|canceled',
      // Issue 11 (finding 4): a claim depending from a claim canceled here is re-pointed at the
      // canceled claim's own base, never left "(Original) ... of claim 5".
      6: 'Currently Amended|dependency_updated',
    });
    // Issue 19 (A9): re-pointed, it no longer depends from a canceled claim; the paper says what it did.
    expect(plan.claims[5].depends_on_canceled).toBeUndefined();
    expect(plan.claims[5].repointed_from).toBe(5);
    expect(plan.claims[5].change).toEqual({ kind: 'dependency_updated', from: 5, to: 1 });
  });

  it('withdraws the claims not elected in a reply to a restriction requirement', () => {
    const plan = planAmendments({ kind: 'restriction', claims: restriction.claims, strategy: {} });
    expect(plan.claims.filter((c) => c.withdrawn).map((c) => c.claim_number)).toEqual([7, 8, 9]);
    expect(plan.claims[6].identifier).toBe('Withdrawn');
    expect(plan.changes_claims).toBe(false);
  });

  it('marks an amended withdrawn claim "Withdrawn - Currently Amended"', () => {
    const claims: ClaimDisposition[] = [
      { claim_number: 1, status: 'rejected', basis: '103', prior_art: [], recommendation: 'amend_narrow', depends_on: null },
      { claim_number: 2, status: 'objected', basis: '', prior_art: [], recommendation: 'no_action', allowable_if_rewritten: true, depends_on: 1 },
      { claim_number: 3, status: 'withdrawn', basis: '', prior_art: [], recommendation: 'no_action', depends_on: 2 },
    ];
    const plan = planAmendments({ kind: 'non_final', claims, strategy: {} });
    expect(plan.claims[2].identifier).toBe('Withdrawn - Currently Amended');
    expect(plan.claims[2].change).toEqual({ kind: 'dependency_updated', from: 2, to: 1 });
  });
});
