import { isSpace } from './spans.ts';

/**
 * Sentence segmentation tuned to examiners' prose: one linear pass, aware of the abbreviations
 * that fill form paragraphs ("35 U.S.C.", "et al.", "U.S. Pat. No.", "Fig.", "col."), of
 * parentheses ("(US 2005/0025220 A1)."), of blank lines and of short heading lines
 * ("Claim Rejections - 35 USC § 103", "Allowable Subject Matter").
 */
export interface Sentences {
  starts: Int32Array;
  ends: Int32Array;
  count: number;
  /** Index of the sentence containing offset `pos`, or -1. */
  indexAt(pos: number): number;
}

const MAX_SENTENCE = 2500;

/** Tokens that end with a period without ending the sentence. */
const ABBREVIATIONS = new Set([
  'u.s.c',
  'usc',
  'u.s',
  'no',
  'nos',
  'pat',
  'pats',
  'pub',
  'publ',
  'appl',
  'app',
  'ser',
  'e.g',
  'i.e',
  'fig',
  'figs',
  'para',
  'paras',
  'col',
  'cols',
  'p',
  'pp',
  'ex',
  'mr',
  'ms',
  'mrs',
  'dr',
  'jr',
  'sr',
  'vs',
  'v',
  'cf',
  'ca',
  'approx',
  'c.f.r',
  'cfr',
  'o.g',
  'f.3d',
  'f.2d',
  'f.4th',
  'cir',
  'fed',
  'sec',
  'ch',
  'vol',
  'ed',
  'eds',
  'ref',
  'refs',
  'ln',
  'll',
  'l',
  'st',
  'seq',
  'ann',
  'supp',
  'rev',
  'art',
  'u.s.p.q',
  'uspq2d',
  'et',
  'viz',
  'incl',
  'approx',
  'esp',
  'min',
  'max',
  'jp',
  'pct',
  'w.o',
  'resp',
  'abs',
  'tbl',
  'sect',
  'id',
  'gen',
  'corresp',
  // journal abbreviations in non-patent citations ("IEEE Trans. Netw., vol. 12")
  'trans',
  'proc',
  'conf',
  'int',
  'intl',
  'symp',
  'soc',
  'assoc',
  'natl',
  'acad',
  'sci',
  'eng',
  'res',
  'lett',
  'phys',
  'chem',
  'biol',
  'med',
  'comm',
  'commun',
  'netw',
  'syst',
  'tech',
  'technol',
  'comput',
  'electron',
  'mater',
  'anal',
  'inf',
]);
/** Abbreviations that usually end a sentence when a line break follows ("... in view of Jones et al.\n"). */
const SOFT_ABBREVIATIONS = new Set(['al', 'inc', 'corp', 'ltd', 'co', 'llc', 'etc']);

