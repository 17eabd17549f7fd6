import { mentionsIn, type ClaimMention } from './claim-mentions.ts';
import type { Section } from './sections.ts';
import type { Sentences } from './sentences.ts';
import { spansOverlap } from './spans.ts';
import type { Span } from './types.ts';

/**
 * Shared machinery of the statement extractors: a statement is a verb anchor ("rejected",
 * "objected to", "allowed", "cancelled", "withdrawn", "pending") whose subject is the claim list
 * just before it in the same sentence — the shape of every MPEP form paragraph that disposes of
 * claims ("Claim(s) [1] is/are rejected under ...", "Claim [1] objected to because ...").
 */
export interface StatementContext {
  input: string;
  work: string;
  sentences: Sentences;
  mentions: ClaimMention[];
  sections: Section[];
  /** Spans no statement may come from (PTOL-326 summary lines, flagged injection text). */
  excluded: Span[];
}

export interface Anchor {
  start: number;
  end: number;
  sentence: number;
}

export interface Subject {
  claims: number[];
  mentions: ClaimMention[];
  /** Claim lists in the clause that are relations ("depend from claim 1"). */
  relations: ClaimMention[];
  start: number;
  end: number;
}

const MAX_STATEMENTS = 5000;

export function isExcluded(ctx: StatementContext, span: Span): boolean {
  for (const e of ctx.excluded) if (spansOverlap(e, span)) return true;
  return false;
}

/** All matches of `re` (global) that lie in a sentence and outside excluded spans. */
export function collectAnchors(ctx: StatementContext, re: RegExp): Anchor[] {
  const out: Anchor[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(ctx.work); m && out.length < MAX_STATEMENTS; m = re.exec(ctx.work)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const span = { start: m.index, end: m.index + m[0].length };
    if (isExcluded(ctx, span)) continue;
    const sentence = ctx.sentences.indexAt(m.index);
    if (sentence < 0) continue;
    out.push({ ...span, sentence });
  }
  return out;
}

/** Start of the clause an anchor belongs to: the sentence start or the end of the previous anchor in it. */
export function clauseFloor(ctx: StatementContext, anchors: readonly Anchor[], i: number): number {
  const a = anchors[i];
  const prev = anchors[i - 1];
  const sentenceStart = ctx.sentences.starts[a.sentence];
  return prev && prev.sentence === a.sentence ? Math.max(sentenceStart, prev.end) : sentenceStart;
}

const CONDITIONAL_BEFORE = /\b(?:if|should|when|once|unless|whether|until|were)\s{1,3}(?:the\s{1,3})?$/i;
const JOINER_FORBIDDEN = /\b(?:is|are|was|were|recites?|depends?|because|since|which|that|if)\b|[.;:]/i;

/**
 * The subject claim list of an anchor: the last subject-role mention before it in the clause,
 * plus earlier subject mentions joined to it ("Claims 1 and 11, as well as dependent claims 2-10, are").
 * `forbidGap` rejects anchors whose gap (subject → anchor) reads as negated, conditional or past.
 */
export function subjectBefore(ctx: StatementContext, anchorStart: number, floor: number, forbidGap: RegExp, maxGap = 160): Subject | null {
  const inClause = mentionsIn(ctx.mentions, floor, anchorStart);
  const subjects = inClause.filter((m) => m.role === 'subject');
  if (subjects.length === 0) return null;
  const last = subjects[subjects.length - 1];
  const gap = ctx.work.slice(last.end, anchorStart);
  if (gap.length > maxGap || forbidGap.test(gap)) return null;
  const chosen = [last];
  for (let i = subjects.length - 2; i >= 0; i--) {
    const between = ctx.work.slice(subjects[i].end, chosen[0].start);
    if (between.length > 80 || JOINER_FORBIDDEN.test(between)) break;
    chosen.unshift(subjects[i]);
  }
  // "should claim 1 be found allowable, claim 2 will be objected to" (7.05.05): a condition, not a statement
  if (CONDITIONAL_BEFORE.test(ctx.work.slice(Math.max(floor, chosen[0].start - 20), chosen[0].start))) return null;
  const claims = [...new Set(chosen.flatMap((m) => m.numbers))].sort((a, b) => a - b);
  return {
    claims,
    mentions: chosen,
    relations: inClause.filter((m) => m.role === 'relation' && m.start > chosen[0].start),
    start: chosen[0].start,
    end: last.end,
  };
}

/** The claim list right after `pos` ("cancel claims 11-21", "The allowed claim(s) is/are 1, 4"). */
export function subjectAfter(ctx: StatementContext, pos: number, maxDistance = 40): Subject | null {
  const after = mentionsIn(ctx.mentions, pos, pos + maxDistance + 200).filter((m) => m.start - pos <= maxDistance);
  if (after.length === 0) return null;
  const m = after[0];
  return { claims: m.numbers, mentions: [m], relations: [], start: m.start, end: m.end };
}

export function sentenceSpan(ctx: StatementContext, index: number): Span {
  return { start: ctx.sentences.starts[index], end: ctx.sentences.ends[index] };
}
