/**
 * The claims a response started from, as its request gives them (claim texts, withdrawn and
 * cancelled claims, claims previously presented). Stored with the claims it leaves, so drafting
 * the same action again marks the amendments against the claims of record, not the first draft.
 */
import type { ClaimEntry } from '../../../domain/claims/claim-set.ts';
import type { OaResponseRequest } from '../request-types.ts';
import { stripClaimNumber } from '../../../domain/claims/claim-text.ts';

export function claimsBeforeResponse(request: OaResponseRequest): ClaimEntry[] {
  const previously = new Set(request.previously_presented ?? []);
  const numbers = new Set([...Object.keys(request.claims ?? {}), ...Object.keys(request.claim_states ?? {})].map(Number));
  return [...numbers]
    .sort((a, b) => a - b)
    .map((n) => {
      const state = request.claim_states?.[String(n)];
      const raw = request.claims?.[String(n)];
      const text = raw ? stripClaimNumber(raw) : null;
      return { number: n, status: state ?? 'pending', text: state === 'cancelled' ? null : text, previously_presented: previously.has(n) };
    });
}
