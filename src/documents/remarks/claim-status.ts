/** "Status of the Claims": what was pending, what this paper changes, what remains (MPEP 714). */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { para } from '../docx/paragraphs.ts';
import { run, type Inline } from '../docx/runs.ts';
import { isAmended, isCanceledHere, type AmendmentPlan } from '../amendment-plan.ts';

export function claimStatusRemarks(plan: AmendmentPlan): Paragraph[] {
  const claims = plan.claims;
  const before = claims.filter((c) => c.change.kind !== 'previously_canceled' && c.change.kind !== 'unknown').map((c) => c.claim_number);
  const amended = claims.filter(isAmended).map((c) => c.claim_number);
  const canceled = claims.filter(isCanceledHere).map((c) => c.claim_number);
  const pending = claims.filter((c) => c.pending_after).map((c) => c.claim_number);
  const withdrawn = claims.filter((c) => c.pending_after && c.withdrawn).map((c) => c.claim_number);
  const allowed = claims.filter((c) => c.pending_after && c.disposition?.status === 'allowed').map((c) => c.claim_number);

  const sentences: string[] = [];
  if (before.length) sentences.push(`Before this paper, ${claimsPhrase(before)} ${verbFor(before, 'was', 'were')} pending.`);
  const changes: string[] = [];
  if (amended.length) changes.push(`${claimsPhrase(amended)} ${verbFor(amended, 'is', 'are')} amended`);
  if (canceled.length) changes.push(`${claimsPhrase(canceled)} ${verbFor(canceled, 'is', 'are')} canceled`);
  sentences.push(changes.length ? `By this paper, ${changes.join(', and ')}; no claim is added.` : 'No claim is amended, canceled, or added by this paper.');
  if (pending.length) {
    let s = `${claimsPhrase(pending, true)} ${verbFor(pending, 'is', 'are')} pending`;
    const parts: string[] = [];
    if (withdrawn.length) parts.push(`${claimsPhrase(withdrawn)} ${verbFor(withdrawn, 'is', 'are')} withdrawn from consideration`);
    if (allowed.length) parts.push(`${claimsPhrase(allowed)} ${verbFor(allowed, 'stands', 'stand')} allowed`);
    if (parts.length) s += `, of which ${parts.join(' and ')}`;
    sentences.push(`${s}.`);
  } else {
    sentences.push('No claims remain pending.');
  }
  const out = [para(sentences.join(' '))];
  if (amended.length) out.push(supportRemark(plan));
  return out;
}

/** Amendments must find support in the application as filed (35 U.S.C. 132(a); MPEP 714, 2163.06). */
function supportRemark(plan: AmendmentPlan): Paragraph {
  const sources = new Set<number>();
  for (const c of plan.claims) {
    if (c.change.kind === 'incorporates') c.change.dependents.forEach((d) => sources.add(d));
    if (c.change.kind === 'rewritten_independent') [...(c.change.chain ?? []), c.claim_number].forEach((d) => sources.add(d));
  }
  // Amendments the practitioner writes (kind `narrowed`) cite their support in their own section.
  const children: Inline[] = [];
  if (sources.size) children.push(run(`The amendments find support in the application as filed, e.g., in ${claimsPhrase([...sources])} as previously presented. `));
  children.push(run('No new matter is added.'));
  return para(children);
}
