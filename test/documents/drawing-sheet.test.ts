import { beforeAll, describe, expect, it } from 'vitest';
import { buildDrawingSheet, DRAWING_MARGINS, SHEETS } from '../../src/documents/build-drawing-sheet.ts';
import { DrawingLayoutError, layoutDrawing, nodeShape, wrapLabel } from '../../src/documents/drawing/layout.ts';
import { DocumentInputError } from '../../src/documents/validate.ts';
import type { DrawingSheetInput } from '../../src/documents/types.ts';
import { openDocx, unescapeXml, type OpenedDocx } from './support/open-docx.ts';
import { blockDrawing, flowDrawing } from '../fixtures/documents/form-samples.ts';

const texts = (xml: string) => [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => unescapeXml(m[1]));
const SIGHT = { width: 660, height: 790 };

describe('layoutDrawing', () => {
  it('puts nodes in levels along the edges, sources beside what they feed', () => {
    const layout = layoutDrawing(flowDrawing, SIGHT);
    const level = Object.fromEntries(layout.nodes.map((n) => [n.id, n.level]));
    expect(level).toEqual({ s: 0, emit: 1, recv: 2, amb: 3, comp: 4, calc: 5, e: 6 });
    expect(layout.nodes.find((n) => n.id === 'amb')!.shape).toBe('decision');
    expect(layout.nodes.find((n) => n.id === 's')!.shape).toBe('terminal');
    expect(layout.edges.filter((e) => e.branch).map((e) => `${e.from}>${e.to}`)).toEqual(['amb>calc']);
  });

  it('draws an edge back to an earlier level as a loop, and keeps everything within the sight', () => {
    const loop: DrawingSheetInput = { ...flowDrawing, edges: [...flowDrawing.edges, { from: 'calc', to: 'recv', label: 'Repeat' }] };
    const layout = layoutDrawing(loop, SIGHT);
    expect(layout.edges.filter((e) => e.back).map((e) => `${e.from}>${e.to}`)).toEqual(['calc>recv']);
    for (const n of layout.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.y).toBeGreaterThanOrEqual(0);
      expect(n.numeralBox.x + n.numeralBox.width).toBeLessThanOrEqual(layout.width);
      expect(n.y + n.height).toBeLessThanOrEqual(layout.height);
    }
    expect(layout.width).toBeLessThanOrEqual(SIGHT.width);
  });

  it('wraps labels and picks shapes', () => {
    expect(wrapLabel('Subtract the reference channel signal')).toEqual(['Subtract the', 'reference channel', 'signal']);
    expect(nodeShape('block', { label: 'Ready?' })).toBe('box');
    expect(nodeShape('flow', { label: 'End' })).toBe('terminal');
    expect(nodeShape('flow', { label: 'x', shape: 'storage' })).toBe('storage');
  });

  it('refuses what cannot be drawn on one sheet at the minimum text height, and bad references', () => {
    const many: DrawingSheetInput = {
      ...blockDrawing,
      nodes: Array.from({ length: 14 }, (_, i) => ({ id: `n${i}`, label: `Stage ${i}`, ref_numeral: 100 + 2 * i })),
      edges: Array.from({ length: 13 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
    };
    expect(() => layoutDrawing(many, SIGHT)).toThrow(DrawingLayoutError);
    expect(() => layoutDrawing({ ...blockDrawing, edges: [{ from: 'src', to: 'nowhere' }] }, SIGHT)).toThrow(/unknown node/);
    expect(() => layoutDrawing({ ...blockDrawing, nodes: [...blockDrawing.nodes, { id: 'x', label: 'X', ref_numeral: 102 }] }, SIGHT)).toThrow(
      /1\.84\(p\)\(4\)/,
    );
  });
});

describe('buildDrawingSheet', () => {
  let doc: OpenedDocx;
  beforeAll(async () => {
    doc = await openDocx(await buildDrawingSheet(blockDrawing));
  });

  it('sets the page margins of 37 CFR 1.84(g) exactly, in twips, on a letter sheet', () => {
    expect(DRAWING_MARGINS).toEqual({ top: 1418, left: 1418, right: 851, bottom: 567 });
    expect(doc.documentXml).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    expect(doc.documentXml).toMatch(/<w:pgMar w:top="1418" w:right="851" w:bottom="567" w:left="1418" w:header="454" w:footer="0" w:gutter="0"\/>/);
  });

  it('draws the diagram as vector DrawingML: one shape per node, a numeral and lead line each, a connector per edge', () => {
    expect(doc.documentXml).toContain('<wpg:wgp>');
    expect(doc.documentXml.match(/<a:prstGeom prst="rect">/g)).toHaveLength(blockDrawing.nodes.length * 2);
    expect(doc.documentXml.match(/<a:prstGeom prst="line">/g)).toHaveLength(blockDrawing.nodes.length);
    expect(doc.documentXml.match(/<wps:cNvCnPr\/>/g)!.length).toBeGreaterThanOrEqual(blockDrawing.edges.length);
    expect(doc.documentXml.match(/<a:tailEnd type="triangle"/g)).toHaveLength(blockDrawing.edges.length);
    // Black lines only (37 CFR 1.84(a)(1)).
    expect([...new Set([...doc.documentXml.matchAll(/<a:srgbClr val="([0-9A-F]{6})"\/>/g)].map((m) => m[1]))].sort()).toEqual(['000000', 'FFFFFF']);
    expect(doc.parts.filter((p) => p.startsWith('word/media/'))).toEqual([]);
  });

  it('labels each part and its reference numeral, the sheet "1/1" and the view "FIG. 1"', () => {
    const t = texts(doc.documentXml);
    for (const n of blockDrawing.nodes) {
      expect(t).toContain(n.label);
      expect(t).toContain(String(n.ref_numeral));
    }
    expect(t[0]).toBe('1/1');
    expect(t[t.length - 1]).toBe('FIG. 1');
    // Sheet number larger than the numerals, view label larger still (37 CFR 1.84(t), (u)).
    expect(doc.documentXml).toMatch(/<w:sz w:val="32"\/>(?:(?!<\/w:r>)[\s\S])*1\/1/);
    expect(doc.documentXml).toMatch(/<w:b\/>(?:(?!<\/w:r>)[\s\S])*<w:sz w:val="40"\/>(?:(?!<\/w:r>)[\s\S])*FIG\. 1/);
  });

  it('puts identifying indicia in the top margin (37 CFR 1.84(c))', async () => {
    const header = await doc.headersAndFooters();
    expect(header).toContain('OPTICAL ANALYTE SENSOR WITH AMBIENT LIGHT COMPENSATION');
    expect(header).toContain('Application No. 17/200,011');
  });

  it('draws a flow chart with decision and terminal symbols on an A4 sheet numbered 2/3', async () => {
    const flow = await openDocx(await buildDrawingSheet({ ...flowDrawing, paper: 'a4' }));
    expect(flow.documentXml).toMatch(new RegExp(`<w:pgSz w:w="${SHEETS.a4.width}" w:h="${SHEETS.a4.height}"`));
    expect(SHEETS.a4).toEqual({ width: 11906, height: 16838 });
    expect(flow.documentXml).toContain('<a:prstGeom prst="flowChartDecision">');
    expect(flow.documentXml.match(/<a:prstGeom prst="flowChartTerminator">/g)).toHaveLength(2);
    const t = texts(flow.documentXml);
    expect(t[0]).toBe('2/3');
    expect(t).toContain('Yes');
    expect(t).toContain('No');
    expect(t[t.length - 1]).toBe('FIG. 2');
  });

  it('refuses a sheet number out of range or a missing figure label', async () => {
    await expect(buildDrawingSheet({ ...blockDrawing, sheet: { number: 3, of: 2 } })).rejects.toThrow(DocumentInputError);
    await expect(buildDrawingSheet({ ...blockDrawing, figure_label: ' ' })).rejects.toThrow(/figure_label/);
  });
});
