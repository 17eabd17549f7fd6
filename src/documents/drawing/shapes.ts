/**
 * A laid-out diagram as DrawingML shapes (a `wpg` group of preset shapes and connectors): vector
 * drawing that Word and LibreOffice both render, unlike an SVG picture, for which LibreOffice
 * 7.4 shows only the raster fallback. Black lines of uniform weight on white (37 CFR 1.84(a)(1),
 * (l)); reference numerals beside their parts with lead lines (37 CFR 1.84(p), (q)).
 */
import { AlignmentType, Paragraph, TextRun } from 'docx';
import { ShapeGroupRun, type IShapeGroupChildOptions, type PresetShapeType } from 'docx/shapes';
import type { DrawingLayout, LaidOutNode } from './layout.ts';
import { LABEL_PT } from './layout.ts';

export const DRAWING_FONT = 'Arial';
const BLACK = '000000';
/** Line weight in points: dense, dark and uniformly thick (37 CFR 1.84(l)). */
const LINE_PT = 1.5;

const PRESET: Record<LaidOutNode['shape'], PresetShapeType> = {
  box: 'rectangle',
  decision: 'flowChartDecision',
  terminal: 'flowChartTerminator',
  io: 'flowChartInputOutput',
  storage: 'cylinder',
};

function textParagraphs(lines: readonly string[], size = LABEL_PT): Paragraph[] {
  return lines.map(
    (l) =>
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 0, after: 0, line: 240 },
        children: [new TextRun({ text: l, font: DRAWING_FONT, size: size * 2, color: BLACK })],
      }),
  );
}

const noMargins = { top: 0, right: 0, bottom: 0, left: 0 };

function nodeShapes(n: LaidOutNode): IShapeGroupChildOptions[] {
  const box: IShapeGroupChildOptions = {
    id: n.id,
    type: PRESET[n.shape],
    transformation: { width: n.width, height: n.height, offset: { left: n.x, top: n.y } },
    fill: 'FFFFFF',
    line: { color: BLACK, width: LINE_PT },
    children: textParagraphs(n.lines),
    textOptions: { verticalAlignment: 'center', wrap: true, margins: { top: 2, bottom: 2, left: 4, right: 4 } },
    altText: { name: `${n.numeral} ${n.label}`, description: `${n.label}, reference numeral ${n.numeral}` },
  };
  const midY = n.y + n.height / 2;
  const lead: IShapeGroupChildOptions = {
    type: 'line',
    transformation: { width: n.numeralBox.x - (n.x + n.width), height: 0, offset: { left: n.x + n.width, top: Math.round(midY) } },
    line: { color: BLACK, width: 1 },
  };
  const numeral: IShapeGroupChildOptions = {
    type: 'rectangle',
    transformation: { width: n.numeralBox.width, height: n.numeralBox.height, offset: { left: n.numeralBox.x, top: n.numeralBox.y } },
    fill: 'none',
    line: 'none',
    children: textParagraphs([n.numeral]),
    textOptions: { verticalAlignment: 'bottom', wrap: false, margins: noMargins },
  };
  return [box, lead, numeral];
}

export function drawingGroup(layout: DrawingLayout, description: string): ShapeGroupRun {
  const children: IShapeGroupChildOptions[] = layout.nodes.flatMap(nodeShapes);
  for (const e of layout.edges) {
    children.push({
      type: 'connector',
      from: e.back || e.branch ? { id: e.from, side: 'left' } : { id: e.from, side: 'bottom' },
      to: e.back ? { id: e.to, side: 'left' } : { id: e.to, side: e.branch ? 'left' : 'top' },
      route: e.back || e.branch ? 'elbow' : undefined,
      line: { color: BLACK, width: LINE_PT, endArrow: { type: 'triangle', width: 'medium', length: 'medium' } },
      label: e.label ? { text: textParagraphs([e.label]), position: 'start', fill: 'FFFFFF' } : undefined,
    });
  }
  return new ShapeGroupRun({ children, altText: { name: 'Drawing', description } });
}
