/**
 * Response to an Office action: the paper a practitioner signs. Caption and title, an
 * introduction that says where each section begins, the claim listing of 37 CFR 1.121(c) on its
 * own sheets, then the remarks on new sheets (37 CFR 1.121(h)): status of the claims, one section
 * per ground of rejection in the order of the action, objections and allowable subject matter,
 * an interview request when the examiner's record favours one, entry after final (37 CFR 1.116),
 * the conclusion, and the signature block.
 */
import { Bookmark, PageReference, Paragraph, type Table } from 'docx';
import type { AmendmentPlan } from './amendment-plan.ts';
import { outlineResponse, type ResponseOutline } from './response-outline.ts';
import {
  claimObjectionRemarks,
  documentObjectionRemarks,
  drawingAmendments,
  needsSpecificationSection,
  replacementAbstractSheet,
  specificationAmendments,
} from './remarks/objections.ts';
import { completenessChecklist } from './remarks/completeness.ts';
import { countPlaceholders, inSection } from './docx/runs.ts';
import { DocumentInputError } from './validate.ts';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { claimListing } from './claim-listing.ts';
import { formatLongDate } from './format/dates.ts';
import { claimsPhrase } from './format/claim-numbers.ts';
import { countExcessClaims, excessClaimsSentences } from './forms/excess-claims.ts';
import { draftingNote, para, title } from './docx/paragraphs.ts';
import { run } from './docx/runs.ts';
import { STYLE } from './docx/styles.ts';
import { renderPaper } from './docx/render.ts';
import type { RejectionGround } from './rejection-grounds.ts';
import { actionDescription, responseTitle } from './response-title.ts';
import { afterFinalRemarks } from './remarks/after-final.ts';
import { allowableSubjectMatter, claimObjections } from './remarks/allowable.ts';
import { claimStatusRemarks } from './remarks/claim-status.ts';
import { conclusionRemarks } from './remarks/conclusion.ts';
import { answerOnGround, groundResponse } from './remarks/ground-response.ts';
import { interviewRemarks, interviewSuggestion } from './remarks/interview.ts';
import { restatement } from './remarks/restatement.ts';
import { electionRemarks, requirementForInformationRemarks } from './remarks/restriction.ts';
import { groundHeading } from './remarks/wording.ts';
import { timelinessOf, timelinessParagraphs, type Timeliness } from './remarks/timeliness.ts';
import { argumentsForGround, groundWithArgument, practitionerSection, replyFor, requirementText } from './remarks/practitioner-text.ts';
import type { CompletenessReport } from '../domain/response-plan/completeness.ts';
import { signatureBlock } from './signature.ts';
import { recordChartSites, type ChartPromptSite } from './remarks/grounds/chart-sites.ts';
import { modelDraftingNotes } from './remarks/model-drafting.ts';
import { checkCaption, checkClaims, checkDate } from './validate.ts';
import type { ResponseDraftInput } from './types.ts';

const CLAIMS_BOOKMARK = 'prosa_claims';
const REMARKS_BOOKMARK = 'prosa_remarks';

export interface ResponseReport {
  outline: ResponseOutline;
  /** Places the practitioner must fill in (highlighted, bracketed). */
  placeholders: number;
}

export async function buildResponseToOfficeAction(input: ResponseDraftInput): Promise<Buffer> {
  return (await draftResponse(input)).document;
}

