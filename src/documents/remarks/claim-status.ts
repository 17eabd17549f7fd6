/** "Status of the Claims": what was pending, what this paper changes, what remains (MPEP 714). */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { para } from '../docx/paragraphs.ts';
import { run, type Inline } from '../docx/runs.ts';
import { isAmended, isCanceledHere, type AmendmentPlan } from '../amendment-plan.ts';

type Groups = readonly { label: string; kind: string; claims: readonly number[] }[];

/**
 * A reply to a restriction requirement: the claims as the requirement sets them out, never "were
 * pending" (the requirement may not say which claims are pending, and which are withdrawn follows
 * from the election this paper makes, stated once in its own section; issue 19 A12).
 */
function restrictionStatus(plan: AmendmentPlan, groups: Groups): Paragraph[] {
  const claims = plan.claims;
  const inGroups = [...new Set(groups.flatMap((g) => g.claims))].sort((a, b) => a - b);
  const named = inGroups.length
    ? inGroups
    : claims.filter((c) => c.change.kind !== 'previously_canceled' && c.change.kind !== 'unknown').map((c) => c.claim_number);
  const amended = claims.filter(isAmended).map((c) => c.claim_number);
  const canceled = claims.filter(isCanceledHere).map((c) => c.claim_number);
  const label = (g: Groups[number]) => `${g.kind === 'species' ? 'Species' : 'Group'} ${g.label} (${claimsPhrase(g.claims)})`;
  const sentences: string[] = [];
  if (named.length) {
    sentences.push(
      `The Office Action requires restriction of ${claimsPhrase(named)}${groups.length > 1 ? ` among ${groups.map(label).join(groups.length > 2 ? '; ' : ' and ')}` : ''}.`,
    );
  }
  const changes: string[] = [];
  if (amended.length) changes.push(`${claimsPhrase(amended)} ${verbFor(amended, 'is', 'are')} amended`);
  if (canceled.length) changes.push(`${claimsPhrase(canceled)} ${verbFor(canceled, 'is', 'are')} canceled`);
  sentences.push(changes.length ? `By this paper, ${changes.join(', and ')}; no claim is added.` : 'No claim is amended, canceled, or added by this paper.');
  sentences.push('The claims elected, and those withdrawn from consideration as a result (37 C.F.R. § 1.142(b)), are stated in the election below.');
  return [para(sentences.join(' '))];
}

export function claimStatusRemarks(plan: AmendmentPlan, restriction?: { groups: Groups }): Paragraph[] {
  if (restriction) return restrictionStatus(plan, restriction.groups);
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
  const support = amended.length ? supportRemark(plan) : null;
  if (support) out.push(support);
  return out;
}

/** Amendments must find support in the application as filed (35 U.S.C. 132(a); MPEP 714, 2163.06). */
function supportRemark(plan: AmendmentPlan): Paragraph | null {
  const sources = new Set<number>();
  for (const c of plan.claims) {
    if (c.change.kind === 'incorporates') for (const d of c.change.dependents) sources.add(d);
    if (c.change.kind === 'rewritten_independent') for (const d of [...(c.change.chain ?? []), c.claim_number]) sources.add(d);
  }
  // Amendments the practitioner writes (kind `narrowed`) cite their support, and say no new matter
  // is added, in their own section: said here too it would only repeat it, before its support is cited.
  if (!sources.size) return null;
  const children: Inline[] = [
    run(`The amendments find support in the application as filed, e.g., in ${claimsPhrase([...sources])} as previously presented. No new matter is added.`),
  ];
  return para(children);
}
