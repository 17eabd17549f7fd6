/**
 * Pre-appeal brief request for review (New Pre-Appeal Brief Conference Pilot Program, 1296 OG 67
 * (July 12, 2005), extended indefinitely): filed with the notice of appeal, no fee, at most five
 * pages of arguments pointing out clear errors in the rejections or the omission of an essential
 * element of a prima facie case. One section per ground; a ground without an argument leaves a
 * counted place. The five-page limit is checked by a word count (PAGE_WORDS per page).
 */
import { captionBlock, captionHeaderLines } from './caption.ts';
import { formatLongDate } from './format/dates.ts';
import { draftingNote, heading, para, title } from './docx/paragraphs.ts';
import { countPlaceholders, prompt } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { actionDescription } from './response-title.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkDate, DocumentInputError } from './validate.ts';
import type { PreAppealRequestInput } from './forms/types.ts';

const PRE_APPEAL_TITLE = 'PRE-APPEAL BRIEF REQUEST FOR REVIEW';
export const MAX_PAGES = 5;
/** Words of argument on a page of this paper (12-point, 1.5 lines): 5 pages ≈ 1,750 words. */
export const PAGE_WORDS = 350;

export function argumentWords(args: PreAppealRequestInput['arguments']): number {
  return args.reduce((n, a) => n + `${a.heading} ${a.text ?? ''}`.trim().split(/\s+/).filter(Boolean).length, 0);
}

export async function buildPreAppealRequest(input: PreAppealRequestInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  checkDate('office_action.mailing_date', input.office_action.mailing_date);
  if (input.arguments.length === 0) throw new DocumentInputError('a pre-appeal brief request needs at least one ground to argue');
  const words = argumentWords(input.arguments);
  if (words > MAX_PAGES * PAGE_WORDS)
    throw new DocumentInputError(
      `the arguments run to ${words} words, more than the ${MAX_PAGES} pages (about ${MAX_PAGES * PAGE_WORDS} words) the program allows`,
    );
  const built = countPlaceholders(() => [
    para(
      `Applicant requests review of the final rejection in the above-identified application, the ${actionDescription(input.office_action.kind)} mailed ${formatLongDate(input.office_action.mailing_date)}. No amendments are being filed with this request. This request is being filed with a notice of appeal. The review is requested for the reasons stated below, which point out clear errors in the rejections or the omission of an essential element needed for a prima facie rejection.`,
    ),
    heading(2, 'REASONS FOR REQUESTING REVIEW'),
    ...input.arguments.flatMap((a) => [
      heading(3, a.heading),
      para(a.text?.trim() ? a.text.trim() : [prompt(`the clear error or the missing element of the prima facie case in this rejection (${a.heading})`)]),
    ]),
    ...signatureBlock(input.date, input.practitioner),
  ]);
  const notes = [
    draftingNote(
      `Arguments: ${words} words of at most about ${MAX_PAGES * PAGE_WORDS} (${MAX_PAGES} pages, 1296 OG 67). File with the notice of appeal; no fee. The time for the appeal brief then runs to one month from the mailing of the panel's decision or the balance of the two months from the notice of appeal, whichever is longer.`,
    ),
    ...(built.placeholders > 0
      ? [
          draftingNote(
            `${built.placeholders} highlighted, bracketed ${built.placeholders === 1 ? 'place needs' : 'places need'} the practitioner's text before filing.`,
          ),
        ]
      : []),
  ];
  return renderPaper({
    title: PRE_APPEAL_TITLE,
    date: input.date,
    children: [...captionBlock(caption), title(PRE_APPEAL_TITLE), ...notes, ...built.value],
    headerLines: captionHeaderLines(caption, 'Pre-Appeal Brief Request for Review'),
    template: input.template,
  });
}