/** The paper and what it does: the outline (with its completeness report) and the placeholders left. */
export async function draftResponse(input: ResponseDraftInput): Promise<{ document: Buffer; report: ResponseReport }> {
  const { caption, kind, outline, paperTitle, mailed, amends, specSection, drawings, recorded, timeliness } = composeResponse(input);
  const { plan } = outline;
  const built = recorded.value;
  const placeholders = built.placeholders;

  const children: (Paragraph | Table)[] = [...captionBlock(caption), title(paperTitle)];
  for (const note of input.drafting_notes ?? []) children.push(draftingNote(note));
  children.push(
    para(
      `In reply to the ${actionDescription(kind)} mailed ${mailed} (the “Office Action”), Applicant submits the following${amends ? ' amendments and' : ''} remarks.`,
    ),
  );
  // A late reply says what makes it one the Office can consider (issue 19 B6).
  children.push(...timelinessParagraphs(timeliness, kind, input.office_action.mailing_date));
  if (!outline.completeness.complete)
    for (const note of incompleteNotes(outline.completeness, input.accept_incomplete === true)) children.push(draftingNote(note));
  for (const note of modelDraftingNotes(input.file?.drafting, recorded.drafted)) children.push(draftingNote(note));
  if (placeholders > 0) {
    children.push(
      draftingNote(
        `${placeholders} highlighted, bracketed ${placeholders === 1 ? 'place needs' : 'places need'} the practitioner's text before filing; the checklist on the last page lists where each ground of the Office Action is answered.`,
      ),
    );
  }
  // The index MPEP 714 suggests, with page numbers worked out when the paper is built.
  if (specSection) children.push(para([run('Amendments to the Specification begin on page '), new PageReference(SPEC_BOOKMARK), run(' of this paper.')]));
  if (plan.changes_claims)
    children.push(
      para([
        run('Amendments to the Claims are reflected in the listing of claims which begins on page '),
        new PageReference(CLAIMS_BOOKMARK),
        run(' of this paper.'),
      ]),
    );
  if (drawings)
    children.push(
      para([
        run('Amendments to the Drawings begin on page '),
        new PageReference(DRAWINGS_BOOKMARK),
        run(' of this paper and include the attached replacement sheets.'),
      ]),
    );
  if (amends) children.push(para([run('Remarks begin on page '), new PageReference(REMARKS_BOOKMARK), run(' of this paper.')]));
  children.push(...built.value);
  children.push(...completenessChecklist(outline.completeness, placeholders));

  const document = await renderPaper({
    title: paperTitle,
    date: input.response_date,
    children,
    headerLines: captionHeaderLines(caption, `Reply to Office Action of ${mailed}`),
    template: input.template,
    pageReferences: true,
  });
  return { document, report: { outline, placeholders } };
}

/**
 * The paper's body, built but not rendered: its checks, outline, sections and the places it
 * leaves to the practitioner (counted as they are made, by part of the paper). Pure and
 * synchronous; `draftResponse` renders it, and `tallyResponse` counts it for a preview.
 */
function composeResponse(input: ResponseDraftInput) {
  const caption = checkCaption(input.caption);
  checkClaims(input.claims, input.strategy);
  checkDate('office_action.mailing_date', input.office_action.mailing_date);
  checkDate('response_date', input.response_date);
  const kind = input.office_action.kind;
  if (kind === 'notice_of_allowance') {
    throw new DocumentInputError(
      'a Notice of Allowance needs no reply: pay the issue fee (PTOL-85B) within the non-extendable three-month period (37 C.F.R. § 1.311(a)), with comments on the reasons for allowance if any (37 C.F.R. § 1.104(e)); use the issue-fee transmittal form instead',
    );
  }
  const outline = outlineResponse(input);
  if (outline.problems.length) throw new DocumentInputError(`these choices cannot be carried out: ${outline.problems.join('; ')}`);
  const suggestion = interviewSuggestion(input.examiner_stats);
  const { plan } = outline;
  const paperTitle = responseTitle(kind, plan.changes_claims || outline.documentObjections.length > 0);
  const mailed = formatLongDate(input.office_action.mailing_date);
  const specSection = needsSpecificationSection(outline.documentObjections);
  const drawings = outline.documentObjections.some((d) => d.target === 'drawings');
  const abstract = outline.documentObjections.some((d) => d.target === 'abstract');
  const amends = plan.changes_claims || specSection || drawings;
  const timeliness = timelinessOf(kind, input.office_action.mailing_date, input.response_date);

  const recorded = recordChartSites(() =>
    countPlaceholders(() => {
      const body: (Paragraph | Table)[] = [];
      if (specSection) {
        body.push(sectionHeading('Amendments to the Specification', SPEC_BOOKMARK, true));
        body.push(...inSection(PART.objections, () => specificationAmendments(outline.documentObjections)));
      }
      if (plan.changes_claims) {
        body.push(sectionHeading('Amendments to the Claims', CLAIMS_BOOKMARK, true));
        body.push(...inSection(PART.listing, () => claimListing(plan)));
      }
      if (drawings) {
        body.push(sectionHeading('Amendments to the Drawings', DRAWINGS_BOOKMARK, true));
        body.push(...inSection(PART.objections, () => drawingAmendments()));
      }
      // A paper that amends nothing has no sections to keep apart: its remarks follow the introduction.
      body.push(sectionHeading('Remarks', REMARKS_BOOKMARK, amends));
      body.push(...remarks(input, outline, suggestion, timeliness));
      body.push(...inSection(PART.conclusion, () => signatureBlock(input.response_date, input.practitioner)));
      if (abstract) body.push(...inSection(PART.objections, () => replacementAbstractSheet()));
      return body;
    }),
  );
  return { caption, kind, outline, paperTitle, mailed, amends, specSection, drawings, recorded, timeliness };
}

