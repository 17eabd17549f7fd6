import { evidenceOf } from './spans.ts';
import type { Basis, StatuteCitation } from './types.ts';

/**
 * Statutory bases named in a rejection sentence, following the wording of the MPEP form
 * paragraphs: 7.05 (35 U.S.C. 101), 7.07-7.08/7.15 (102(a)(1), 102(a)(2); pre-AIA 102(a), (b), (e)),
 * 7.20/7.21 (103; pre-AIA 103(a)), 7.31.01-7.31.04 (112(a) / first paragraph), 7.34.01 (112(b) /
 * second paragraph), 7.36 (112(d) / fourth paragraph), 7.30.03 (112(f) / sixth paragraph), and 8.31-8.34
 * (statutory double patenting under 101 "as claiming the same invention"; nonstatutory double patenting).
 */

const ORDINALS: Record<string, string> = {
  first: 'a',
  '1st': 'a',
  '1': 'a',
  second: 'b',
  '2nd': 'b',
  '2': 'b',
  third: 'c',
  '3rd': 'c',
  '3': 'c',
  fourth: 'd',
  '4th': 'd',
  '4': 'd',
  fifth: 'e',
  '5th': 'e',
  '5': 'e',
  sixth: 'f',
  '6th': 'f',
  '6': 'f',
};
const PARAGRAPH_NAMES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

// "pre-AIA 35 U.S.C. § 102(b)", "35 USC 112(b)", "35 U.S.C. §§ 101", "§ 103(a)", "section 112"
const LEAD =
  /(pre-?\s?AIA\s{0,3})?(?:35\s{0,2}U\.?\s?S\.?\s?C\.?\s{0,3}(?:§{1,2}|sec(?:tion)?s?\.?)?|§{1,2}|\bsections?)\s{0,3}(\d{3})(?!\d)((?:\s?\([a-z0-9]{1,2}\)){0,3})/gi;
// ", and 112(a)", " or pre-AIA 35 U.S.C. 112, second paragraph"
const CONTINUATION =
  /^\s{0,3}(?:,\s{0,3})?(?:and|or|&|\/|,)\s{1,3}(pre-?\s?AIA\s{0,3})?(?:35\s{0,2}U\.?\s?S\.?\s?C\.?\s{0,3})?(?:§{1,2}\s{0,3})?(\d{3})(?!\d)((?:\s?\([a-z0-9]{1,2}\)){0,3})/i;
const PRE_AIA_SUFFIX = /^\s{0,3}\(\s{0,2}pre-?\s?AIA\s{0,2}\)/i;
const PARAGRAPH_SUFFIX =
  /^\s{0,3},?\s{0,3}(?:(first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th)\s{1,3}paragraph|¶\s{0,2}([1-6])|paragraph\s{0,2}([1-6])\b)/i;

const SECTIONS = new Set(['101', '102', '103', '112']);

export interface StatuteScan {
  citations: StatuteCitation[];
  bases: Basis[];
  /** End offset (absolute) of the last statute token. */
  end: number;
}

/**
 * Finds the statutes cited in `region` (a slice of the working text starting at absolute offset
 * `offset`). `grounds` is the rest of the sentence, used to classify a bare "35 U.S.C. 112".
 */
export function scanStatutes(input: string, region: string, offset: number, grounds: string): StatuteScan {
  const citations: StatuteCitation[] = [];
  let lastEnd = offset;
  LEAD.lastIndex = 0;
  for (let m = LEAD.exec(region); m; m = LEAD.exec(region)) {
    let tok: TokenMatch | null = { preAia: Boolean(m[1]), section: m[2], subs: m[3] ?? '', start: m.index, end: m.index + m[0].length };
    while (tok) {
      if (SECTIONS.has(tok.section)) {
        const suffix = readSuffix(region, tok.end);
        const c = toCitation(tok, suffix, grounds);
        citations.push({ ...c, evidence: evidenceOf(input, offset + tok.start, offset + suffix.end) });
        lastEnd = offset + suffix.end;
        tok.end = suffix.end;
      }
      const rest = region.slice(tok.end, tok.end + 80);
      const cm = CONTINUATION.exec(rest);
      tok = cm ? { preAia: Boolean(cm[1]), section: cm[2], subs: cm[3] ?? '', start: tok.end + cm.index, end: tok.end + cm.index + cm[0].length } : null;
      if (tok) LEAD.lastIndex = tok.end;
    }
  }
  return { citations: mergeCitations(citations), bases: uniqueBases(citations.map((c) => c.basis)), end: lastEnd };
}

interface TokenMatch {
  preAia: boolean;
  section: string;
  subs: string;
  start: number;
  end: number;
}

function readSuffix(region: string, at: number): { preAia: boolean; paragraph: string | null; end: number } {
  let end = at;
  let preAia = false;
  let paragraph: string | null = null;
  const rest = region.slice(at, at + 60);
  const p1 = PRE_AIA_SUFFIX.exec(rest);
  let used = 0;
  if (p1) {
    preAia = true;
    used = p1[0].length;
  }
  const p2 = PARAGRAPH_SUFFIX.exec(rest.slice(used));
  if (p2) {
    const word = (p2[1] ?? p2[2] ?? p2[3] ?? '').toLowerCase();
    paragraph = ORDINALS[word] ?? null;
    used += p2[0].length;
  }
  end += used;
  return { preAia, paragraph, end };
}

