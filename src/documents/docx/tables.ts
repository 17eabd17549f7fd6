/** Ruled tables for forms (PTO/SB/08 lists, interview agendas): a bold header row repeated on each page. */
import { BorderStyle, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { STYLE } from './styles.ts';

const LINE = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const RULED = { top: LINE, bottom: LINE, left: LINE, right: LINE, insideHorizontal: LINE, insideVertical: LINE };

export type CellContent = string | readonly TextRun[];

/** Header cells in 9 pt, body cells in the table style's 10 pt. */
function cellParagraph(content: CellContent, header = false): Paragraph {
  const children = typeof content === 'string' ? [new TextRun({ text: content, bold: header, size: header ? 18 : undefined })] : [...content];
  return new Paragraph({ style: STYLE.tableText, children });
}

export function gridTable(headers: readonly CellContent[], rows: readonly (readonly CellContent[])[], widths: readonly number[]): Table {
  const row = (cells: readonly CellContent[], header: boolean) =>
    new TableRow({
      tableHeader: header || undefined,
      cantSplit: true,
      children: cells.map((c, i) => new TableCell({ width: { size: widths[i], type: WidthType.DXA }, children: [cellParagraph(c, header)] })),
    });
  return new Table({
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    columnWidths: [...widths],
    borders: RULED,
    rows: [row(headers, true), ...rows.map((r) => row(r, false))],
  });
}
