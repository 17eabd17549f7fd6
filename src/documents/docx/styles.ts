/**
 * The styles every paper uses. Text is Times New Roman 12 pt, a non-script font with capitals at
 * least 0.3175 cm high (37 CFR 1.52(b)(2)(ii)), and body text and claims are 1½-spaced
 * (37 CFR 1.52(b)(2)(i)). Fonts are set in the styles rather than on each run, so a firm template
 * (`externalStyles`) can restyle a paper by style id.
 */
import type { IParagraphStyleOptions, ICharacterStyleOptions, IStylesOptions } from 'docx';
import type { TemplateStyles } from './template.ts';

const BODY_FONT = 'Times New Roman';
/** Half-points: 24 = 12 pt. */
const BODY_SIZE = 24;
/** 240ths of a line: 360 = 1½ lines (37 CFR 1.52(b)(2)(i)). */
const ONE_AND_A_HALF = 360;

export const STYLE = {
  normal: 'Normal',
  title: 'Title',
  heading1: 'Heading1',
  heading2: 'Heading2',
  heading3: 'Heading3',
  caption: 'ProsaCaption',
  claim: 'ProsaClaim',
  quote: 'ProsaQuote',
  tableText: 'ProsaTableText',
  signature: 'ProsaSignature',
  prompt: 'ProsaPrompt',
} as const;

const black = '000000';

const PARAGRAPH_STYLES: IParagraphStyleOptions[] = [
  {
    id: STYLE.normal,
    name: 'Normal',
    quickFormat: true,
    run: { font: BODY_FONT, size: BODY_SIZE },
    paragraph: { spacing: { line: ONE_AND_A_HALF, after: 120 } },
  },
  {
    id: STYLE.title,
    name: 'Title',
    basedOn: STYLE.normal,
    next: STYLE.normal,
    quickFormat: true,
    // Titles are written in capitals; no allCaps, which would turn "§ 1.136(a)" into "§ 1.136(A)".
    run: { font: BODY_FONT, size: BODY_SIZE, bold: true, color: black },
    paragraph: { alignment: 'center', spacing: { before: 240, after: 240, line: 240 } },
  },
  {
    id: STYLE.heading1,
    name: 'heading 1',
    basedOn: STYLE.normal,
    next: STYLE.normal,
    quickFormat: true,
    run: { font: BODY_FONT, size: BODY_SIZE, bold: true, allCaps: true, underline: {}, color: black },
    paragraph: { alignment: 'center', keepNext: true, spacing: { before: 240, after: 240 }, outlineLevel: 0 },
  },
  {
    id: STYLE.heading2,
    name: 'heading 2',
    basedOn: STYLE.normal,
    next: STYLE.normal,
    quickFormat: true,
    run: { font: BODY_FONT, size: BODY_SIZE, bold: true, color: black },
    paragraph: { keepNext: true, spacing: { before: 240, after: 120 }, outlineLevel: 1 },
  },
  {
    id: STYLE.heading3,
    name: 'heading 3',
    basedOn: STYLE.normal,
    next: STYLE.normal,
    quickFormat: true,
    run: { font: BODY_FONT, size: BODY_SIZE, bold: true, italics: true, color: black },
    paragraph: { keepNext: true, spacing: { before: 120, after: 120 }, outlineLevel: 2 },
  },
  {
    id: STYLE.caption,
    name: 'Prosa Caption',
    basedOn: STYLE.normal,
    run: { font: BODY_FONT, size: BODY_SIZE },
    paragraph: { spacing: { line: 240, after: 0 } },
  },
  {
    // Claims: 1½ line spacing (37 CFR 1.52(b)(2)(i)); each claim its own paragraph (37 CFR 1.75(h)
    // has each claim begin on a separate line).
    id: STYLE.claim,
    name: 'Prosa Claim',
    basedOn: STYLE.normal,
    run: { font: BODY_FONT, size: BODY_SIZE },
    paragraph: { spacing: { line: ONE_AND_A_HALF, after: 240 }, indent: { firstLine: 720 } },
  },
  {
    id: STYLE.quote,
    name: 'Prosa Quote',
    basedOn: STYLE.normal,
    run: { font: BODY_FONT, size: BODY_SIZE },
    paragraph: { indent: { left: 720, right: 720 }, spacing: { line: 240, after: 240 } },
  },
  {
    id: STYLE.tableText,
    name: 'Prosa Table Text',
    basedOn: STYLE.normal,
    run: { font: BODY_FONT, size: 20 },
    paragraph: { spacing: { line: 240, after: 0 } },
  },
  {
    id: STYLE.signature,
    name: 'Prosa Signature',
    basedOn: STYLE.normal,
    run: { font: BODY_FONT, size: BODY_SIZE },
    paragraph: { indent: { left: 4320 }, spacing: { line: 240, after: 0 }, keepNext: true, keepLines: true },
  },
];

const CHARACTER_STYLES: ICharacterStyleOptions[] = [
  // Text the practitioner must replace or delete before filing: bracketed and highlighted.
  { id: STYLE.prompt, name: 'Prosa Prompt', run: { highlight: 'yellow' } },
];

export interface StyleSetup {
  styles: IStylesOptions;
  externalStyles?: string;
  theme?: TemplateStyles['theme'];
}

/** The paper's styles; with a template, its styles win and ours fill only the ids it lacks. */
export function styleSetup(template?: TemplateStyles): StyleSetup {
  if (!template) {
    return {
      styles: {
        default: { document: { run: { font: BODY_FONT, size: BODY_SIZE } } },
        paragraphStyles: PARAGRAPH_STYLES,
        characterStyles: CHARACTER_STYLES,
      },
    };
  }
  const missing = <T extends { id: string }>(list: T[]) => list.filter((s) => !template.styleIds.has(s.id));
  return {
    styles: { paragraphStyles: missing(PARAGRAPH_STYLES), characterStyles: missing(CHARACTER_STYLES) },
    externalStyles: template.externalStyles,
    theme: template.theme,
  };
}