/**
 * The parts of the paper its places are counted by (`ResponseTally.by_part`): the claim listing,
 * the status of the claims, the election, the requirement for information, the objections (with
 * the amendments to the specification and drawings that answer them), each rejection ground's
 * section (`ground:` and the action's ground ids it answers, comma-separated), allowable subject
 * matter, and the conclusion (with the interview request, entry after final and the signature).
 */
const PART = {
  listing: 'listing',
  status: 'status',
  election: 'election',
  information: 'information',
  objections: 'objections',
  allowable: 'allowable',
  conclusion: 'conclusion',
  ground: (ids: readonly string[]) => `ground:${ids.join(',')}`,
} as const;

export interface ResponseTally {
  /** The count the paper prints on its first page ("N highlighted, bracketed places ..."). */
  placeholders: number;
  /** The same places by part of the paper (PART); they sum to `placeholders`. */
  by_part: Record<string, number>;
  /** Charted limitations a configured language model may explain in place of a bracketed request. */
  chart_sites: number;
}

/**
 * The places the paper would leave to the practitioner, counted by building it exactly as the
 * draft job does, without rendering it (a preview: the count shown before submitting is the
 * paper's own). Throws DocumentInputError as the real build would.
 */
export function tallyResponse(input: ResponseDraftInput): ResponseTally {
  const { recorded } = composeResponse(input);
  return { placeholders: recorded.value.placeholders, by_part: recorded.value.bySection, chart_sites: recorded.prompted.length };
}

/**
 * The charted limitations this paper would leave to the practitioner to explain (issue 18 item 7):
 * the remarks are built, not rendered, and the places recorded (remarks/grounds/chart-sites.ts).
 * Empty when the input cannot be built: the real build reports why.
 */
export function chartPromptSites(input: ResponseDraftInput): ChartPromptSite[] {
  if (!input.file) return [];
  const outline = outlineResponse(input);
  if (outline.problems.length) return [];
  return recordChartSites(() => remarks(input, outline, interviewSuggestion(input.examiner_stats))).prompted;
}

/** Page 1's notes on a draft that leaves something unanswered (37 CFR 1.111(b)): what, then each missing item once. */
function incompleteNotes(report: CompletenessReport, requested: boolean): string[] {
  const n = report.missing.length;
  const from = report.answers === 'practitioner' ? `was generated from an incomplete response plan (${n} item${n === 1 ? '' : 's'} missing) and ` : '';
  const unanswered = report.grounds.filter((g) => !g.answered).map((g) => g.title);
  const head = `INCOMPLETE REPLY${requested ? ' (drafted at your request)' : ''}: this draft ${from}does not answer ${unanswered.length ? unanswered.join('; ') : 'every choice made'}. 37 C.F.R. § 1.111(b) requires a reply to every ground of objection and rejection; an incomplete reply draws a notice under 37 C.F.R. § 1.135(c). Complete it before filing.`;
  // The practitioner reads these: the plain words, not the API's message (which names codes and calls).
  const items = report.missing.slice(0, MAX_NOTES).map((m) => `Missing: ${m.plain ?? m.message}`);
  if (n > MAX_NOTES) items.push(`... and ${n - MAX_NOTES} more (see the checklist on the last page).`);
  return [head, ...items];
}

const MAX_NOTES = 25;

const SPEC_BOOKMARK = 'prosa_specification';
const DRAWINGS_BOOKMARK = 'prosa_drawings';

