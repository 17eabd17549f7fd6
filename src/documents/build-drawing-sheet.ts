/**
 * A formal drawing sheet (37 CFR 1.84) from a block-diagram or flow-chart description:
 * - sheet 21.6 × 27.9 cm (US letter) or 21.0 × 29.7 cm (A4) (1.84(f));
 * - margins of at least 2.5 cm top, 2.5 cm left, 1.5 cm right and 1.0 cm bottom, the page's
 *   margins exactly those, rounded up to whole twips (1.84(g));
 * - identifying indicia (title, inventor, application and docket numbers) in the top margin (1.84(c)),
 *   under the "Replacement Sheet" / "New Sheet" label of a sheet filed later (1.121(d));
 * - the sheet number "n/N" centred at the top of the sight, not in the margin, larger than the
 *   reference numerals (1.84(t));
 * - the drawing in black lines with reference numerals (1.84(l), (p), (q)) and the view label
 *   "FIG. 1", larger than the numerals (1.84(u)).
 */
import { AlignmentType, Header, Paragraph, TextRun } from 'docx';
import { formatApplicationNumber, normalizeApplicationNumber } from '../domain/application-number.ts';
import { renderPaper } from './docx/render.ts';
import { DRAWING_FONT, drawingGroup } from './drawing/shapes.ts';
import { DrawingLayoutError, layoutDrawing } from './drawing/layout.ts';
import { checkDate, DocumentInputError } from './validate.ts';
import type { DrawingSheetInput, DrawingSheetLabel } from './types.ts';

const TWIPS_PER_CM = 1440 / 2.54;
const cm = (x: number) => Math.ceil(x * TWIPS_PER_CM - 1e-9);

/** 37 CFR 1.84(g) minimum margins, in twips. */
export const DRAWING_MARGINS = { top: cm(2.5), left: cm(2.5), right: cm(1.5), bottom: cm(1.0) } as const;
/** 37 CFR 1.84(f) sheet sizes, in twips. */
export const SHEETS = {
  letter: { width: 12240, height: 15840 },
  a4: { width: cm(21.0), height: cm(29.7) },
} as const;

const SHEET_NUMBER_PT = 16;
const FIG_LABEL_PT = 20;
const PX_PER_TWIP = 96 / 1440;

export async function buildDrawingSheet(input: DrawingSheetInput): Promise<Buffer> {
  if (input.date !== undefined) checkDate('date', input.date);
  if (input.sheet_label !== undefined && !Object.hasOwn(SHEET_LABELS, input.sheet_label))
    throw new DocumentInputError(`sheet_label must be replacement, new or annotated, got ${JSON.stringify(input.sheet_label)}`);
  const paper = SHEETS[input.paper ?? 'letter'];
  if (!paper) throw new DocumentInputError(`paper must be letter or a4, got ${JSON.stringify(input.paper)}`);
  if (!input.figure_label?.trim()) throw new DocumentInputError('figure_label is required, e.g. "FIG. 1" (37 CFR 1.84(u))');
  const sheet = input.sheet ?? { number: 1, of: 1 };
  if (!Number.isInteger(sheet.number) || !Number.isInteger(sheet.of) || sheet.number < 1 || sheet.number > sheet.of) {
    throw new DocumentInputError(`sheet must be n of N with 1 <= n <= N, got ${sheet.number} of ${sheet.of}`);
  }
  const sight = {
    width: (paper.width - DRAWING_MARGINS.left - DRAWING_MARGINS.right) * PX_PER_TWIP,
    // Less the sheet-number and figure-label lines and their spacing.
    height: (paper.height - DRAWING_MARGINS.top - DRAWING_MARGINS.bottom) * PX_PER_TWIP - 130,
  };
  let layout: ReturnType<typeof layoutDrawing>;
  try {
    layout = layoutDrawing(input, { width: sight.width - 4, height: sight.height });
  } catch (e) {
    if (e instanceof DrawingLayoutError) throw new DocumentInputError(e.message);
    throw e;
  }
  const description = `${input.figure_label}: ${input.kind === 'flow' ? 'flow chart' : 'block diagram'} of ${input.nodes.map((n) => `${n.label} (${n.ref_numeral})`).join(', ')}`;
  const text = (t: string, pt: number, bold = false) => new TextRun({ text: t, font: DRAWING_FONT, size: pt * 2, bold, color: '000000' });
  const children = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 0, after: 120, line: 240 },
      children: [text(`${sheet.number}/${sheet.of}`, SHEET_NUMBER_PT)],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 120, after: 240, line: 240, lineRule: 'auto' },
      children: [drawingGroup(layout, description)],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 120, after: 0, line: 240 },
      children: [text(input.figure_label.trim(), FIG_LABEL_PT, true)],
    }),
  ];
  return renderPaper({
    title: `${input.figure_label} - ${input.title}`,
    date: input.date,
    children,
    section: {
      properties: {
        page: {
          size: { width: paper.width, height: paper.height },
          margin: { ...DRAWING_MARGINS, header: cm(0.8), footer: 0, gutter: 0 },
        },
      },
      headers: { default: indiciaHeader(input) },
      footers: undefined,
    },
  });
}

/** Identifying indicia within the top margin (37 CFR 1.84(c)), small and out of the sight. */
function indiciaHeader(input: DrawingSheetInput): Header {
  const parts: string[] = [];
  if (input.first_named_inventor) parts.push(`Inventor: ${input.first_named_inventor}`);
  const n = input.application_number ? normalizeApplicationNumber(input.application_number) : null;
  if (n) parts.push(`Application No. ${formatApplicationNumber(n)}`);
  if (input.attorney_docket_number) parts.push(`Docket No. ${input.attorney_docket_number}`);
  const line = (t: string) =>
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 0, after: 0, line: 240 },
      children: [new TextRun({ text: t, font: DRAWING_FONT, size: 16, color: '000000' })],
    });
  const label = input.sheet_label
    ? [
        new Paragraph({
          alignment: AlignmentType.RIGHT,
          spacing: { before: 0, after: 0, line: 240 },
          children: [new TextRun({ text: SHEET_LABELS[input.sheet_label], font: DRAWING_FONT, size: 20, bold: true, color: '000000' })],
        }),
      ]
    : [];
  return new Header({ children: [...label, line(input.title), ...(parts.length ? [line(parts.join('   '))] : [])] });
}

/** 37 CFR 1.121(d): the label a later-filed sheet carries in its header. */
const SHEET_LABELS: Readonly<Record<DrawingSheetLabel, string>> = {
  replacement: 'Replacement Sheet',
  new: 'New Sheet',
  annotated: 'Annotated Sheet Showing Changes',
};
