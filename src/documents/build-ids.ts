/**
 * Information disclosure statement: a transmittal with the statements 37 CFR 1.97 and 1.98 call
 * for (timing, 1.97(e) statement and 1.17(p) fee where needed, size-fee assertion), signed, then
 * the list in the form of PTO/SB/08 on its own sheets, numbered "Sheet n of N" as the form is.
 */
import { AlignmentType, Footer, PageNumber, Paragraph, TextRun } from 'docx';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { draftingNote, title } from './docx/paragraphs.ts';
import { countPlaceholders } from './docx/runs.ts';
import { PAPER_PAGE } from './docx/page.ts';
import { renderPaper } from './docx/render.ts';
import { STYLE } from './docx/styles.ts';
import { contentParagraphs, timingParagraphs } from './ids/statements.ts';
import { sb08List } from './ids/sb08-list.ts';
import { signatureBlock } from './signature.ts';
import { unverifiedFeeNote } from './forms/fee-paragraphs.ts';
import { checkCaption, checkDate, DocumentInputError } from './validate.ts';
import type { IdsInput } from './types.ts';

export const IDS_TITLE = 'INFORMATION DISCLOSURE STATEMENT UNDER 37 C.F.R. §§ 1.97 AND 1.98';

export async function buildIds(input: IdsInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  if (!['1.97(b)', '1.97(c)', '1.97(d)'].includes(input.timing))
    throw new DocumentInputError(`timing must be 1.97(b), 1.97(c) or 1.97(d), got ${JSON.stringify(input.timing)}`);
  for (const d of [...(input.us_patents ?? []), ...(input.us_publications ?? []), ...(input.foreign_documents ?? [])]) checkDate('document date', d.date);
  const counts = {
    usPatents: input.us_patents?.length ?? 0,
    usPublications: input.us_publications?.length ?? 0,
    foreign: input.foreign_documents?.length ?? 0,
    npl: input.non_patent_literature?.length ?? 0,
  };
  if (counts.usPatents + counts.usPublications + counts.foreign + counts.npl === 0)
    throw new DocumentInputError('an information disclosure statement must list at least one item');
  const data = { ...input, caption };
  const built = countPlaceholders(() => [...timingParagraphs(data), ...contentParagraphs(data, counts), ...signatureBlock(input.date, input.practitioner)]);
  const list = countPlaceholders(() => sb08List(data));
  const places = built.placeholders + list.placeholders;
  const notes: Paragraph[] = [];
  if (input.timing_basis) notes.push(draftingNote(`Timing from the docket: ${input.timing_basis}`));
  if (input.pay_fee_1_17_p && input.fee_1_17_p)
    notes.push(
      ...unverifiedFeeNote([
        { citation: '37 CFR 1.17(p)', title: 'Information disclosure statement', amount: input.fee_1_17_p.amount, verified: input.fee_1_17_p.verified },
      ]),
    );
  if (places > 0)
    notes.push(draftingNote(`${places} highlighted, bracketed ${places === 1 ? 'place needs' : 'places need'} the practitioner's text before filing.`));
  const children = [...captionBlock(caption), title(IDS_TITLE), ...notes, ...built.value];
  return renderPaper({
    title: IDS_TITLE,
    date: input.date,
    children,
    headerLines: captionHeaderLines(caption, 'Information Disclosure Statement'),
    template: input.template,
    // Writes the "Sheet n of N" numbers with the document: LibreOffice cannot compute SECTIONPAGES.
    pageReferences: true,
    moreSections: [
      {
        properties: { page: { ...PAPER_PAGE, pageNumbers: { start: 1 } } },
        footers: { default: sheetFooter() },
        children: list.value,
      },
    ],
  });
}

/** "Sheet 1 of 2", counted within the list (the form's own sheet numbering). */
function sheetFooter(): Footer {
  return new Footer({
    children: [
      new Paragraph({
        style: STYLE.caption,
        alignment: AlignmentType.RIGHT,
        children: [new TextRun({ children: ['Sheet ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES_IN_SECTION] })],
      }),
    ],
  });
}
