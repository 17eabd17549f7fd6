/**
 * The application's claims once a response is entered, from its amendment plan: what the next
 * response's claim listing starts from (issue 11, "carry claims forward"). A claim this paper
 * amends or adds is "previously presented" from then on (37 CFR 1.121(c)). Where the paper leaves
 * the text to the practitioner (a bracketed prompt), the text is not known: it is stored as null
 * and the next listing asks for it again, rather than guessing what was filed.
 */
import type { ClaimEntry } from '../domain/claims/claim-set.ts';
import { isAmended, type AmendmentPlan } from './amendment-plan.ts';

export function claimsAfterResponse(plan: AmendmentPlan): ClaimEntry[] {
  const out: ClaimEntry[] = [];
  for (const c of plan.claims) {
    if (c.identifier === null) continue; // status unknown to this paper
    if (c.identifier === 'Canceled') {
      out.push({ number: c.claim_number, status: 'cancelled', text: null, previously_presented: false });
      continue;
    }
    const amended = isAmended(c);
    out.push({
      number: c.claim_number,
      status: c.withdrawn ? 'withdrawn' : 'pending',
      text: amended ? c.new_text : c.old_text,
      previously_presented: amended || c.identifier === 'Previously Presented',
    });
  }
  return out;
}
