/**
 * Layout of a block diagram or flow chart for a formal drawing sheet (pure; pixels at 96 dpi).
 * Nodes go in levels along the edges (longest path from the first nodes; edges that loop back
 * are drawn up the left side), ordered within a level to limit crossings, each with its reference
 * numeral to the right at the end of a short lead line (37 CFR 1.84(q)). Text is 14 pt, above the
 * 0.32 cm minimum height of 37 CFR 1.84(p)(3); when the diagram cannot fit the sheet's sight at
 * that size, layout fails rather than shrink the text below it.
 */
import type { DrawingNodeShape, DrawingSheetInput } from '../types.ts';

export class DrawingLayoutError extends Error {
  override name = 'DrawingLayoutError';
}

/** Text of the drawing, in points: at least 0.32 cm (≈ 9 pt cap height needs ≥ 12.6 pt type); 14 pt. */
export const LABEL_PT = 14;
const PX_PER_PT = 96 / 72;
const LINE_PX = LABEL_PT * 1.25 * PX_PER_PT;
/** Average advance of Arial/Liberation Sans at 14 pt, generous so estimated lines never overflow. */
const CHAR_PX = LABEL_PT * 0.56 * PX_PER_PT;
const PAD_X = 14;
const PAD_Y = 10;
const MIN_BOX = 120;
const MAX_LINE_CHARS = 20;
const LEAD_PX = 22;
const LEVEL_GAP = 44;
const NODE_GAP = 36;

export interface LaidOutNode {
  id: string;
  label: string;
  numeral: string;
  shape: DrawingNodeShape;
  lines: string[];
  x: number;
  y: number;
  width: number;
  height: number;
  /** The numeral's box, right of the node, joined to it by a lead line. */
  numeralBox: { x: number; y: number; width: number; height: number };
  level: number;
}

export interface LaidOutEdge {
  from: string;
  to: string;
  label?: string;
  /** The edge runs back to an earlier level (a loop): drawn along the left sides. */
  back: boolean;
  /** A decision's second or later outcome: leaves from the decision's left vertex. */
  branch: boolean;
}

export interface DrawingLayout {
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
  width: number;
  height: number;
}