/** A section heading, bookmarked for the page index; in an amendment each section starts a new sheet (37 CFR 1.121(h)). */
function sectionHeading(text: string, bookmark: string, newSheet: boolean): Paragraph {
  return new Paragraph({ style: STYLE.heading1, pageBreakBefore: newSheet || undefined, children: [new Bookmark({ id: bookmark, children: [run(text)] })] });
}

function roman(n: number): string {
  const table: [number, string][] = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let s = '';
  let k = n;
  for (const [v, r] of table)
    while (k >= v) {
      s += r;
      k -= v;
    }
  return s;
}

function remarks(
  input: ResponseDraftInput,
  outline: ResponseOutline,
  suggestion: ReturnType<typeof interviewSuggestion>,
  timeliness: Timeliness = timelinessOf(input.office_action.kind, input.office_action.mailing_date, input.response_date),
): Paragraph[] {
  const { plan, grounds } = outline;
  const kind = input.office_action.kind;
  const afterFinal = kind === 'final';
  const sections: { heading: string; paragraphs: Paragraph[] }[] = [];
  const restriction = kind === 'restriction' ? { groups: input.restriction_groups ?? [] } : undefined;
  sections.push({
    heading: 'Status of the Claims',
    paragraphs: inSection(PART.status, () => [...claimStatusRemarks(plan, restriction), ...claimNotes(plan, input.claim_fees)]),
  });
  const args = input.practitioner_arguments;
  if (kind === 'restriction')
    sections.push({
      heading: 'Election',
      paragraphs: inSection(PART.election, () =>
        electionRemarks(plan, input.election, input.office_action.mailing_date, input.restriction_groups, requirementText(args, 'restriction'), input.strategy),
      ),
    });
  if (kind === 'requirement_for_information' || outline.actionGrounds.some((g) => g.kind === 'information_requirement')) {
    sections.push({
      heading: 'Requirement for Information',
      paragraphs: inSection(PART.information, () => requirementForInformationRemarks(requirementText(args, 'information_requirement'))),
    });
  }
  // The practitioner's text (response plans) goes where it answers, by ground id; the rest in one section.
  const placed = new Set<string>((args ?? []).filter((a) => a.kind === 'restriction' || a.kind === 'information_requirement').map((a) => a.ground_id));
  for (const d of outline.documentObjections) {
    const reply = replyFor(d.id, args);
    if (reply) placed.add(d.id);
    sections.push(inSection(PART.objections, () => documentObjectionRemarks(d, reply)));
  }
  const claimReply = (id: string) => {
    const reply = replyFor(id, args);
    if (reply) placed.add(id);
    return reply;
  };
  const objections = inSection(PART.objections, () =>
    input.grounds ? claimObjectionRemarks(plan, outline.claimObjections, claimReply) : claimObjections(plan, grounds),
  );
  if (objections) sections.push(objections);
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const groundStrategies = input.ground_strategies ? { groundStrategies: input.ground_strategies } : {};
  const own = grounds.map((g) => argumentsForGround(g, args));
  for (const x of own.flat()) placed.add(x.ground_id);
  const further = practitionerSection(args, placed);
  if (further) sections.push(further);
  // Each amendment is stated once, in the first section answering a ground of the claim; later sections refer to it.
  const stated = new Map<number, string>();
  grounds.forEach((g: RejectionGround, i) => {
    const answer = (x: RejectionGround, argued = false) =>
      groundResponse(x, { plan, grounds, afterFinal, stated, argued, ...(input.file ? { file: input.file } : {}), ...groundStrategies });
    const answerOf = (n: number) => {
      const c = byNumber.get(n);
      return c ? answerOnGround(c, g, groundStrategies) : null;
    };
    sections.push({
      heading: groundHeading(g, claimsPhrase(g.claims, true)),
      paragraphs: inSection(PART.ground([...g.ids.keys()]), () => [
        ...restatement(g),
        ...(own[i].length ? groundWithArgument(g, own[i], answerOf, answer) : answer(g)),
      ]),
    });
  });
  const allowable = inSection(PART.allowable, () => allowableSubjectMatter(plan));
  if (allowable) sections.push(allowable);
  inSection(PART.conclusion, () => {
    if (suggestion) sections.push({ heading: 'Request for Interview', paragraphs: interviewRemarks(suggestion, afterFinal) });
    if (afterFinal)
      sections.push({ heading: 'Entry Under 37 C.F.R. § 1.116', paragraphs: afterFinalRemarks(plan, input.office_action.mailing_date, input.response_date) });
    const excessClaims = plan.claims.some((c) => c.change.kind === 'rewritten_independent' && c.pending_after);
    sections.push({
      heading: 'Conclusion',
      paragraphs: conclusionRemarks(kind, plan.changes_claims, input.practitioner, { revival: timeliness.kind === 'abandoned', excessClaims }),
    });
  });

  const out: Paragraph[] = [];
  sections.forEach((s, i) => {
    out.push(new Paragraph({ style: STYLE.heading2, children: [run(`${roman(i + 1)}. ${s.heading}`)] }));
    out.push(...s.paragraphs);
  });
  return out;
}

