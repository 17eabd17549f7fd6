import { readClaimList } from './claim-lists.ts';
import { evidenceOf } from './spans.ts';
import type { RestrictionGroup } from './types.ts';

/**
 * Restriction groups (MPEP 817; form paragraphs 8.01-8.08, 8.14-8.16):
 *   "I.  Claims 10 to 13 and 38 to 42, drawn to methods, classified in ...; and"
 *   "Group II, claim(s) 14-20, drawn to an apparatus, classified in CPC ..."
 *   "Species A, claims 1-5, directed to ..."
 * A group is a label (Roman numeral, letter or number, optionally after "Group", "Invention" or
 * "Species") immediately followed by a claim list; a bare label must start a line.
 */

const LINE_GROUP =
  /(?:^|\n)[ \t]{0,8}(?:(Group|Invention|Species)\s{1,3})?([IVX]{1,6}|[A-Z]|\d{1,2})[ \t]{0,3}[.):\-–]?[ \t]{0,8},?[ \t]{0,3}(claim\(s\)|claims?\b)/gi;
const INLINE_GROUP = /\b(Group|Invention|Species)\s{1,3}([IVX]{1,6}|[A-Z]|\d{1,2})\b[\s,:.\-–(]{0,6}(claim\(s\)|claims?\b)/gi;
const SUBJECT = /^\s{0,3}\)?\s{0,3},?\s{0,3}(?:(?:are|is)\s{1,3})?(?:drawn|directed)\s{1,3}to\s{1,3}([^;\n]{1,240}?)(?=,\s{0,3}classified|;|\.\s|\.$|\n|$)/i;

export function extractRestrictionGroups(input: string, work: string): RestrictionGroup[] {
  const byLabel = new Map<string, RestrictionGroup>();
  const seen = new Set<number>();
  for (const re of [LINE_GROUP, INLINE_GROUP]) {
    re.lastIndex = 0;
    for (let m = re.exec(work), n = 0; m && n < 500; m = re.exec(work), n++) {
      const keyword = m[1];
      const label = m[2];
      // A bare single capital letter or number on a line is too weak without "Group"/"Species".
      if (!keyword && !/^[IVX]+$/.test(label)) continue;
      if (!keyword && re === LINE_GROUP && label.length === 1 && !/^[IVX]$/.test(label)) continue;
      const kwEnd = m.index + m[0].length;
      const list = readClaimList(work, kwEnd);
      if (!list) continue;
      const labelStart = m.index + m[0].search(/\S/);
      if (seen.has(labelStart)) continue;
      seen.add(labelStart);
      const sub = SUBJECT.exec(work.slice(list.end, list.end + 300));
      const subjectText = sub ? sub[1].trim() : null;
      const end = sub ? list.end + sub.index + sub[0].length : list.end;
      const key = `${(keyword ?? 'group').toLowerCase() === 'species' ? 'species' : 'invention'}:${label.toUpperCase()}`;
      const prev = byLabel.get(key);
      if (prev) {
        prev.claims = [...new Set([...prev.claims, ...list.numbers])].sort((a, b) => a - b);
        continue;
      }
      byLabel.set(key, {
        label: label.toUpperCase(),
        kind: keyword && /species/i.test(keyword) ? 'species' : 'invention',
        claims: list.numbers,
        subject: subjectText,
        evidence: evidenceOf(input, labelStart, end),
      });
    }
  }
  return [...byLabel.values()].sort((a, b) => a.evidence.span.start - b.evidence.span.start);
}
