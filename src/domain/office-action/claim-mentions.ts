import { readClaimList } from './claim-lists.ts';

/**
 * Every "claim 5", "Claims 1-12, 14-19", "Claim(s) 3", "claim s 11-21" (XML residue) in the text,
 * indexed by position, with the role its context gives it: the subject of a statement, a topic
 * ("Regarding claim 1,"), or a relation ("depend from claim 1", "the rejection of claims 1-5").
 */
export interface ClaimMention {
  /** Start of the word "claim". */
  start: number;
  /** End of the last claim number. */
  end: number;
  numbers: number[];
  role: 'subject' | 'topic' | 'relation';
}

const KEYWORD = /\bclaim(?:s\b|\s?\(s\)|\s+s\b(?=\s{0,3}\d)|\b)/gi;

// Words that make a following claim list the object of a relation, not a subject.
const RELATION_BEFORE =
  /\b(?:of|from|to|on|upon|in|with|than|over|by|under|like|per|see|unlike|into|for|(?<!\bas\s{1,3}well\s{1,3})as|at|between|onto|within|against|including|incorporating|and\s+in)\s+(?:(?:the|a|an|parent|base|independent|dependent|rejected|original|respective|corresponding|cancel+ed|previous|intervening|allowable|objected|amended|its|their|each)\s+){0,2}$/i;
const TOPIC_BEFORE =
  /(?:^|[\s.;:,(])(?:regarding|as\s+to|as\s+for|with\s+respect\s+to|with\s+regards?\s+to|in\s+regards?\s+to|in\s+re|re:?|concerning|referring\s+to|considering|as\s+per|in\s+reference\s+to)\s+(?:(?:the|independent|dependent)\s+){0,2}$/i;

export function findClaimMentions(work: string): ClaimMention[] {
  const out: ClaimMention[] = [];
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(work); m; m = KEYWORD.exec(work)) {
    const list = readClaimList(work, m.index + m[0].length);
    if (!list) continue;
    const before = work.slice(Math.max(0, m.index - 60), m.index);
    const role: ClaimMention['role'] = TOPIC_BEFORE.test(before) ? 'topic' : RELATION_BEFORE.test(before) ? 'relation' : 'subject';
    out.push({ start: m.index, end: list.end, numbers: list.numbers, role });
    KEYWORD.lastIndex = list.end;
  }
  return out;
}

/** Index of the first mention with start >= pos (binary search). */
function firstMentionAtOrAfter(mentions: readonly ClaimMention[], pos: number): number {
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mentions[mid].start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Mentions lying entirely in [from, to). */
export function mentionsIn(mentions: readonly ClaimMention[], from: number, to: number): ClaimMention[] {
  const out: ClaimMention[] = [];
  for (let i = firstMentionAtOrAfter(mentions, from); i < mentions.length && mentions[i].start < to; i++) {
    if (mentions[i].end <= to) out.push(mentions[i]);
  }
  return out;
}
