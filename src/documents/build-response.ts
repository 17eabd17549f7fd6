/**
 * Response to an Office action: the paper a practitioner signs. Caption and title, an
 * introduction that says where each section begins, the claim listing of 37 CFR 1.121(c) on its
 * own sheets, then the remarks on new sheets (37 CFR 1.121(h)): status of the claims, one section
 * per ground of rejection in the order of the action, objections and allowable subject matter,
 * an interview request when the examiner's record favours one, entry after final (37 CFR 1.116),
 * the conclusion, and the signature block.
 */
import { Bookmark, PageReference, Paragraph, type Table } from 'docx';
import { planAmendments, type AmendmentPlan } from './amendment-plan.ts';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { claimListing } from './claim-listing.ts';
import { formatLongDate } from './format/dates.ts';
import { claimsPhrase } from './format/claim-numbers.ts';
import { draftingNote, para, title } from './docx/paragraphs.ts';
import { run } from './docx/runs.ts';
import { STYLE } from './docx/styles.ts';
import { renderPaper } from './docx/render.ts';
import { collectRejectionGrounds, type RejectionGround } from './rejection-grounds.ts';
import { actionDescription, responseTitle } from './response-title.ts';
import { afterFinalRemarks } from './remarks/after-final.ts';
import { allowableSubjectMatter, claimObjections } from './remarks/allowable.ts';
import { claimStatusRemarks } from './remarks/claim-status.ts';
import { conclusionRemarks } from './remarks/conclusion.ts';
import { groundResponse } from './remarks/ground-response.ts';
import { interviewRemarks, interviewSuggestion } from './remarks/interview.ts';
import { restatement } from './remarks/restatement.ts';
import { electionRemarks, requirementForInformationRemarks } from './remarks/restriction.ts';
import { groundHeading } from './remarks/wording.ts';
import { argumentsForGround, groundWithArgument, practitionerSection, requirementText } from './remarks/practitioner-text.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkClaims, checkDate } from './validate.ts';
import type { ResponseDraftInput } from './types.ts';

const CLAIMS_BOOKMARK = 'prosa_claims';
const REMARKS_BOOKMARK = 'prosa_remarks';

export async function buildResponseToOfficeAction(input: ResponseDraftInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkClaims(input.claims, input.strategy);
  checkDate('office_action.mailing_date', input.office_action.mailing_date);
  checkDate('response_date', input.response_date);
  const kind = input.office_action.kind;
  const suggestion = interviewSuggestion(input.examiner_stats);
  const plan = planAmendments({
    kind,
    claims: input.claims,
    strategy: input.strategy,
    claims_text: input.claims_text,
    previously_presented: input.previously_presented,
    amended_text: input.amended_claims_text,
  });
  const grounds = collectRejectionGrounds(input.claims);
  const paperTitle = responseTitle(kind, plan.changes_claims);
  const mailed = formatLongDate(input.office_action.mailing_date);

  const children: (Paragraph | Table)[] = [...captionBlock(caption), title(paperTitle)];
  for (const note of input.drafting_notes ?? []) children.push(draftingNote(note));
  children.push(para(`In reply to the ${actionDescription(kind)} mailed ${mailed} (the “Office Action”), Applicant submits the following${plan.changes_claims ? ' amendments and' : ''} remarks.`));
  if (plan.changes_claims) {
    // The index MPEP 714 suggests, with page numbers worked out when the paper is built.
    children.push(para([run('Amendments to the Claims are reflected in the listing of claims which begins on page '), new PageReference(CLAIMS_BOOKMARK), run(' of this paper.')]));
    children.push(para([run('Remarks begin on page '), new PageReference(REMARKS_BOOKMARK), run(' of this paper.')]));
    children.push(sectionHeading('Amendments to the Claims', CLAIMS_BOOKMARK, true));
    children.push(...claimListing(plan));
  }
  // A paper that amends nothing has no sections to keep apart: its remarks follow the introduction.
  children.push(sectionHeading('Remarks', REMARKS_BOOKMARK, plan.changes_claims));
  children.push(...remarks(input, plan, grounds, suggestion));
  children.push(...signatureBlock(input.response_date, input.practitioner));

  return renderPaper({
    title: paperTitle,
    date: input.response_date,
    children,
    headerLines: captionHeaderLines(caption, `Reply to Office Action of ${mailed}`),
    template: input.template,
    pageReferences: true,
  });
}