/** Words wrapped to lines of at most `max` characters (a longer word stands alone). */
export function wrapLabel(label: string, max = MAX_LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.trim().split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function nodeShape(kind: DrawingSheetInput['kind'], node: { label: string; shape?: DrawingNodeShape }): DrawingNodeShape {
  if (node.shape) return node.shape;
  if (kind !== 'flow') return 'box';
  if (/\?\s*$/.test(node.label)) return 'decision';
  if (/^(start|begin|end|stop|finish|return)$/i.test(node.label.trim())) return 'terminal';
  return 'box';
}

function nodeSize(shape: DrawingNodeShape, lines: string[]): { width: number; height: number } {
  const textWidth = Math.max(...lines.map((l) => l.length)) * CHAR_PX;
  let width = Math.max(MIN_BOX, Math.ceil(textWidth + 2 * PAD_X));
  let height = Math.ceil(lines.length * LINE_PX + 2 * PAD_Y);
  if (shape === 'decision') {
    // The text must sit inside the diamond's inscribed rectangle (half its width and height).
    width = Math.ceil(Math.max(width * 1.7, 170));
    height = Math.ceil(height * 1.9);
  } else if (shape === 'io') width = Math.ceil(width * 1.2);
  else if (shape === 'storage') height = Math.ceil(height * 1.35);
  return { width, height };
}

function numeralSize(numeral: string): { width: number; height: number } {
  return { width: Math.ceil(numeral.length * CHAR_PX + 8), height: Math.ceil(LINE_PX + 4) };
}

/** Edges closing a cycle, found depth-first from the nodes in the order given. */
function backEdges(ids: string[], out: Map<string, string[]>): Set<string> {
  const state = new Map<string, 'open' | 'done'>();
  const back = new Set<string>();
  const visit = (v: string) => {
    state.set(v, 'open');
    for (const w of out.get(v) ?? []) {
      const s = state.get(w);
      if (s === 'open') back.add(`${v}>${w}`);
      else if (!s) visit(w);
    }
    state.set(v, 'done');
  };
  for (const id of ids) if (!state.has(id)) visit(id);
  return back;
}

/**
 * Lays the diagram out; a source node is first placed next to what it feeds, and if that makes
 * a level too wide for the sheet, at the top instead.
 */
export function layoutDrawing(input: DrawingSheetInput, sight: { width: number; height: number }): DrawingLayout {
  const first = attempt(input, true);
  const fits = (l: DrawingLayout) => l.width <= sight.width && l.height <= sight.height;
  if (fits(first)) return first;
  const second = attempt(input, false);
  if (fits(second)) return second;
  throw new DrawingLayoutError(
    `the diagram (${second.width} × ${second.height} px) does not fit the sight of one sheet (${Math.floor(sight.width)} × ${Math.floor(sight.height)} px) ` +
      `at the minimum text height of 37 CFR 1.84(p)(3): split it into more figures or shorten the labels`,
  );
}

function attempt(input: DrawingSheetInput, pullSources: boolean): DrawingLayout {
  if (!input.nodes.length) throw new DrawingLayoutError('a drawing needs at least one node');
  const ids = input.nodes.map((n) => n.id);
  const idSet = new Set(ids);
  if (idSet.size !== ids.length) throw new DrawingLayoutError('node ids must be unique');
  for (const e of input.edges) {
    if (!idSet.has(e.from) || !idSet.has(e.to)) throw new DrawingLayoutError(`edge ${e.from} → ${e.to} names an unknown node`);
  }
  const numerals = input.nodes.map((n) => String(n.ref_numeral).trim());
  if (numerals.some((n) => !n)) throw new DrawingLayoutError('every node needs a reference numeral (37 CFR 1.84(p))');
  if (new Set(numerals).size !== numerals.length)
    throw new DrawingLayoutError('reference numerals must differ: the same part takes the same numeral (37 CFR 1.84(p)(4))');

  const out = new Map<string, string[]>();
  for (const e of input.edges) if (e.from !== e.to) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  const back = backEdges(ids, out);
  const forward = input.edges.filter((e) => e.from !== e.to && !back.has(`${e.from}>${e.to}`));

  // Levels: longest path over forward edges (they form a DAG).
  const level = new Map(ids.map((id) => [id, 0]));
  for (let pass = 0; pass < ids.length; pass++) {
    let moved = false;
    for (const e of forward) {
      const l = level.get(e.from)! + 1;
      if (l > level.get(e.to)!) {
        level.set(e.to, l);
        moved = true;
      }
    }
    if (!moved) break;
  }
  // A node fed by nothing sits just above the first node it feeds (a memory beside the units it
  // serves), so its edge does not cross the levels in between.
  const hasPred = new Set(forward.map((e) => e.to));
  for (const id of ids) {
    if (!pullSources || hasPred.has(id)) continue;
    const succ = forward.filter((e) => e.from === id).map((e) => level.get(e.to)!);
    if (succ.length) level.set(id, Math.max(level.get(id)!, Math.min(...succ) - 1));
  }
  const levels: string[][] = [];
  for (const id of ids) (levels[level.get(id)!] ??= []).push(id);
  for (let l = 0; l < levels.length; l++) levels[l] ??= [];

  // Order within levels by the mean position of predecessors (one barycentre sweep).
  const preds = new Map<string, string[]>();
  for (const e of forward) preds.set(e.to, [...(preds.get(e.to) ?? []), e.from]);
  const position = new Map<string, number>();
  for (const row of levels) for (const [i, id] of row.entries()) position.set(id, i);
  for (let l = 1; l < levels.length; l++) {
    const key = (id: string) => {
      const p = preds.get(id) ?? [];
      return p.length ? p.reduce((s, x) => s + position.get(x)!, 0) / p.length : position.get(id)!;
    };
    levels[l] = [...levels[l]].sort((a, b) => key(a) - key(b));
    for (const [i, id] of levels[l].entries()) position.set(id, i);
  }

  const byId = new Map(input.nodes.map((n) => [n.id, n]));
  const sized = new Map(
    ids.map((id) => {
      const n = byId.get(id)!;
      const shape = nodeShape(input.kind, n);
      const lines = wrapLabel(n.label);
      const numeral = String(n.ref_numeral).trim();
      return [id, { shape, lines, numeral, size: nodeSize(shape, lines), num: numeralSize(numeral) }];
    }),
  );
  const slotWidth = (id: string) => {
    const s = sized.get(id)!;
    return s.size.width + LEAD_PX + s.num.width;
  };
  const rowWidths = levels.map((row) => row.reduce((w, id) => w + slotWidth(id), 0) + NODE_GAP * (row.length - 1));
  const width = Math.max(...rowWidths);
  const backLane = input.edges.some((e) => back.has(`${e.from}>${e.to}`)) ? 40 : 0;

  const nodes: LaidOutNode[] = [];
  let y = 0;
  levels.forEach((row, l) => {
    const rowHeight = Math.max(...row.map((id) => sized.get(id)!.size.height));
    let x = backLane + (width - rowWidths[l]) / 2;
    for (const id of row) {
      const s = sized.get(id)!;
      const top = y + (rowHeight - s.size.height) / 2;
      const numeralBox = {
        x: x + s.size.width + LEAD_PX,
        y: top + s.size.height / 2 - s.num.height - 2,
        width: s.num.width,
        height: s.num.height,
      };
      nodes.push({
        id,
        label: byId.get(id)!.label,
        numeral: s.numeral,
        shape: s.shape,
        lines: s.lines,
        x: Math.round(x),
        y: Math.round(top),
        width: s.size.width,
        height: s.size.height,
        numeralBox: { x: Math.round(numeralBox.x), y: Math.round(numeralBox.y), width: numeralBox.width, height: numeralBox.height },
        level: l,
      });
      x += slotWidth(id) + NODE_GAP;
    }
    y += rowHeight + LEVEL_GAP;
  });
  // Numerals sit above the centre line of their node: shift down so nothing starts above 0
  // (LibreOffice misplaces the shapes of a group whose children start at negative offsets).
  const overhang = Math.max(0, ...nodes.map((n) => -n.numeralBox.y));
  for (const n of nodes) {
    n.y += overhang;
    n.numeralBox.y += overhang;
  }
  const height = Math.round(y - LEVEL_GAP + overhang);
  const totalWidth = Math.round(width + backLane);
  const shapeOf = new Map(nodes.map((n) => [n.id, n.shape]));
  const outputs = new Map<string, number>();
  const edges = input.edges
    .filter((e) => e.from !== e.to)
    .map((e) => {
      const isBack = back.has(`${e.from}>${e.to}`);
      const k = isBack ? 0 : (outputs.get(e.from) ?? 0);
      if (!isBack) outputs.set(e.from, k + 1);
      return { from: e.from, to: e.to, label: e.label, back: isBack, branch: !isBack && k > 0 && shapeOf.get(e.from) === 'decision' };
    });
  return { nodes, edges, width: totalWidth, height };
}
