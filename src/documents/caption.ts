/**
 * The caption that heads every paper filed in an application: the Office, then the
 * application's identification (37 CFR 1.5(a): a paper concerning an application should identify
 * it by application number, and the conventional caption adds the filing date, first named
 * inventor, title, art unit, examiner, attorney docket and confirmation numbers; MPEP 502, 714).
 * Numbers are literal text, never fields (stack.md §6: unfilled fields render empty).
 */
import { AlignmentType, BorderStyle, Paragraph, Table, TableCell, TableRow, WidthType } from 'docx';
import { formatApplicationNumber } from '../domain/application-number.ts';
import { formatLongDate } from './format/dates.ts';
import { STYLE } from './docx/styles.ts';
import { run } from './docx/runs.ts';
import type { ApplicationCaption } from './types.ts';

type Line = [label: string, value: string];

/** "REBMANN, JOHN T" → "John T. Rebmann": papers name the examiner first name first (MPEP 714 practice). */
export function examinerFirstLast(name: string): string {
  const m = /^\s*([^,]+),\s*(.+?)\s*$/.exec(name);
  const ordered = m ? `${m[2]} ${m[1]}` : name.trim();
  const upper = ordered === ordered.toUpperCase();
  return ordered
    .split(/\s+/)
    .map((w) => {
      if (/^[A-Za-z]\.?$/.test(w)) return `${w[0].toUpperCase()}.`;
      if (!upper) return w;
      return w
        .toLowerCase()
        .replace(/(^|[-'’])(\p{L})/gu, (_x, p: string, c: string) => p + c.toUpperCase())
        .replace(/^Mc(\p{L})/u, (_x, c: string) => `Mc${c.toUpperCase()}`);
    })
    .join(' ');
}

function captionLines(c: ApplicationCaption): { left: Line[]; right: Line[] } {
  const left: Line[] = [];
  if (c.first_named_inventor) left.push(['In re Application of:', c.first_named_inventor]);
  if (c.applicant) left.push(['Applicant:', c.applicant]);
  left.push(['Application No.:', formatApplicationNumber(c.application_number)]);
  left.push(['Filed:', formatLongDate(c.filing_date)]);
  left.push(['Title:', c.title]);
  const right: Line[] = [];
  if (c.confirmation_number) right.push(['Confirmation No.:', c.confirmation_number]);
  right.push(['Art Unit:', c.art_unit]);
  right.push(['Examiner:', examinerFirstLast(c.examiner_name)]);
  if (c.attorney_docket_number) right.push(['Attorney Docket No.:', c.attorney_docket_number]);
  return { left, right };
}

const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const NO_BORDERS = { top: NONE, bottom: NONE, left: NONE, right: NONE, insideHorizontal: NONE, insideVertical: NONE };
const COLUMNS = [5040, 360, 3960];

function cell(line: Line | undefined, width: number): TableCell {
  const children = line
    ? [new Paragraph({ style: STYLE.caption, children: [run(`${line[0]} `, { bold: true }), run(line[1])] })]
    : [new Paragraph({ style: STYLE.caption, children: [] })];
  return new TableCell({ width: { size: width, type: WidthType.DXA }, children });
}

function bracketCell(): TableCell {
  return new TableCell({ width: { size: COLUMNS[1], type: WidthType.DXA }, children: [new Paragraph({ style: STYLE.caption, children: [run(')')] })] });
}

/** "IN THE UNITED STATES PATENT AND TRADEMARK OFFICE" and the two-sided caption. */
export function captionBlock(c: ApplicationCaption): (Paragraph | Table)[] {
  const { left, right } = captionLines(c);
  const rows: TableRow[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    rows.push(new TableRow({ cantSplit: true, children: [cell(left[i], COLUMNS[0]), bracketCell(), cell(right[i], COLUMNS[2])] }));
  }
  return [
    new Paragraph({
      style: STYLE.caption,
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [run('IN THE UNITED STATES PATENT AND TRADEMARK OFFICE', { bold: true })],
    }),
    new Table({ rows, width: { size: COLUMNS.reduce((a, b) => a + b, 0), type: WidthType.DXA }, columnWidths: COLUMNS, borders: NO_BORDERS }),
    new Paragraph({ style: STYLE.caption, spacing: { after: 240 }, children: [] }),
  ];
}

/** Running header of continuation pages. */
export function captionHeaderLines(c: ApplicationCaption, paper: string): string[] {
  const lines = [`Application No. ${formatApplicationNumber(c.application_number)}`];
  if (c.attorney_docket_number) lines.push(`Attorney Docket No. ${c.attorney_docket_number}`);
  lines.push(paper);
  return lines;
}