/** A section heading, bookmarked for the page index; in an amendment each section starts a new sheet (37 CFR 1.121(h)). */
function sectionHeading(text: string, bookmark: string, newSheet: boolean): Paragraph {
  return new Paragraph({ style: STYLE.heading1, pageBreakBefore: newSheet || undefined, children: [new Bookmark({ id: bookmark, children: [run(text)] })] });
}

function roman(n: number): string {
  const table: [number, string][] = [[10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let s = '';
  let k = n;
  for (const [v, r] of table) while (k >= v) { s += r; k -= v; }
  return s;
}

function remarks(
  input: ResponseDraftInput,
  plan: AmendmentPlan,
  grounds: RejectionGround[],
  suggestion: ReturnType<typeof interviewSuggestion>,
): Paragraph[] {
  const kind = input.office_action.kind;
  const afterFinal = kind === 'final';
  const sections: { heading: string; paragraphs: Paragraph[] }[] = [];
  sections.push({ heading: 'Status of the Claims', paragraphs: [...claimStatusRemarks(plan), ...claimNotes(plan)] });
  const args = input.practitioner_arguments;
  if (kind === 'restriction') sections.push({ heading: 'Election', paragraphs: electionRemarks(plan, input.election, input.office_action.mailing_date, requirementText(args, 'restriction')) });
  if (kind === 'requirement_for_information') sections.push({ heading: 'Requirement for Information', paragraphs: requirementForInformationRemarks(requirementText(args, 'information_requirement')) });

  const objections = claimObjections(plan, grounds);
  if (objections) sections.push(objections);
  const rejections = grounds.filter((g) => g.family !== 'objection');
  // The practitioner's arguments (response plans) go under their grounds; the rest in one section.
  const placed = new Set<string>();
  const planStrategy = (n: number) => input.strategy[n] ?? input.claims.find((c) => c.claim_number === n)?.recommendation ?? null;
  const own = rejections.map((g) => argumentsForGround(g, args));
  own.forEach((a) => a.forEach((x) => placed.add(x.ground_id)));
  const further = practitionerSection(args, placed);
  if (further) sections.push(further);
  rejections.forEach((g, i) => {
    const answer = (x: typeof g) => groundResponse(x, { plan, grounds, afterFinal });
    sections.push({
      heading: groundHeading(g, claimsPhrase(g.claims, true)),
      paragraphs: [...restatement(g), ...(own[i].length ? groundWithArgument(g, own[i], planStrategy, answer) : answer(g))],
    });
  });
  const allowable = allowableSubjectMatter(plan);
  if (allowable) sections.push(allowable);
  if (suggestion) sections.push({ heading: 'Request for Interview', paragraphs: interviewRemarks(suggestion, afterFinal) });
  if (afterFinal) sections.push({ heading: 'Entry Under 37 C.F.R. § 1.116', paragraphs: afterFinalRemarks(plan, input.office_action.mailing_date, input.response_date) });
  sections.push({ heading: 'Conclusion', paragraphs: conclusionRemarks(kind, plan.changes_claims, input.practitioner) });

  const out: Paragraph[] = [];
  sections.forEach((s, i) => {
    out.push(new Paragraph({ style: STYLE.heading2, children: [run(`${roman(i + 1)}. ${s.heading}`)] }));
    out.push(...s.paragraphs);
  });
  return out;
}

/** Notes on claims the practitioner must look at: dependents of canceled claims, claim fees. */
function claimNotes(plan: AmendmentPlan): Paragraph[] {
  const out: Paragraph[] = [];
  for (const c of plan.claims) {
    if (c.depends_on_canceled !== undefined) {
      out.push(draftingNote(`Claim ${c.claim_number} depends from claim ${c.depends_on_canceled}, which this paper cancels: amend claim ${c.claim_number} to depend from a pending claim, or cancel it.`));
    }
  }
  const pendingBefore = plan.claims.filter((c) => c.change.kind !== 'previously_canceled' && c.change.kind !== 'unknown');
  const pendingAfter = plan.claims.filter((c) => c.pending_after);
  if (pendingAfter.every((c) => c.parent !== undefined) && pendingBefore.every((c) => c.parent !== undefined)) {
    const independentBefore = pendingBefore.filter((c) => c.parent === null).length;
    const independentAfter = pendingAfter.filter((c) => c.parent === null || c.change.kind === 'rewritten_independent').length;
    if (independentAfter > Math.max(3, independentBefore)) {
      out.push(draftingNote(`This paper brings the number of independent claims to ${independentAfter}: an excess claims fee is due for each independent claim over three that has not been paid for (37 C.F.R. § 1.16(h)).`));
    }
  }
  return out;
}
