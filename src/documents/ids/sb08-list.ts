/**
 * The list of an information disclosure statement in the form of PTO/SB/08 ("Substitute for
 * form 1449/PTO"): a "complete if known" box, then U.S. patents, U.S. patent application
 * publications, foreign patent documents and non-patent literature, each with the form's
 * columns, cite numbers running through all four, and the examiner's signature box.
 */
import { AlignmentType, Paragraph, TextRun, type Table } from 'docx';
import { formatApplicationNumber } from '../../domain/application-number.ts';
import { formatFormDate } from '../format/dates.ts';
import { heading } from '../docx/paragraphs.ts';
import { prompt } from '../docx/runs.ts';
import { STYLE } from '../docx/styles.ts';
import { gridTable, type CellContent } from '../docx/tables.ts';
import type { ApplicationCaption, IdsForeignDocument, IdsInput, IdsNonPatentLiterature, IdsUsDocument } from '../types.ts';

const sup = (text: string) => new TextRun({ text, superScript: true, bold: true, size: 18 });
const b = (text: string) => new TextRun({ text, bold: true, size: 18 });
const head = (text: string, mark?: string): CellContent => (mark ? [b(text), sup(mark)] : text);

/** "9876543" → "9,876,543"; a number already formatted is kept. */
export function formatUsPatentNumber(n: string): string {
  const digits = n.replace(/^US\s*/i, '').trim();
  return /^\d+$/.test(digits) ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : digits;
}

