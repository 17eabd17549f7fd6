import type { Span } from '../../domain/office-action/index.ts';

/**
 * The parts of the office action the model gets to see. A short action goes whole; a long one is
 * cut down to windows around the passages the claims' rejections and pinpoints cite (the
 * examiner's reasoning follows a rejection statement, so windows reach further after an anchor
 * than before it), added in the anchors' priority order until the budget is spent. Flagged
 * regions (possible prompt injection, as the parser reports them) are always cut out.
 */
export interface Excerpt {
  start: number;
  end: number;
  text: string;
}

export interface ExcerptOptions {
  /** Most characters of action text in all excerpts together. */
  budget: number;
  before?: number;
  after?: number;
  flagged?: Span[];
}

const DEFAULT_BEFORE = 300;
const DEFAULT_AFTER = 1200;
/** A single anchor (a long statement) never takes more than this. */
const MAX_WINDOW = 3000;

export function selectExcerpts(text: string, anchors: Span[], opts: ExcerptOptions): Excerpt[] {
  const before = opts.before ?? DEFAULT_BEFORE;
  const after = opts.after ?? DEFAULT_AFTER;
  let windows: Span[];
  if (text.length <= opts.budget) {
    windows = [{ start: 0, end: text.length }];
  } else {
    windows = [];
    for (const a of anchors) {
      const start = Math.max(0, a.start - before);
      const end = Math.min(text.length, a.end + after, start + MAX_WINDOW);
      const merged = mergeSpans([...windows, { start, end }]);
      // Anchors that no longer fit are skipped, not cut: later (smaller) ones may still fit.
      if (totalLength(merged) <= opts.budget) windows = merged;
    }
  }
  return subtractSpans(windows, opts.flagged ?? [])
    .map((s) => ({ ...s, text: text.slice(s.start, s.end) }))
    .filter((e) => e.text.trim().length > 0);
}

function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

function subtractSpans(spans: Span[], holes: Span[]): Span[] {
  let out = spans;
  for (const h of holes) {
    out = out.flatMap((s) => {
      if (h.end <= s.start || h.start >= s.end) return [s];
      const parts: Span[] = [];
      if (h.start > s.start) parts.push({ start: s.start, end: h.start });
      if (h.end < s.end) parts.push({ start: h.end, end: s.end });
      return parts;
    });
  }
  return out;
}

function totalLength(spans: Span[]): number {
  return spans.reduce((n, s) => n + (s.end - s.start), 0);
}

/** True when [a.start, a.end) and [b.start, b.end) share a character. */
export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}
