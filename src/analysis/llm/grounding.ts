import type { Span } from '../../domain/office-action/index.ts';
import { overlaps } from './excerpts.ts';
import { MAX_QUOTE_CHARS, MIN_QUOTE_CHARS } from './outline-prompt.ts';

/**
 * Where a model's quote sits in the office action, or null when it does not occur there. The
 * quote must be verbatim; the one allowance is whitespace, because the action's text has line
 * breaks (from PDF or XML) where a model writes a space. The caller reports the action's own
 * wording, `text.slice(start, end)`, never the model's copy of it.
 *
 * A quote found only inside a flagged region (possible prompt injection) grounds nothing. Among
 * several occurrences the one nearest the claim's cited passages is taken.
 */
const MAX_OCCURRENCES = 500;
// Models add quotation marks around a quote even when told not to.
const WRAPPING_QUOTES = /^["'\u201C\u201D\u2018\u2019`]+|["'\u201C\u201D\u2018\u2019`]+$/g;

export function locateQuote(text: string, quote: string, near: Span[], flagged: Span[]): Span | null {
  const q = quote.trim().replace(WRAPPING_QUOTES, '').trim();
  if (q.length < MIN_QUOTE_CHARS || q.length > MAX_QUOTE_CHARS) return null;
  let found = exactOccurrences(text, q);
  if (found.length === 0) found = whitespaceFlexibleOccurrences(text, q);
  const usable = found.filter((s) => !flagged.some((f) => overlaps(s, f)));
  if (usable.length === 0) return null;
  return usable.reduce((best, s) => (distance(s, near) < distance(best, near) ? s : best));
}

function exactOccurrences(text: string, q: string): Span[] {
  const out: Span[] = [];
  for (let i = text.indexOf(q); i >= 0 && out.length < MAX_OCCURRENCES; i = text.indexOf(q, i + 1)) out.push({ start: i, end: i + q.length });
  return out;
}

function whitespaceFlexibleOccurrences(text: string, q: string): Span[] {
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length < 2) return [];
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), 'g');
  const out: Span[] = [];
  for (const m of text.matchAll(re)) {
    out.push({ start: m.index, end: m.index + m[0].length });
    if (out.length >= MAX_OCCURRENCES) break;
  }
  return out;
}

function distance(s: Span, anchors: Span[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const a of anchors) best = Math.min(best, overlaps(s, a) ? 0 : s.end <= a.start ? a.start - s.end : s.start - a.end);
  return best;
}