/** "20190123456" → "2019/0123456"; a number already formatted is kept. */
function formatUsPublicationNumber(n: string): string {
  const digits = n.replace(/^US\s*/i, '').trim();
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 4)}/${digits.slice(4)}` : digits;
}

const W = { initials: 1050, cite: 650, number: 1600, kind: 750, date: 1250, name: 2060, pages: 2000 };
const WF = { ...W, number: 1650, name: 1710, pages: 1850, t: 450 };

function usTable(docs: readonly IdsUsDocument[], start: number, kind: 'patent' | 'publication'): Table {
  const rows = docs.map((d, i) => [
    '',
    String(start + i),
    `US-${kind === 'patent' ? formatUsPatentNumber(d.number) : formatUsPublicationNumber(d.number)}`,
    d.kind_code ?? '',
    formatFormDate(d.date),
    d.patentee_or_applicant,
    d.relevant_passages ?? '',
  ]);
  return gridTable(
    [
      head('Examiner Initials', '*'),
      head('Cite No.', '1'),
      head('Document Number'),
      head('Kind Code', '2'),
      head(kind === 'patent' ? 'Issue Date (MM-DD-YYYY)' : 'Publication Date (MM-DD-YYYY)'),
      head('Name of Patentee or Applicant of Cited Document'),
      head('Pages, Columns, Lines, Where Relevant Passages or Relevant Figures Appear'),
    ],
    rows.length ? rows : [['', '', 'None', '', '', '', '']],
    [W.initials, W.cite, W.number, W.kind, W.date, W.name, W.pages],
  );
}

function foreignTable(docs: readonly IdsForeignDocument[], start: number): Table {
  const rows = docs.map((d, i) => [
    '',
    String(start + i),
    `${d.country_code.toUpperCase()}-${d.number}`,
    d.kind_code ?? '',
    formatFormDate(d.date),
    d.patentee_or_applicant,
    d.relevant_passages ?? '',
    d.translation_attached ? '✓' : '',
  ]);
  return gridTable(
    [
      head('Examiner Initials', '*'),
      head('Cite No.', '1'),
      [b('Foreign Patent Document (Country Code'), sup('3'), b('-Number'), sup('4'), b(')')],
      head('Kind Code', '5'),
      head('Publication Date (MM-DD-YYYY)'),
      head('Name of Patentee or Applicant of Cited Document'),
      head('Pages, Columns, Lines, Where Relevant Passages or Relevant Figures Appear'),
      head('T', '6'),
    ],
    rows.length ? rows : [['', '', 'None', '', '', '', '', '']],
    [WF.initials, WF.cite, WF.number, WF.kind, WF.date, WF.name, WF.pages, WF.t],
  );
}

function nplTable(docs: readonly IdsNonPatentLiterature[], start: number): Table {
  const rows = docs.map((d, i) => ['', String(start + i), d.citation, d.translation_attached ? '✓' : '']);
  return gridTable(
    [
      head('Examiner Initials', '*'),
      head('Cite No.', '1'),
      head(
        'Include name of the author (in CAPITAL LETTERS), title of the article (when appropriate), title of the item (book, magazine, journal, serial, symposium, catalog, etc.), date, page(s), volume-issue number(s), publisher, city and/or country where published.',
      ),
      head('T', '6'),
    ],
    rows.length ? rows : [['', '', 'None', '']],
    [W.initials, W.cite, 7210, 450],
  );
}

function completeIfKnown(c: ApplicationCaption): Table {
  const rows: [string, CellContent][] = [
    ['Application Number', formatApplicationNumber(c.application_number)],
    ['Filing Date', formatFormDate(c.filing_date)],
    // From the application record; a marked place when the record does not name the inventor (never left blank or guessed).
    ['First Named Inventor', c.first_named_inventor ?? [prompt('first named inventor, as in the application data sheet')]],
    ['Art Unit', c.art_unit],
    ['Examiner Name', c.examiner_name],
    ['Attorney Docket Number', c.attorney_docket_number ?? ''],
  ];
  return gridTable([head('Complete if Known'), ''], rows, [3600, 5760]);
}

const FOOTNOTES = [
  '*EXAMINER: Initial if reference considered, whether or not citation is in conformance with MPEP 609. Draw line through citation if not in conformance and not considered. Include copy of this form with next communication to applicant.',
  '1 Applicant’s unique citation designation number (optional). 2 See Kinds Codes of USPTO Patent Documents at www.uspto.gov or MPEP 901.04. 3 Enter Office that issued the document, by the two-letter code (WIPO Standard ST.3). 4 For Japanese patent documents, the indication of the year of the reign of the Emperor must precede the serial number of the patent document. 5 Kind of document by the appropriate symbols as indicated on the document under WIPO Standard ST.16 if possible. 6 Applicant is to place a check mark here if English language translation is attached.',
];

const small = (text: string, options: { bold?: boolean; alignment?: (typeof AlignmentType)[keyof typeof AlignmentType] } = {}) =>
  new Paragraph({ style: STYLE.tableText, alignment: options.alignment, spacing: { after: 60 }, children: [new TextRun({ text, bold: options.bold })] });

export function sb08List(input: IdsInput): (Paragraph | Table)[] {
  const us = input.us_patents ?? [];
  const pubs = input.us_publications ?? [];
  const foreign = input.foreign_documents ?? [];
  const npl = input.non_patent_literature ?? [];
  let cite = 1;
  const next = (n: number) => {
    const s = cite;
    cite += n;
    return s;
  };
  return [
    small('Substitute for form 1449/PTO', { alignment: AlignmentType.RIGHT }),
    new Paragraph({ style: STYLE.title, children: [new TextRun('INFORMATION DISCLOSURE STATEMENT BY APPLICANT')] }),
    small('(Use as many sheets as necessary)', { alignment: AlignmentType.CENTER }),
    completeIfKnown(input.caption),
    heading(2, 'U.S. PATENTS'),
    usTable(us, next(us.length), 'patent'),
    heading(2, 'U.S. PATENT APPLICATION PUBLICATIONS'),
    usTable(pubs, next(pubs.length), 'publication'),
    heading(2, 'FOREIGN PATENT DOCUMENTS'),
    foreignTable(foreign, next(foreign.length)),
    heading(2, 'NON PATENT LITERATURE DOCUMENTS'),
    nplTable(npl, next(npl.length)),
    new Paragraph({ style: STYLE.tableText, spacing: { before: 240 }, children: [] }),
    gridTable([head('Examiner Signature'), head('Date Considered')], [['', '']], [6360, 3000]),
    ...FOOTNOTES.map((f) => small(f)),
  ];
}