/** Notes on claims the practitioner must look at: dependents of canceled claims, claim fees. */
function claimNotes(plan: AmendmentPlan, fees: ResponseDraftInput['claim_fees']): Paragraph[] {
  const out: Paragraph[] = [];
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  for (const c of plan.claims) {
    if (c.depends_on_canceled !== undefined) {
      const before = byNumber.get(c.depends_on_canceled)?.change.kind === 'previously_canceled';
      out.push(
        draftingNote(
          `As this paper leaves it, claim ${c.claim_number} depends from claim ${c.depends_on_canceled}, which ${before ? 'was canceled earlier' : 'this paper cancels'}: amend claim ${c.claim_number} to depend from a pending claim, or cancel it.`,
        ),
      );
    } else if (c.repointed_from !== undefined) {
      const to =
        c.change.kind === 'dependency_updated' ? `to depend from claim ${c.change.to}, the base claim of claim ${c.repointed_from}` : 'into independent form';
      out.push(
        draftingNote(
          `Claim ${c.claim_number} depended from claim ${c.repointed_from}, which this paper cancels; the listing amends claim ${c.claim_number} ${to}. Confirm that this is the amendment intended.`,
        ),
      );
    }
  }
  // Claims rewritten in independent form are counted for the excess claims fees (issue 19), at the
  // application's entity status, whether or not every claim's dependency is known.
  const excess = countExcessClaims(
    plan.claims.map((c) => ({
      claim_number: c.claim_number,
      independent: c.parent === null ? true : c.parent === undefined ? (c.disposition?.independent === false ? false : null) : false,
      pending_before: c.change.kind !== 'previously_canceled' && c.change.kind !== 'unknown',
      pending_after: c.pending_after,
      rewritten: c.change.kind === 'rewritten_independent',
    })),
  );
  if (excess) {
    const independent = fees?.independent ?? { citation: '37 CFR 1.16(h)', title: 'Excess independent claims', amount: null };
    const total = fees?.total ?? { citation: '37 CFR 1.16(i)', title: 'Excess claims', amount: null };
    const rate = fees ? ` Amounts at the ${fees.entity_size} entity rate.` : '';
    out.push(
      draftingNote(
        `${excessClaimsSentences(excess, independent, total)}${rate} The fee is charged under the deposit account authorization in the Conclusion; confirm the number of independent claims paid for before filing.`,
      ),
    );
    return out;
  }
  const pendingBefore = plan.claims.filter((c) => c.change.kind !== 'previously_canceled' && c.change.kind !== 'unknown');
  const pendingAfter = plan.claims.filter((c) => c.pending_after);
  if (pendingAfter.every((c) => c.parent !== undefined) && pendingBefore.every((c) => c.parent !== undefined)) {
    const independentBefore = pendingBefore.filter((c) => c.parent === null).length;
    const independentAfter = pendingAfter.filter((c) => c.parent === null || c.change.kind === 'rewritten_independent').length;
    if (independentAfter > Math.max(3, independentBefore)) {
      out.push(
        draftingNote(
          `This paper brings the number of independent claims to ${independentAfter}: an excess claims fee is due for each independent claim over three that has not been paid for (37 C.F.R. § 1.16(h)).`,
        ),
      );
    }
  }
  return out;
}
