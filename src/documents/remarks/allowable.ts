/**
 * Objections and allowable subject matter. Indicated allowability is acknowledged; what the reply
 * does with each objected claim is stated (incorporated, rewritten in independent form, now
 * depending from an amended base claim), and an objection the reply does not cure is asked to be
 * held in abeyance, which 37 CFR 1.111(b) allows for objections and requirements as to form.
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { para, quote } from '../docx/paragraphs.ts';
import { prompt, run } from '../docx/runs.ts';
import { isAmended, type AmendmentPlan, type PlannedClaim } from '../amendment-plan.ts';
import type { RejectionGround } from '../rejection-grounds.ts';

export interface RemarksSection {
  heading: string;
  paragraphs: Paragraph[];
}

function isAllowableObjected(c: PlannedClaim): boolean {
  const d = c.disposition;
  return d?.status === 'objected' && d.allowable_if_rewritten !== false;
}

/** Root claim a claim depends from, and whether this paper amends it to take in allowable matter. */
function baseAmended(c: PlannedClaim, byNumber: Map<number, PlannedClaim>): number | null {
  const seen = new Set<number>();
  let p = c.parent;
  while (typeof p === 'number' && !seen.has(p)) {
    seen.add(p);
    const base = byNumber.get(p);
    if (!base) return null;
    if (base.change.kind === 'incorporates' || base.change.kind === 'rewritten_independent') return p;
    p = base.parent;
  }
  return null;
}

export function allowableSubjectMatter(plan: AmendmentPlan): RemarksSection | null {
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const allowed = plan.claims.filter((c) => c.disposition?.status === 'allowed' && c.change.kind !== 'previously_canceled').map((c) => c.claim_number);
  const objected = plan.claims.filter(isAllowableObjected);
  if (!allowed.length && !objected.length) return null;

  const thanks: string[] = [];
  if (allowed.length) thanks.push(`that ${claimsPhrase(allowed)} ${verbFor(allowed, 'is', 'are')} allowed`);
  if (objected.length) {
    const o = objected.map((c) => c.claim_number);
    thanks.push(
      `that ${claimsPhrase(o)} would be allowable if rewritten in independent form including all of the limitations of the base claim and any intervening claims`,
    );
  }
  const paragraphs: Paragraph[] = [para(`Applicant thanks the Examiner for indicating ${thanks.join(', and ')}.`)];

  const into = new Map<number, number[]>();
  const rewritten: number[] = [];
  const throughBase = new Map<number, number[]>();
  const canceled: number[] = [];
  const abeyance: number[] = [];
  for (const c of objected) {
    const n = c.claim_number;
    if (c.change.kind === 'canceled_into') into.set(c.change.into, [...(into.get(c.change.into) ?? []), n]);
    else if (c.change.kind === 'rewritten_independent') rewritten.push(n);
    else if (c.change.kind === 'canceled') canceled.push(n);
    else {
      const base = baseAmended(c, byNumber);
      if (base !== null) throughBase.set(base, [...(throughBase.get(base) ?? []), n]);
      else abeyance.push(n);
    }
  }
  for (const [base, deps] of into) {
    paragraphs.push(
      para(
        `Claim ${base} has been amended to include the limitations of ${claimsPhrase(deps)}, and ${claimsPhrase(deps)} ${verbFor(deps, 'has', 'have')} been canceled. Claim ${base} is therefore in condition for allowance.`,
      ),
    );
  }
  if (rewritten.length) {
    paragraphs.push(
      para(
        `${claimsPhrase(rewritten, true)} ${verbFor(rewritten, 'has', 'have')} been rewritten in independent form including all of the limitations of the base claim and any intervening claims, and ${verbFor(rewritten, 'is', 'are')} therefore in condition for allowance.`,
      ),
    );
  }
  for (const [base, deps] of throughBase) {
    paragraphs.push(
      para(
        `${claimsPhrase(deps, true)} ${verbFor(deps, 'depends', 'depend')} from claim ${base}, which as amended includes the subject matter indicated allowable, and ${verbFor(deps, 'is', 'are')} allowable for at least the same reasons. Withdrawal of the objection is requested.`,
      ),
    );
  }
  if (canceled.length)
    paragraphs.push(
      para(
        `${claimsPhrase(canceled, true)} ${verbFor(canceled, 'has', 'have')} been canceled, rendering the objection moot as to ${verbFor(canceled, 'that claim', 'those claims')}.`,
      ),
    );
  if (abeyance.length) {
    paragraphs.push(
      para(
        `Because the base claims are believed allowable for the reasons given above, Applicant requests that the objection to ${claimsPhrase(abeyance)} be held in abeyance until the patentability of the base claims is resolved (37 C.F.R. § 1.111(b)).`,
      ),
    );
  }
  return { heading: 'Allowable Subject Matter', paragraphs };
}

/** Objections other than "dependent upon a rejected base claim": informalities and the like. */
export function claimObjections(plan: AmendmentPlan, grounds: readonly RejectionGround[]): RemarksSection | null {
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const items: { claims: number[]; statement: string | null }[] = grounds
    .filter((g) => g.family === 'objection')
    .map((g) => ({ claims: g.claims, statement: g.statement }));
  const listed = new Set(items.flatMap((i) => i.claims));
  const informal = plan.claims
    .filter((c) => c.disposition?.status === 'objected' && c.disposition.allowable_if_rewritten === false && !listed.has(c.claim_number))
    .map((c) => c.claim_number);
  if (informal.length) items.push({ claims: informal, statement: null });
  if (!items.length) return null;

  const paragraphs: Paragraph[] = [];
  for (const item of items) {
    const n = item.claims;
    paragraphs.push(
      para(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} objected to${item.statement ? '. The Office Action states:' : ' for informalities.'}`),
    );
    if (item.statement) paragraphs.push(quote(item.statement));
    const amended = n.filter((x) => {
      const c = byNumber.get(x);
      return c ? isAmended(c) : false;
    });
    const canceled = n.filter((x) => {
      const k = byNumber.get(x)?.change.kind;
      return k === 'canceled' || k === 'canceled_into';
    });
    const rest = n.filter((x) => !amended.includes(x) && !canceled.includes(x));
    if (amended.length) {
      paragraphs.push(
        para([
          run(`${claimsPhrase(amended, true)} ${verbFor(amended, 'has', 'have')} been amended to address the objection by `),
          prompt('describe the correction'),
          run('.'),
        ]),
      );
    }
    if (canceled.length)
      paragraphs.push(
        para(
          `${claimsPhrase(canceled, true)} ${verbFor(canceled, 'has', 'have')} been canceled, rendering the objection moot as to ${verbFor(canceled, 'it', 'them')}.`,
        ),
      );
    if (rest.length) {
      paragraphs.push(
        para([prompt(`Address the objection to ${claimsPhrase(rest)}, or request that it be held in abeyance (37 C.F.R. § 1.111(b))`), run('.')]),
      );
    }
  }
  paragraphs.push(para('Withdrawal of the objections is respectfully requested.'));
  return { heading: 'Objections to the Claims', paragraphs };
}