function toCitation(tok: TokenMatch, suffix: { preAia: boolean; paragraph: string | null }, grounds: string): Omit<StatuteCitation, 'evidence'> {
  const subs = tok.subs.replace(/\s+/g, '').toLowerCase();
  const writtenPreAia = tok.preAia || suffix.preAia;
  const prefix = tok.preAia ? 'pre-AIA ' : '';
  switch (tok.section) {
    case '101':
      if (/same\s+invention/i.test(grounds)) {
        return { basis: 'DP', citation: `${prefix}35 U.S.C. 101 (statutory double patenting)`, pre_aia: writtenPreAia };
      }
      return { basis: '101', citation: `${prefix}35 U.S.C. 101`, pre_aia: writtenPreAia };
    case '102': {
      // AIA 102 has (a)(1), (a)(2); a lone letter ((a), (b), (e), (g)) is the pre-AIA statute.
      const preAia = writtenPreAia || /^\([a-z]\)$/.test(subs);
      return { basis: '102', citation: `${prefix}35 U.S.C. 102${subs}`, pre_aia: preAia };
    }
    case '103':
      return { basis: '103', citation: `${prefix}35 U.S.C. 103${subs}`, pre_aia: writtenPreAia || subs === '(a)' };
    default: {
      const letter = /^\(([a-f])\)/.exec(subs)?.[1] ?? null;
      if (suffix.paragraph) {
        const name = PARAGRAPH_NAMES['abcdef'.indexOf(suffix.paragraph)];
        const written = suffix.preAia ? '35 U.S.C. 112 (pre-AIA)' : `${prefix}35 U.S.C. 112`;
        return { basis: `112(${suffix.paragraph})` as Basis, citation: `${written}, ${name} paragraph`, pre_aia: true };
      }
      if (letter) return { basis: `112(${letter})` as Basis, citation: `${prefix}35 U.S.C. 112(${letter})`, pre_aia: writtenPreAia };
      return { basis: infer112(grounds), citation: `${prefix}35 U.S.C. 112`, pre_aia: writtenPreAia };
    }
  }
}

/** A bare "35 U.S.C. 112" classified by the ground stated (MPEP 2161-2174, 608.01(n)). */
export function infer112(grounds: string): Basis {
  if (/indefinite|particularly\s+point|distinctly\s+claim|antecedent/i.test(grounds)) return '112(b)';
  if (/written\s+description|enabl|new\s+matter|best\s+mode|scope\s+of\s+enablement/i.test(grounds)) return '112(a)';
  if (/further\s+limit|improper\s+dependent|include\s+all\s+the\s+limitations/i.test(grounds)) return '112(d)';
  return '112';
}

/** "35 U.S.C. 112(b) or 35 U.S.C. 112 (pre-AIA), second paragraph" is one basis with a joint citation. */
function mergeCitations(citations: StatuteCitation[]): StatuteCitation[] {
  const byBasis = new Map<Basis, StatuteCitation>();
  for (const c of citations) {
    const prev = byBasis.get(c.basis);
    if (!prev) {
      byBasis.set(c.basis, c);
      continue;
    }
    if (prev.citation.includes(c.citation)) continue;
    byBasis.set(c.basis, {
      basis: c.basis,
      citation: `${prev.citation} or ${c.citation}`,
      pre_aia: prev.pre_aia || c.pre_aia,
      evidence: prev.evidence, // the first statute phrase; the joint phrase is in the statement itself
    });
  }
  return [...byBasis.values()];
}

export function uniqueBases(bases: readonly Basis[]): Basis[] {
  return [...new Set(bases)];
}

/**
 * The basis a rejection sentence names only by its wording, when it cites no statute and sits
 * under no statute heading: the form paragraphs' fixed phrases — "anticipated by" (7.15, 102),
 * "unpatentable/obvious over", "in view of" (7.20/7.21, 103), "indefinite" / "written description" /
 * "fails to further limit" (7.34.01, 7.31.01, 7.36: 112(b), 112(a), 112(d)). Null when none fits
 * or two bases do ("anticipated by or, in the alternative, obvious over" names its statutes).
 */
export function basisFromWording(grounds: string): Basis | null {
  const head = grounds.slice(0, 400);
  const found = new Set<Basis>();
  if (/\banticipated\s{1,3}by\b/i.test(head)) found.add('102');
  if (/\b(?:unpatentable|obvious)\s{1,3}over\b|\bover\s{1,3}[^.]{1,120}?\bin\s{1,3}view\s{1,3}of\b/i.test(head)) found.add('103');
  const s112 = infer112(head);
  if (s112 !== '112') found.add(s112);
  return found.size === 1 ? [...found][0] : null;
}
