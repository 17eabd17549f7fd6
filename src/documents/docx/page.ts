/**
 * Page setup of papers (not drawings): US letter, 1-inch margins, which meet the minimums of
 * 37 CFR 1.52(a)(1)(ii) (left at least 2.5 cm; top, right and bottom at least 2.0 cm); pages
 * numbered in the footer (37 CFR 1.52(b)(5) numbers the pages of the application papers
 * consecutively, and practice numbers the pages of a reply the same way).
 */
import { AlignmentType, Footer, Header, PageNumber, Paragraph, TextRun, type ISectionPropertiesOptions } from 'docx';
import { STYLE } from './styles.ts';

/** Twips (1/1440 inch). */
const LETTER = { width: 12240, height: 15840 } as const;
const INCH = 1440;

export const PAPER_PAGE: ISectionPropertiesOptions['page'] = {
  size: { width: LETTER.width, height: LETTER.height },
  margin: { top: INCH, right: INCH, bottom: INCH, left: INCH, header: 720, footer: 720 },
};

/** "Page 2 of 7", centred. */
export function pageNumberFooter(): Footer {
  return new Footer({
    children: [
      new Paragraph({
        style: STYLE.caption,
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] })],
      }),
    ],
  });
}

/** Running header of continuation pages: the application number, docket number and paper. */
export function continuationHeader(lines: readonly string[]): Header {
  return new Header({
    children: lines.map((l) => new Paragraph({ style: STYLE.caption, alignment: AlignmentType.RIGHT, children: [new TextRun({ text: l, size: 20 })] })),
  });
}

export function emptyHeader(): Header {
  return new Header({ children: [new Paragraph({ style: STYLE.caption, children: [] })] });
}
