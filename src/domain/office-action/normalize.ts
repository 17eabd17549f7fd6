/**
 * Length-preserving clean-up of office-action text. Every replacement maps one UTF-16 unit to
 * one, so offsets found in the working copies are offsets into the original input.
 *
 * - `clean`: control characters, no-break and zero-width spaces become plain spaces; CR LF
 *   becomes " \n" and a lone CR a newline.
 * - `work`: `clean` with page-header residue ("Application/Control Number: 15/091,542 Page 3",
 *   "Art Unit: 2472" lines), markup residue (`number='10'`, `<tag>`) and the form-paragraph codes that
 *   USPTO XML text keeps ("07-03-aia", "13-03 AIA": MPEP form paragraphs 7.03.aia, 13.03) blanked,
 *   so that sentences broken by a page header read through.
 */
export interface WorkingText {
  input: string;
  clean: string;
  work: string;
  formParagraphCodes: string[];
}

// A page header line is blanked together with its line break so the sentence it interrupts reads through.
const PAGE_HEADER = /Application\/Control\s+Number:?[ \t]*(?:\d{2}\/\d{3},\d{3})?[ \t]*(?:Page[ \t]*\d{1,4})?[ \t]*\n?/g;
const ART_UNIT_LINE = /(^|\n)([ \t]*Art\s+Unit:?[ \t]*\d{0,4}[ \t]*(?:Page[ \t]*\d{1,4})?[ \t]*\n?)(?=[\s\S]|$)/g;
const MARKUP = /\b[a-z]{2,12}='[^'\n]{0,12}'|<\/?[A-Za-z][^<>\n]{0,80}>/g;
const FP_CODE = /\b(\d{2}-\d{2,3}(?:-\d{2,3})?(?:-(?:aia|fti))?)(?:[ \t]+AIA)?\b/gi;

export function prepareText(input: string): WorkingText {
  const clean = input
    .replace(/\r(?=\n)/g, ' ')
    .replace(/\r/g, '\n')
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]/g, ' ');
  const codes: string[] = [];
  let work = clean.replace(PAGE_HEADER, (m) => ' '.repeat(m.length));
  work = work.replace(ART_UNIT_LINE, (_m, lead: string, body: string) => lead + ' '.repeat(body.length));
  work = work.replace(MARKUP, (m) => ' '.repeat(m.length));
  work = work.replace(FP_CODE, (m, code: string) => {
    // Only the residue shapes: three parts ("12-151-10"), an "-aia" suffix, or a trailing "AIA".
    const parts = code.split('-').filter((p) => /^\d+$/.test(p)).length;
    if (parts >= 3 || /-(aia|fti)$/i.test(code) || /AIA$/.test(m)) {
      codes.push(code.toLowerCase());
      return ' '.repeat(m.length);
    }
    return m;
  });
  return { input, clean, work, formParagraphCodes: codes };
}
