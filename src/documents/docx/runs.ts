/** Runs: plain text, practitioner prompts, and the 37 CFR 1.121(c)(2) markings of amended claims. */
import { TextRun, type IRunOptions } from 'docx';
import type { MarkedRun } from '../claim-amendments.ts';
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
  return new TextRun({ text: `[${text}]`, style: STYLE.prompt, highlight: 'yellow', ...options });
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
