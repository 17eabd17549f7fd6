import { readClaimList } from './claim-lists.ts';
import { findPublicationNumbers } from './publication-numbers.ts';
import { evidenceOf } from './spans.ts';
import type { PublicationNumber, Reference, ReferenceKind } from './types.ts';

/**
 * The references of one rejection sentence, read from the text after the last lead phrase of
 * the form paragraph ("anticipated by" 7.15, "unpatentable over" 7.20/7.21, "obvious over" 7.27,
 * double patenting "unpatentable over claim(s) _ of U.S. Patent No. _" 8.33/8.34), split on the
 * combination words ("in view of", "and further in view of", "as modified by", "as evidenced by").
 */

export type DraftReference = Omit<Reference, 'id'>;

// The last alternative: "Claims 1-3 are rejected over Smith in view of Jones" — the statute only in
// the section heading, the references right after "rejected" (the tail starts there).
const LEAD =
  /(?:\b(?:(?:anticipated|obvious|unpatentable|unpatentability|patentable)\s{1,3}(?:by|over|in\s{1,3}view\s{1,3}of|in\s{1,3}light\s{1,3}of|based\s{1,3}(?:up)?on)|same\s{1,3}invention\s{1,3}as\s{1,3}(?:that\s{1,3}of|in))|^\s{0,3}over)\s/gi;
const STRONG_SEPARATOR =
  /(?:,\s{0,3})?(?:and\s{1,3})?(?:(?:in\s{1,3})?further\s{1,3}in\s{1,3}view\s{1,3}of|in\s{1,3}further\s{1,3}view\s{1,3}of|in\s{1,3}view\s{1,3}of|as\s{1,3}modified\s{1,3}by|(?:as\s{1,3})?evidenced\s{1,3}by|in\s{1,3}combination\s{1,3}with|combined\s{1,3}with|taken\s{1,3}with|(?:and\s{1,3})?further\s{1,3}over|in\s{1,3}light\s{1,3}of)\s/gi;
const WEAK_SEPARATOR = /,?\s{1,3}and\s{1,3}|;\s{0,3}|,\s{1,3}/g;
const TRAILING_JUNK =
  /\s*(?:,\s*)?(?:as\s+applied\s+to\s+(?:claims?|claim\(s\))\b[^.;]{0,120}?\babove\b|as\s+(?:set\s+forth|discussed|explained|shown|detailed)\s+(?:below|above|herein)|for\s+the\s+reasons?\s+(?:set\s+forth|given|discussed)\b[^.;]{0,80}|(?:,\s*)?respectively)\s*[,.;]?\s*$/i;
const LEADING_JUNK =
  /^(?:\s|(?:unpatentable|obvious|anticipated)\s+(?:over|by)\s|the\s+combination\s+of\s|a\s+combination\s+of\s|the\s+teachings?\s+of\s|the\s+|and\s|,|prior\s)+/i;
const GENERIC_WORDS =
  /^(?:us|u\.s\.|patent|pat\.?|publication|pub\.?|application|document|reference|no\.?|number|pgpub|pg|pre-grant|the|of|to|in|by|et|al\.?|hereinafter|published|issued|foreign|japanese|chinese|korean|german|european)$/i;

export interface ReferencePortion {
  start: number;
  end: number;
}

/** Where the reference list of a rejection sentence starts: after the last lead phrase. */
export function findReferencePortion(work: string, tailStart: number, sentenceEnd: number): ReferencePortion | null {
  const tail = work.slice(tailStart, sentenceEnd);
  LEAD.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = LEAD.exec(tail); m; m = LEAD.exec(tail)) last = m;
  if (!last) return null;
  let start = tailStart + last.index + last[0].length;
  // "unpatentable over unpatentable over Laroia": repeated lead phrases
  const lead = LEADING_JUNK.exec(work.slice(start, Math.min(sentenceEnd, start + 80)));
  if (lead) start += lead[0].length;
  let end = sentenceEnd;
  while (end > start && /[\s.;:]/.test(work[end - 1])) end--;
  return end > start ? { start, end } : null;
}

