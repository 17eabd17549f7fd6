/** Paragraph builders over the styles in styles.ts. */
import { Paragraph, type IParagraphOptions } from 'docx';
import { STYLE } from './styles.ts';
import { noteRun, run, toRuns, type Inline } from './runs.ts';

type Options = Omit<IParagraphOptions, 'children' | 'text'>;

export function para(children: readonly Inline[] | string, options: Options = {}): Paragraph {
  const list = typeof children === 'string' ? [children] : children;
  return new Paragraph({ style: STYLE.normal, ...options, children: toRuns(list) });
}

export function title(text: string, options: Options = {}): Paragraph {
  return new Paragraph({ style: STYLE.title, ...options, children: [run(text)] });
}

/**
 * Section heading. `newSheet` starts it on a new page: each section of an amendment (claims,
 * specification, drawings, remarks) begins on a separate sheet (37 CFR 1.121(h); MPEP 714).
 */
export function heading(level: 1 | 2 | 3, text: string, options: Options & { newSheet?: boolean } = {}): Paragraph {
  const { newSheet, ...rest } = options;
  const style = level === 1 ? STYLE.heading1 : level === 2 ? STYLE.heading2 : STYLE.heading3;
  return new Paragraph({ style, pageBreakBefore: newSheet, ...rest, children: [run(text)] });
}

/** An indented quotation, such as the examiner's statement of a rejection. */
export function quote(text: string): Paragraph {
  return new Paragraph({ style: STYLE.quote, children: [run(`“${text}”`)] });
}

/** A note to the practitioner, to act on and delete before filing. */
export function draftingNote(text: string): Paragraph {
  return new Paragraph({ style: STYLE.normal, children: [noteRun(`Drafting note (delete before filing): ${text}`)] });
}
