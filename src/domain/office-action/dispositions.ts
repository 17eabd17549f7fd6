import { readClaimList } from './claim-lists.ts';
import { evidenceOf } from './spans.ts';
import { clauseFloor, collectAnchors, sentenceSpan, subjectAfter, subjectBefore, type StatementContext } from './statements.ts';
import type { AllowabilityStatement, DispositionStatement } from './types.ts';

/**
 * Claim-status statements other than rejections and objections:
 * - allowed: 7.97 "Claim [1] allowed."; 13.03/PTOL-37 "Claims 1, 4, 6-10 are allowed over the prior art of
 *   record", "The allowed claim(s) is/are 1, 4 and 6-10"; "Claims 7-8 appear to contain allowable subject
 *   matter"; 7.43.x "Claim [1] would be allowable if rewritten to overcome the rejection(s) ... and to include
 *   all of the limitations of the base claim" (conditional);
 * - cancelled: "Claims 11-21 have been cancelled", examiner's amendment "Cancel claims 11-21.";
 * - withdrawn: 8.05 "Claim [1] withdrawn from further consideration pursuant to 37 CFR 1.142(b) as being
 *   drawn to a nonelected invention";
 * - pending: "Claims 1-20 are pending in the application" / "are presented for examination" / "are under
 *   consideration" / "are examined herein" (actions after an amendment or an election).
 */

const ALLOWED = /\b(?:allowed|allowable)\b/gi;
const ALLOWED_LIST = /\bThe\s{1,3}allowed\s{1,3}claim\(s\)\s{1,3}(?:is\/are|is|are)\s/gi;
const ALLOWED_FORBID = /\b(?:not|no|never|previously|formerly|was|were|had|might|may|will|whether|withdrawn|cancel+ed)\b/i;
const CANCELLED_SUBJECT = /\bcancel+ed\b/gi;
const CANCEL_OBJECT = /\b(?:cancel|cancels|cancel+ed|cancel+ing|cancel+ation\s{1,3}of)\s{1,3}(?=claims?\b|claim\(s\))/gi;
const CANCEL_FORBID = /\b(?:not|should|must|may|might|will|would|could|if|required|to\s+be|need)\b/i;
const WITHDRAWN = /\bwithdrawn\b/gi;
const WITHDRAWN_FORBID =
  /\b(?:not|rejections?|objections?|requirements?|restrictions?|finality|election|indicated|allowability|indication|holding|previously)\b/i;
const PENDING =
  /\b(?:pending|presented\s{1,3}for\s{1,3}examination|under\s{1,3}(?:examination|consideration)|examined\s{1,3}on\s{1,3}the\s{1,3}merits|examined\s{1,3}(?:herein|below|in\s{1,3}this\s{1,3}(?:office\s{1,3})?action))\b/gi;
const PENDING_FORBID = /\b(?:not|no\s+longer|was|were|previously|had)\b/i;

export function extractAllowability(ctx: StatementContext): AllowabilityStatement[] {
  const out: AllowabilityStatement[] = [];
  const anchors = collectAnchors(ctx, ALLOWED);
  for (let i = 0; i < anchors.length; i++) {
    const a = anchors[i];
    const subject = subjectBefore(ctx, a.start, clauseFloor(ctx, anchors, i), ALLOWED_FORBID);
    if (!subject) continue;
    const sentence = sentenceSpan(ctx, a.sentence);
    const gap = ctx.work.slice(subject.end, a.start);
    const after = ctx.work.slice(a.end, Math.min(sentence.end, a.end + 160));
    const conditional = /\bwould\b|\bcould\b/i.test(gap) || /^[^.]{0,120}?\bif\b/i.test(after);
    const word = ctx.work.slice(a.start, a.end).toLowerCase();
    const kind: AllowabilityStatement['kind'] = conditional
      ? 'allowable_if_rewritten'
      : word === 'allowable' && /^\s{1,3}subject\s{1,3}matter/i.test(after)
        ? 'allowable_subject_matter'
        : 'allowed';
    if (kind === 'allowed' && /\b(?:rejected|objected)\b/i.test(gap)) continue; // "rejected ... as allowed by"
    out.push({ claims: subject.claims, kind, evidence: evidenceOf(ctx.input, sentence.start, sentence.end) });
  }
  for (const a of collectAnchors(ctx, ALLOWED_LIST)) {
    const list = readClaimList(ctx.work, a.end);
    if (!list) continue;
    const sentence = sentenceSpan(ctx, a.sentence);
    out.push({ claims: list.numbers, kind: 'allowed', evidence: evidenceOf(ctx.input, sentence.start, Math.max(sentence.end, list.end)) });
  }
  return out.sort((x, y) => x.evidence.span.start - y.evidence.span.start);
}

export function extractDispositions(ctx: StatementContext): DispositionStatement[] {
  const out: DispositionStatement[] = [];
  const push = (claims: number[], disposition: DispositionStatement['disposition'], sentenceIndex: number): void => {
    const s = sentenceSpan(ctx, sentenceIndex);
    out.push({ claims, disposition, evidence: evidenceOf(ctx.input, s.start, s.end) });
  };
  const bySubject = (re: RegExp, forbid: RegExp, disposition: DispositionStatement['disposition']): void => {
    const anchors = collectAnchors(ctx, re);
    for (let i = 0; i < anchors.length; i++) {
      const subject = subjectBefore(ctx, anchors[i].start, clauseFloor(ctx, anchors, i), forbid, 120);
      if (subject) push(subject.claims, disposition, anchors[i].sentence);
    }
  };
  bySubject(CANCELLED_SUBJECT, CANCEL_FORBID, 'cancelled');
  for (const a of collectAnchors(ctx, CANCEL_OBJECT)) {
    const before = ctx.work.slice(Math.max(0, a.start - 30), a.start);
    if (/\b(?:required\s+to|must|should|may|might|will|would|could|need\s+to|not|upon\s+the)\s*$/i.test(before)) continue;
    const subject = subjectAfter(ctx, a.end, 5);
    if (subject) push(subject.claims, 'cancelled', a.sentence);
  }
  bySubject(WITHDRAWN, WITHDRAWN_FORBID, 'withdrawn');
  bySubject(PENDING, PENDING_FORBID, 'pending');
  return out.sort((x, y) => x.evidence.span.start - y.evidence.span.start);
}
