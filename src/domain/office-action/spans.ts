import type { Evidence, Span } from './types.ts';

/** Evidence for [start, end) of the original input, trimmed of surrounding whitespace. */
export function evidenceOf(input: string, start: number, end: number): Evidence {
  let s = Math.max(0, Math.min(start, input.length));
  let e = Math.max(s, Math.min(end, input.length));
  while (s < e && isSpace(input.charCodeAt(s))) s++;
  while (e > s && isSpace(input.charCodeAt(e - 1))) e--;
  return { span: { start: s, end: e }, text: input.slice(s, e) };
}

export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2028 || c === 0x2029 || (c >= 0x2000 && c <= 0x200b);
}

export function spansOverlap(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * Walks any value and checks every `{ span: {start, end}, text }` pair (Evidence) and every
 * `{ span, statement }` / `{ span, text }` pair against the input. Returns the failures.
 */
export function verifyEvidence(input: string, value: unknown): Array<{ path: string; expected: string; actual: string }> {
  const failures: Array<{ path: string; expected: string; actual: string }> = [];
  const seen = new Set<object>();
  const visit = (v: unknown, path: string): void => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) visit(item, `${path}[${i}]`);
      return;
    }
    const o = v as Record<string, unknown>;
    const span = o.span as Span | undefined;
    const quoted = typeof o.text === 'string' ? o.text : typeof o.statement === 'string' ? o.statement : undefined;
    if (span && typeof span === 'object' && typeof span.start === 'number' && typeof span.end === 'number' && quoted !== undefined) {
      const actual = input.slice(span.start, span.end);
      if (actual !== quoted || span.start < 0 || span.end > input.length || span.start > span.end) {
        failures.push({ path, expected: quoted as string, actual });
      }
    }
    for (const [k, child] of Object.entries(o)) if (k !== 'span') visit(child, `${path}.${k}`);
  };
  visit(value, '$');
  return failures;
}

/** Number of evidence records in a value (for reporting how much was verified). */
export function countEvidence(value: unknown): number {
  let n = 0;
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    const o = v as Record<string, unknown>;
    if (o.span && (typeof o.text === 'string' || typeof o.statement === 'string')) n++;
    for (const [k, child] of Object.entries(o)) if (k !== 'span') visit(child);
  };
  visit(value);
  return n;
}
