/**
 * Signature block. The S-signature is left for the signer: under 37 CFR 1.4(d)(2) the person
 * signing inserts his or her own signature between forward slashes, with the name printed
 * below it and a practitioner's registration number (37 CFR 1.4(d)(2)(ii)-(iii)).
 *
 * The block, closing line included, is the one row of a borderless table that may not split
 * across pages (cantSplit): a chain of one-line paragraphs marked keep-with-next was split by
 * LibreOffice (an RCE transmittal printed the e-mail and date lines alone on page 2). Each line
 * stays a paragraph of its own, as text readers and the tests read it.
 */
import { BorderStyle, Paragraph, Table, TableCell, TableRow, WidthType, type TextRun } from 'docx';
import { formatLongDate } from './format/dates.ts';
import { STYLE } from './docx/styles.ts';
import { prompt, run } from './docx/runs.ts';
import type { IsoDate, Practitioner } from './types.ts';

const line = (children: TextRun[]) => new Paragraph({ style: STYLE.signature, children });
const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const NO_BORDERS = { top: NONE, bottom: NONE, left: NONE, right: NONE, insideHorizontal: NONE, insideVertical: NONE };
/** The text width of a letter page with one-inch margins (twips). */
const WIDTH = 9360;

export function signatureBlock(date: IsoDate, practitioner: Practitioner = {}, closing = 'Respectfully submitted,'): (Paragraph | Table)[] {
  const lines: TextRun[][] = [
    [run('/'), prompt('S-signature of the practitioner'), run('/')],
    [practitioner.name ? run(practitioner.name) : prompt('Name of practitioner')],
    [run('Registration No. '), practitioner.registration_number ? run(practitioner.registration_number) : prompt('Registration No.')],
  ];
  if (practitioner.firm) lines.push([run(practitioner.firm)]);
  // The profile's address is one field; each of its lines is a line of the block.
  for (const l of (practitioner.address ?? '')
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean))
    lines.push([run(l)]);
  if (practitioner.customer_number) lines.push([run(`Customer No. ${practitioner.customer_number}`)]);
  if (practitioner.telephone) lines.push([run(`Telephone: ${practitioner.telephone}`)]);
  if (practitioner.email) lines.push([run(`E-mail: ${practitioner.email}`)]);
  lines.push([run(`Date: ${formatLongDate(date)}`)]);
  const cell = new TableCell({
    width: { size: WIDTH, type: WidthType.DXA },
    borders: { top: NONE, bottom: NONE, left: NONE, right: NONE },
    margins: { left: 0, right: 0 },
    children: [new Paragraph({ style: STYLE.signature, spacing: { before: 360, after: 240 }, children: [run(closing)] }), ...lines.map(line)],
  });
  return [
    new Table({
      rows: [new TableRow({ cantSplit: true, children: [cell] })],
      width: { size: WIDTH, type: WidthType.DXA },
      columnWidths: [WIDTH],
      borders: NO_BORDERS,
    }),
  ];
}