const CONNECTOR_END =
  /(?:\b(?:by|of|over|and|or|the|in|to|under|as|a|an|with|from|claims?|claim\(s\)|view|further|being|is|are|at|on|for|that|which|wherein|where|said|its|their)|[,;:(\-–—/&])$/i;
const STATEMENT_WORDS =
  /\b(?:rejected|objected|allowed|allowable|cancel+ed|withdrawn|pending)\b[\s\S]*\d|\d[\s\S]*\b(?:rejected|objected|allowed|allowable|cancel+ed|withdrawn|pending)\b|\bclaims?\s*\d/i;

export function segmentSentences(text: string): Sentences {
  const starts: number[] = [];
  const ends: number[] = [];
  const n = text.length;
  let start = 0;
  let depth = 0;
  let depthSince = 0;
  const push = (s: number, e: number): void => {
    while (s < e && isSpace(text.charCodeAt(s))) s++;
    while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
    if (e > s) {
      starts.push(s);
      ends.push(e);
    }
  };
  let lineStart = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) {
      if (depth === 0) depthSince = i;
      depth++;
    } else if (c === 41 || c === 93 || c === 125) {
      if (depth > 0) depth--;
    }
    if (depth > 0 && i - depthSince > 400) depth = 0; // unbalanced bracket: stop trusting it
    if (c === 10) {
      // Blank line: paragraph break.
      let j = i + 1;
      while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
      if (j < n && text.charCodeAt(j) === 10) {
        push(start, i);
        start = j;
        depth = 0;
        i = j - 1;
        lineStart = j;
        continue;
      }
      if (isHeadingBreak(text, lineStart, i, j) || opensStatement(text, lineStart, i, j)) {
        push(start, i);
        start = i + 1;
        depth = 0;
      }
      lineStart = i + 1;
      continue;
    }
    if ((c === 46 || c === 33 || c === 63) && depth === 0 && i > start) {
      let k = i + 1;
      while (k < n && isClosing(text.charCodeAt(k))) k++;
      if (k < n && !isSpace(text.charCodeAt(k))) continue;
      let m = k;
      let sawNewline = false;
      while (m < n && isSpace(text.charCodeAt(m))) {
        if (text.charCodeAt(m) === 10) sawNewline = true;
        m++;
      }
      if (m < n) {
        const next = text.charCodeAt(m);
        if (next >= 97 && next <= 122) continue; // lowercase continues the sentence
      }
      if (c === 46) {
        const token = tokenBefore(text, i, start);
        if (ABBREVIATIONS.has(token)) continue;
        if (SOFT_ABBREVIATIONS.has(token) && !sawNewline) continue;
        if (/^[a-z]$/.test(token) && /[A-Z]/.test(text[i - 1] ?? '') && !sawNewline) continue; // initials: "David E. Martinez"
      }
      push(start, k);
      start = k;
      continue;
    }
    if (i - start >= MAX_SENTENCE) {
      push(start, i);
      start = i;
      depth = 0;
    }
  }
  push(start, n);
  const s = Int32Array.from(starts);
  const e = Int32Array.from(ends);
  return {
    starts: s,
    ends: e,
    count: s.length,
    indexAt(pos: number): number {
      let lo = 0;
      let hi = s.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (s[mid] > pos) hi = mid - 1;
        else if (e[mid] <= pos) lo = mid + 1;
        else return mid;
      }
      return -1;
    },
  };
}

function isClosing(c: number): boolean {
  return c === 41 || c === 93 || c === 125 || c === 34 || c === 39 || c === 0x201d || c === 0x2019;
}

function tokenBefore(text: string, dot: number, floor: number): string {
  let j = dot - 1;
  while (j >= floor && j > dot - 16) {
    const ch = text.charCodeAt(j);
    if (isSpace(ch) || ch === 40 || ch === 91 || ch === 123 || ch === 44 || ch === 59) break;
    j--;
  }
  return text
    .slice(j + 1, dot)
    .toLowerCase()
    .replace(/^[^a-z0-9]+/, '');
}

const OPENS_STATEMENT =
  /^(?:(?:Regarding|As\s+to|As\s+for|In\s+regards?\s+to|With\s+(?:respect|regards?)\s+to|Referring\s+to)\s+(?:independent\s+|dependent\s+)?claims?\b|(?:Claims?|Claim\(s\))\s+\d)/;

/**
 * A single line break also ends a sentence when the next line opens a new statement ("Regarding
 * claim 1,", "Claims 2-5 are ...") and the line before does not end mid-phrase — the examiner left
 * the period off the previous statement.
 */
function opensStatement(text: string, lineStart: number, lineEnd: number, nextStart: number): boolean {
  if (!OPENS_STATEMENT.test(text.slice(nextStart, nextStart + 40))) return false;
  const line = text.slice(lineStart, lineEnd).trimEnd();
  return line.length > 0 && !CONNECTOR_END.test(line);
}

/** A single line break ends a sentence when the line before it is a short heading. */
function isHeadingBreak(text: string, lineStart: number, lineEnd: number, nextStart: number): boolean {
  const line = text.slice(lineStart, lineEnd).trim();
  if (line.length === 0 || line.length > 60) return false;
  const first = line.charCodeAt(0);
  if (!((first >= 65 && first <= 90) || (first >= 48 && first <= 57))) return false;
  if (/[.!?]$/.test(line) || CONNECTOR_END.test(line)) return false;
  if (STATEMENT_WORDS.test(line)) return false;
  if (line.split(/\s+/).length > 8) return false;
  const next = text.charCodeAt(nextStart);
  return (next >= 65 && next <= 90) || (next >= 48 && next <= 57);
}