/** Depth map: true where a character lies inside parentheses, brackets or quotes. */
function nestedMask(s: string): Uint8Array {
  const mask = new Uint8Array(s.length);
  let depth = 0;
  let quote = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '[') depth++;
    if (c === '“') quote = true;
    if (c === '”') quote = false;
    if (c === '"') quote = !quote;
    mask[i] = depth > 0 || quote ? 1 : 0;
    if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return mask;
}

function splitAt(s: string, re: RegExp, mask: Uint8Array, base: number): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let from = 0;
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (mask[m.index]) continue;
    out.push({ text: s.slice(from, m.index), start: base + from });
    from = m.index + m[0].length;
  }
  out.push({ text: s.slice(from), start: base + from });
  return out.filter((p) => p.text.trim().length > 0);
}

/** Parses the references of a rejection sentence. */
export function parseReferences(input: string, work: string, portion: ReferencePortion): DraftReference[] {
  const text = work.slice(portion.start, portion.end);
  const mask = nestedMask(text);
  const out: DraftReference[] = [];
  for (const seg of splitAt(text, STRONG_SEPARATOR, mask, 0)) {
    const segMask = mask.subarray(seg.start, seg.start + seg.text.length);
    const numbers = findPublicationNumbers(seg.text).length;
    let pieces = [{ text: seg.text, start: seg.start }];
    const weak = splitAt(seg.text, WEAK_SEPARATOR, segMask, seg.start);
    if (weak.length > 1) {
      const namesOnly = numbers === 0 && weak.every((p) => /^\s*[A-Z]/.test(p.text) && p.text.trim().split(/\s+/).length <= 4);
      const eachHasNumber = numbers >= 2 && weak.filter((p) => findPublicationNumbers(p.text).length > 0).length === numbers;
      if (namesOnly || eachHasNumber) pieces = mergeOrphans(weak, text);
    }
    for (const p of pieces) {
      const ref = parseReferenceChunk(input, p.text, portion.start + p.start);
      if (ref) out.push(ref);
    }
  }
  return out;
}

/** Pieces without a number of their own (a name before "US 1,234,567") join the next piece. */
function mergeOrphans(pieces: Array<{ text: string; start: number }>, whole: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  for (const p of pieces) {
    const prev = out[out.length - 1];
    if (prev && findPublicationNumbers(prev.text).length === 0 && /^\s*(?:US|U\.S\.|[A-Z]{2}\s?\d)/.test(p.text)) {
      // "Smith, US 8,123,456": keep the name with its number
      const end = p.start + p.text.length;
      out[out.length - 1] = { text: whole.slice(prev.start, end), start: prev.start };
      continue;
    }
    out.push(p);
  }
  return out;
}

