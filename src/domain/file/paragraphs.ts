/**
 * The paragraphs of a specification or reference as its text prints them. US applications and
 * pre-grant publications number their paragraphs "[0001]" (37 CFR 1.52(b)(6)); examiners cite
 * them as "¶ [0045]", "para. 45", "{¶0045}". A text whose paragraphs are not numbered (a grant's
 * text, a journal article) is split at blank lines and its paragraphs carry no number.
 *
 * Pure. Paragraphs are offsets into the text, so a quotation is always `text.slice(start, end)`.
 */

export interface TextParagraph {
  /** The number printed in the text ([0045] → 45); null where the text numbers none. */
  number: number | null;
  /** As printed: "[0045]"; for unnumbered text its position: "paragraph 12". */
  label: string;
  /** The paragraph's text without its number marker. */
  start: number;
  end: number;
  /** The heading the paragraph sits under ("DETAILED DESCRIPTION"), when one was printed. */
  section: string | null;
}

/**
 * A paragraph number at the start of a line: "[0001]", "[001]", "【0001】", "¶ [0001]", and the
 * bare "0007" or "0001." a scanned publication's OCR leaves when it loses the brackets (bare
 * numbers only with a leading zero, so that a year or a figure at a line start is not taken).
 */
const MARKER = /(^|\n)[ \t]*(?:¶\s*)?(?:[[【]\s*(\d{3,5})\s*[\]】]|(0\d{3})(?=\.?[ \t]))\.?[ \t]*/g;
/** A line that is a heading: short, no final period, capitals or title case. */
const HEADING =
  /^[ \t]*([A-Z][A-Z0-9 ,&'’()/-]{2,80}|(?:[A-Z][a-z]+|of|the|and|in|for|to|a)(?:\s+(?:[A-Z][a-z]+|of|the|and|in|for|to|a|[A-Z]+)){0,8})[ \t]*:?[ \t]*$/;
const MAX_PARAGRAPHS = 20_000;

/**
 * Numbered paragraphs when the text has them (a run of markers whose numbers mostly increase),
 * else blank-line paragraphs. `end` bounds the region read (the claims, once found, are not
 * description paragraphs).
 */
export function readParagraphs(text: string, region: { start: number; end: number } = { start: 0, end: text.length }): TextParagraph[] {
  const numbered = numberedParagraphs(text, region);
  return numbered.length >= 2 ? numbered : blankLineParagraphs(text, region);
}

function numberedParagraphs(text: string, region: { start: number; end: number }): TextParagraph[] {
  const marks: Array<{ number: number; at: number; textStart: number }> = [];
  MARKER.lastIndex = region.start;
  for (let m = MARKER.exec(text); m && m.index < region.end && marks.length < MAX_PARAGRAPHS; m = MARKER.exec(text)) {
    const n = Number(m[2] ?? m[3]);
    const prev = marks[marks.length - 1];
    // A bracketed number out of sequence is a citation or a formula, not a paragraph marker.
    if (prev && (n <= prev.number || n > prev.number + 50)) continue;
    marks.push({ number: n, at: m.index + m[1].length, textStart: m.index + m[0].length });
  }
  if (marks.length < 2) return [];
  const out: TextParagraph[] = [];
  let section: string | null = headingBefore(text, region.start, marks[0].at);
  for (let i = 0; i < marks.length; i++) {
    const limit = i + 1 < marks.length ? marks[i + 1].at : paragraphEnd(text, marks[i].textStart, region.end);
    // A heading printed before the next paragraph belongs to that one, not to this one's text.
    const next = i + 1 < marks.length ? trailingHeading(text, marks[i].textStart, limit) : null;
    const end = trimEnd(text, marks[i].textStart, next ? next.at : limit);
    out.push({ number: marks[i].number, label: `[${String(marks[i].number).padStart(4, '0')}]`, start: marks[i].textStart, end, section });
    if (next) section = next.heading;
  }
  return out;
}

/** The end of the last numbered paragraph: the first blank line followed by a heading, or the region's end. */
function paragraphEnd(text: string, from: number, limit: number): number {
  const re = /\n[ \t]*\n/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m && m.index < limit; m = re.exec(text)) {
    const lineEnd = text.indexOf('\n', m.index + m[0].length);
    const line = text.slice(m.index + m[0].length, lineEnd < 0 ? limit : Math.min(lineEnd, limit));
    if (HEADING.test(line) && line.trim().length > 0) return m.index;
  }
  return limit;
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && /\s/.test(text[e - 1])) e--;
  return e;
}

/** A heading on the last non-blank line of text[from, to), preceded by a blank line. */
function trailingHeading(text: string, from: number, to: number): { at: number; heading: string } | null {
  const slice = text.slice(from, to).replace(/\s+$/, '');
  const cut = slice.lastIndexOf('\n');
  if (cut < 0) return null;
  const line = slice.slice(cut + 1);
  if (!HEADING.test(line) || !/\n[ \t]*$/.test(slice.slice(0, cut))) return null;
  return { at: from + cut + 1, heading: line.trim().replace(/:$/, '') };
}

function headingBefore(text: string, from: number, to: number): string | null {
  const lines = text
    .slice(from, to)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines[lines.length - 1];
  return last && HEADING.test(last) ? last.replace(/:$/, '') : null;
}

function blankLineParagraphs(text: string, region: { start: number; end: number }): TextParagraph[] {
  const out: TextParagraph[] = [];
  let section: string | null = null;
  const re = /\S[\s\S]*?(?=\n[ \t]*\n|$)/g;
  const slice = text.slice(region.start, region.end);
  for (let m = re.exec(slice); m && out.length < MAX_PARAGRAPHS; m = re.exec(slice)) {
    const start = region.start + m.index;
    const end = trimEnd(text, start, start + m[0].length);
    const body = text.slice(start, end);
    if (!body.includes('\n') && HEADING.test(body) && body.length <= 80) {
      section = body.trim().replace(/:$/, '');
      continue;
    }
    out.push({ number: null, label: `paragraph ${out.length + 1}`, start, end, section });
  }
  return out;
}

/** The text of a paragraph, whitespace collapsed (for display and quotation). */
export function paragraphText(text: string, p: Pick<TextParagraph, 'start' | 'end'>): string {
  return text.slice(p.start, p.end).replace(/\s+/g, ' ').trim();
}
