import { readClaimList } from './claim-lists.ts';
import type { Section } from './sections.ts';
import type { RejectionStatement } from './types.ts';

/**
 * The examiner's claim-by-claim explanation that follows a rejection statement: paragraphs that
 * open "Regarding claim 1,", "As to claim 2,", "In regard to claim 5,", "With respect to claims 2
 * and 12," (MPEP 707.07(d): the examiner must explain how each claim is met). A block runs to the
 * next block, the next rejection statement or the next section heading. A rejection statement of
 * one to three claims opens a block for the explanation that follows it.
 */
export interface ClaimBlock {
  claims: number[];
  /** Start of the opening phrase. */
  start: number;
  /** End of the claim list in the opening phrase. */
  headerEnd: number;
  end: number;
  /** The rejection statement the block explains (the latest one before it), if any. */
  rejection: RejectionStatement | null;
}

const OPENER =
  /(?:^|\n|[.:;}]\s{1,4}|\s{2})[ \t]{0,8}(?:Regarding|As\s{1,3}to|As\s{1,3}for|As\s{1,3}per|In\s{1,3}regards?\s{1,3}to|With\s{1,3}(?:respect|regards?)\s{1,3}to|Referring\s{1,3}to|Considering|Concerning|Re:?|For)\s{1,3}(?:independent\s{1,3}|dependent\s{1,3})?(?:claim\(s\)|claims?)\s{0,3}/gi;

export function findClaimBlocks(work: string, rejections: readonly RejectionStatement[], sections: readonly Section[]): ClaimBlock[] {
  const opens: Array<{ claims: number[]; start: number; headerEnd: number }> = [];
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(work); m && opens.length < 5000; m = OPENER.exec(work)) {
    const list = readClaimList(work, m.index + m[0].length);
    if (!list) continue;
    const lead = m[0].search(/[A-Za-z]/);
    opens.push({ claims: list.numbers, start: m.index + lead, headerEnd: list.end });
    OPENER.lastIndex = list.end;
  }
  // A statement naming one to three claims, followed by its explanation without an opener
  // ("Claim 1 is rejected under ... Smith. Smith discloses ... (col. 2, lines 3-5).")
  for (const r of rejections) {
    if (r.claims.length > 0 && r.claims.length <= 3 && r.derived_from === null) {
      opens.push({ claims: r.claims, start: r.evidence.span.start, headerEnd: r.evidence.span.end });
    }
  }
  opens.sort((a, b) => a.start - b.start);
  const boundaries = [...rejections.map((r) => r.evidence.span.start), ...sections.map((s) => s.start)].sort((a, b) => a - b);
  const blocks: ClaimBlock[] = [];
  let b = 0;
  let r = 0;
  for (let i = 0; i < opens.length; i++) {
    const o = opens[i];
    const nextOpen = i + 1 < opens.length ? opens[i + 1].start : work.length;
    while (b < boundaries.length && boundaries[b] <= o.headerEnd) b++;
    const end = Math.min(nextOpen, b < boundaries.length ? boundaries[b] : work.length);
    while (r + 1 < rejections.length && rejections[r + 1].evidence.span.start <= o.start) r++;
    const rej = rejections[r] && rejections[r].evidence.span.start <= o.start ? rejections[r] : null;
    blocks.push({ claims: o.claims, start: o.start, headerEnd: o.headerEnd, end: Math.max(end, o.headerEnd), rejection: rej });
  }
  return blocks;
}