/** One reference from one chunk of text ("Laroia (US 2005/0025220 A1)", "claim 1 of U.S. Patent No. 10,072,876"). */
function parseReferenceChunk(input: string, chunk: string, absStart: number): DraftReference | null {
  let s = chunk;
  let off = 0;
  const lead = LEADING_JUNK.exec(s);
  if (lead) {
    off += lead[0].length;
    s = s.slice(lead[0].length);
  }
  const junk = TRAILING_JUNK.exec(s);
  if (junk) s = s.slice(0, junk.index);
  s = s.replace(/[\s.,;:]+$/, '').slice(0, 400); // a run-on chunk is read from its start
  if (!s) return null;
  const evidence = evidenceOf(input, absStart + off, absStart + off + s.length);
  if (!evidence.text) return null;

  // Double patenting: "claim(s) 1-5 of U.S. Patent No. 10,072,876" / "claims 1-20 of copending Application No. 16/123,456"
  const dp = /^(?:claims?|claim\(s\))\s/i.exec(s);
  const conflicting = dp ? (readClaimList(s, dp[0].length)?.numbers ?? []) : [];

  if (/admitted\s+prior\s+art|\bAAPA\b|applicant'?s?\s+(?:own\s+)?(?:admission|admitted|background)/i.test(s)) {
    return build('aapa', "Applicant's admitted prior art", null, conflicting, evidence, 'AAPA');
  }
  if (/official\s+notice/i.test(s)) return build('official_notice', 'Official Notice', null, conflicting, evidence, 'Official Notice');

  const pubs = findPublicationNumbers(s);
  if (pubs.length > 0) {
    const pub = pubs[0];
    const name = nameBefore(s.slice(0, pub.index)) ?? nameAfter(s.slice(pub.index + pub.length));
    const kind: ReferenceKind = pub.publication.kind === 'wo' ? 'wo' : pub.publication.kind;
    return build(kind, name, pub.publication, conflicting, evidence);
  }
  const name = nameBefore(s);
  if (!name) return null;
  // A title, year or journal marks non-patent literature; a bare name is a reference cited by name
  // only (resolved against the rest of the action by the registry).
  const looksNpl = /["“”]|\b(?:19|20)\d{2}\b|\bvol\.|\bpp?\.|journal|proceedings|conference|ieee|acm|press|retrieved|http|www\./i.test(s);
  return build(looksNpl ? 'npl' : 'unidentified', name, null, conflicting, evidence, looksNpl ? s.slice(0, 160) : undefined);
}

function build(
  kind: ReferenceKind,
  name: string | null,
  publication: PublicationNumber | null,
  conflicting: number[],
  evidence: Reference['evidence'],
  displayOverride?: string,
): DraftReference {
  return {
    short_name: name,
    kind,
    publication,
    label: labelOf(name, publication, displayOverride),
    conflicting_claims: conflicting,
    evidence,
  };
}

export function labelOf(name: string | null, publication: PublicationNumber | null, display?: string): string {
  if (publication) return name ? `${name} (${publication.display})` : publication.display;
  return display ?? name ?? '';
}

/** "Balakrishnan et al." → "Balakrishnan"; "Lee et al. (" → "Lee"; "Smith, " → "Smith". */
export function cleanName(raw: string): string | null {
  // The name comes first: cut at the first comma, quote, semicolon or parenthesis that follows a word.
  const head = /^[\s,;:)\]}]*[^,;"“(]*/.exec(raw)?.[0] ?? raw;
  let s = head
    .replace(/\(?\s*hereinafter[^)]*\)?/gi, ' ')
    .replace(/["“”‘’]/g, ' ')
    .replace(/\bet\s*al\.?,?/gi, ' ')
    .replace(/[([{]\s*$/g, ' ')
    .replace(/[\s,;:([{]+$/g, '')
    .replace(/^[\s,;:)\]}]+/g, '');
  const words = s.split(/\s+/).filter((w) => w && !GENERIC_WORDS.test(w));
  // A name is at most a few capitalized words ("Van Der Berg", "Laroia"); "claim 1 of" is not.
  const kept: string[] = [];
  for (const w of words) {
    if (!/^[A-Z\u00C0-\u024F][\p{L}'’\-.&]*$/u.test(w)) {
      if (kept.length > 0) break;
      continue;
    }
    kept.push(w.replace(/['’]s$/, ''));
    if (kept.length >= 4) break;
  }
  s = kept.join(' ').replace(/[.,]+$/, '');
  return s.length >= 2 ? s : null;
}

function nameBefore(s: string): string | null {
  // "claim 1 of U.S. Patent No." has no name before the number
  if (/^(?:claims?|claim\(s\))\s/i.test(s.trim())) return null;
  return cleanName(s);
}

function nameAfter(s: string): string | null {
  const alias = /hereinafter\s*["“]?([A-Z][\p{L}'’-]+)/u.exec(s);
  if (alias) return cleanName(alias[1]);
  const m = /^\s*\)?\s*,?\s*\(?\s*(?:(?:issued\s+)?to\s+|by\s+)?["“]?([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+){0,2})/u.exec(s);
  return m ? cleanName(m[1]) : null;
}
