/** Runs: plain text, practitioner prompts, and the 37 CFR 1.121(c)(2) markings of amended claims. */
import { TextRun, type IRunOptions } from 'docx';
import type { MarkedRun } from '../../domain/claims/claim-amendments.ts';
import { STYLE } from './styles.ts';

export type Inline = string | TextRun;

export function run(text: string, options: Omit<IRunOptions, 'text' | 'children'> = {}): TextRun {
  return new TextRun({ text, ...options });
}

/**
 * Something the practitioner must supply or check before filing: in square brackets and
 * highlighted (the highlight is set on the run too, so it shows with a template lacking the style).
 */
export function prompt(text: string, options: Omit<IRunOptions, 'text' | 'children'> = {}): TextRun {
  countOne();
  return new TextRun({ text: `[${text}]`, style: STYLE.prompt, highlight: 'yellow', ...options });
}

/**
 * Counts the places a practitioner must fill (prompts and placeholders) while a paper's content
 * is built. Paragraphs are built synchronously, so one tally at a time per thread suffices.
 * `bySection`: the same places by the part of the paper being built when each was made (see
 * `inSection`; "" for places made outside any), summing to `placeholders`.
 */
let tally: { count: number; bySection: Record<string, number>; section: string } | null = null;
export function countPlaceholders<T>(build: () => T): { value: T; placeholders: number; bySection: Record<string, number> } {
  const outer = tally;
  tally = { count: 0, bySection: {}, section: '' };
  try {
    const value = build();
    return { value, placeholders: tally.count, bySection: tally.bySection };
  } finally {
    tally = outer;
  }
}

/** The places made while `build` runs are counted under `section` (a paper's part: "listing", "ground:r1-103", ...). */
export function inSection<T>(section: string, build: () => T): T {
  if (!tally) return build();
  const t = tally;
  const outer = t.section;
  t.section = section;
  try {
    return build();
  } finally {
    t.section = outer;
  }
}

function countOne(): void {
  if (!tally) return;
  tally.count++;
  tally.bySection[tally.section] = (tally.bySection[tally.section] ?? 0) + 1;
}

/** A highlighted note to the practitioner (not a place to fill: not counted). */
export function noteRun(text: string): TextRun {
  return new TextRun({ text: `[${text}]`, style: STYLE.prompt, highlight: 'yellow', italics: true });
}

export function toRuns(children: readonly Inline[]): TextRun[] {
  return children.map((c) => (typeof c === 'string' ? new TextRun(c) : c));
}

/**
 * Added text underlined; deleted text struck through, or kept in double brackets for five or fewer
 * characters (37 CFR 1.121(c)(2)). Prompts inside a claim are underlined as the additions they stand for.
 */
export function markedClaimRuns(runs: readonly MarkedRun[]): TextRun[] {
  return runs.map((r) => {
    if (r.mark === 'prompt' || r.mark === 'placeholder') countOne();
    switch (r.mark) {
      case 'added':
        return new TextRun({ text: r.text, underline: { type: 'single' } });
      case 'deleted':
        return new TextRun({ text: r.text, strike: true });
      case 'prompt':
        return new TextRun({ text: r.text, underline: { type: 'single' }, style: STYLE.prompt, highlight: 'yellow' });
      case 'placeholder':
        return new TextRun({ text: r.text, style: STYLE.prompt, highlight: 'yellow' });
      default:
        return new TextRun(r.text);
    }
  });
}
