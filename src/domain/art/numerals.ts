/**
 * Reference numerals in the examiner's words: "a fan (24a)", "programmable filters (422, 422')",
 * "frequency control module 418", and the labels examiners write inside a citation
 * ("{f1-Figs.2-5}", "{SS1-Figs.2-5}"). A numeral in parentheses after a word is a citation by
 * itself (it is reported unresolved when the reference does not mention it); a bare number after
 * a word counts only where the held reference mentions it (otherwise it may be a quantity).
 */

export interface NumeralMention {
  /** As written: "24a", "422'", "f1". */
  numeral: string;
  /** The examiner's word before it ("fan"), when there is one. */
  noun: string | null;
  /** Offsets in the text searched (relative to the start given). */
  start: number;
  end: number;
  /** Written in parentheses or inside a citation: a citation whether or not the reference mentions it. */
  explicit: boolean;
  /** The words as written, for display ("fan (24a)"). */
  display: string;
}

/** Words before a number that make it something other than a reference numeral. */
const NOT_A_NOUN = new Set(
  'claim claims paragraph paragraphs para col column columns line lines page pages fig figs figure figures step of than about approximately to and or least between above below from with at in on by for under over up is are be was were has have year years no number numbers section sections chapter table tables equation equations formula example examples embodiment embodiments item items mhz ghz khz hz'.split(
    ' ',
  ),
);

const PARENTHESIZED = /([\p{L}][\p{L}-]{1,40})\s*\(\s*((?:\d{1,4}[a-z]?['’]{0,2})(?:\s*(?:,|and|&)\s*\d{1,4}[a-z]?['’]{0,2}){0,8})\s*\)/giu;
const BARE = /([\p{L}][\p{L}-]{2,40})\s+(\d{2,4}[a-z]?['’]{0,2})(?![\p{L}\p{N}%°.,]\d|[\p{L}\p{N}])/giu;
const LABEL = /(?<![\p{L}\p{N}])([A-Za-z]{1,3}\d{1,2}|\d{1,4}[a-z]['’]?)(?![\p{L}\p{N}])/gu;

function pieces(list: string): string[] {
  return list
    .split(/\s*(?:,|and|&)\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Numerals in running text (outside citations). `base` is added to the offsets returned. */
export function numeralsInText(text: string, base = 0): NumeralMention[] {
  const out: NumeralMention[] = [];
  PARENTHESIZED.lastIndex = 0;
  for (let m = PARENTHESIZED.exec(text); m && out.length < 50; m = PARENTHESIZED.exec(text)) {
    const noun = m[1];
    if (NOT_A_NOUN.has(noun.toLowerCase())) continue;
    for (const numeral of pieces(m[2])) out.push({ numeral, noun, start: base + m.index, end: base + m.index + m[0].length, explicit: true, display: m[0] });
  }
  BARE.lastIndex = 0;
  for (let m = BARE.exec(text); m && out.length < 50; m = BARE.exec(text)) {
    const noun = m[1];
    if (NOT_A_NOUN.has(noun.toLowerCase())) continue;
    const at = base + m.index;
    if (out.some((o) => o.start <= at && at < o.end)) continue;
    out.push({ numeral: m[2], noun, start: at, end: at + m[0].length, explicit: false, display: m[0] });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Labels inside a citation ("{f1-Figs.2-5}" → "f1"), with the citation's figure and paragraph words removed first. */
export function labelsInCitation(citation: string, base = 0): NumeralMention[] {
  const out: NumeralMention[] = [];
  const cleaned = citation
    .replace(/\bfig(?:ure)?s?\.?\s*\d{1,3}[a-z]?(?:\s*[-–,&]\s*\d{1,3}[a-z]?)*/gi, (m) => ' '.repeat(m.length))
    .replace(/(?:¶{1,2}|\bpara(?:graph)?s?\.?|\bcol(?:umn)?s?\.?|\blines?|\bll?\.)\s*\[?\d[\d\s,:\-–\]]*/gi, (m) => ' '.repeat(m.length));
  LABEL.lastIndex = 0;
  for (let m = LABEL.exec(cleaned); m && out.length < 10; m = LABEL.exec(cleaned)) {
    out.push({ numeral: m[1], noun: null, start: base + m.index, end: base + m.index + m[0].length, explicit: false, display: m[1] });
  }
  return out;
}
