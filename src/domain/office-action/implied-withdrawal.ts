import { formatClaimList, readClaimList } from './claim-lists.ts';
import { evidenceOf } from './spans.ts';
import { clauseFloor, collectAnchors, isExcluded, sentenceSpan, subjectBefore, type StatementContext } from './statements.ts';
import type { AllowabilityStatement, ClaimObjection, DispositionStatement, Evidence, RejectionStatement, SummaryDisposition, Warning } from './types.ts';

/**
 * Claims withdrawn by implication after an election. Once the applicant has elected (37 CFR
 * 1.142(b), 1.143; MPEP 821.01-821.03) the nonelected claims are withdrawn from consideration, and
 * many actions never say so: they acknowledge the election, state "Claims 1-20 are pending" and
 * "Claims 1-10 are examined" (or simply treat the elected claims), and say nothing more about 11-20.
 *
 * Inferred only when all of these hold, and reported as an inference (a warning and the evidence
 * finding `inferred:withdrawn_by_election`), never as a statement of the examiner:
 *  - the action records an election already made ("Applicant's election of Group I … is
 *    acknowledged", "Applicant elected …"), not a requirement to elect;
 *  - it states which claims are pending (PTOL-326 line or a "pending" sentence);
 *  - a pending claim is outside the examined claims — those stated as examined / under
 *    consideration, the claims the election sentence names, and every claim the action rejects,
 *    objects to, allows, cancels or withdraws.
 */

// An election made: "Applicant's election (with|without traverse) of …", "Applicant elected …",
// "the election of Group I … is acknowledged" — not "Applicant is required to elect".
const ELECTION_MADE =
  /\b(?:applicant[’']?s\s{1,3}election|election\s{1,3}(?:without|with)\s{1,3}traverse|applicant\s{1,3}(?:has\s{1,3})?elected|(?:the\s{1,3})?election\s{1,3}of\s{1,3}(?:group|species|invention|claims?)\b[^.]{0,160}?\b(?:is|was|has\s{1,3}been)\s{1,3}(?:acknowledged|noted|made))/gi;
const ELECTION_FORBID = /\b(?:required\s{1,3}to|must|should|may|is\s{1,3}requested|if|unless)\b/i;
// Statements that name the examined claims.
const EXAMINED =
  /\b(?:(?:are|is|were|been)\s{1,3}(?:being\s{1,3})?examined|(?:are|is)\s{1,3}(?:currently\s{1,3})?(?:under|being\s{1,3}given)\s{1,3}(?:consideration|examination)|(?:are|is)\s{1,3}(?:currently\s{1,3})?considered\s{1,3}on\s{1,3}the\s{1,3}merits|(?:are|is)\s{1,3}(?:being\s{1,3})?addressed\s{1,3}(?:herein|in\s{1,3}this))\b/gi;
const EXAMINED_FORBID = /\b(?:not|no\s+longer|will|would|if)\b/i;

export interface ImpliedWithdrawal {
  disposition: DispositionStatement;
  warning: Warning;
}

export interface TreatedClaims {
  summary: SummaryDisposition;
  rejections: readonly RejectionStatement[];
  objections: readonly ClaimObjection[];
  allowability: readonly AllowabilityStatement[];
  dispositions: readonly DispositionStatement[];
}

export function inferWithdrawnByElection(ctx: StatementContext, found: TreatedClaims): ImpliedWithdrawal | null {
  const election = electionSentence(ctx);
  if (!election) return null;
  const pending = new Set([...found.summary.pending, ...found.dispositions.filter((d) => d.disposition === 'pending').flatMap((d) => d.claims)]);
  if (pending.size === 0) return null;
  const examined = new Set([...election.claims, ...examinedClaims(ctx)]);
  const treated = new Set([
    ...found.summary.rejected,
    ...found.summary.allowed,
    ...found.summary.objected,
    ...found.summary.withdrawn,
    ...found.rejections.flatMap((r) => r.claims),
    ...found.objections.flatMap((o) => o.claims),
    ...found.allowability.flatMap((a) => a.claims),
    ...found.dispositions.filter((d) => d.disposition !== 'pending').flatMap((d) => d.claims),
  ]);
  if (examined.size === 0 && treated.size === 0) return null;
  const withdrawn = [...pending].filter((n) => !examined.has(n) && !treated.has(n)).sort((a, b) => a - b);
  if (withdrawn.length === 0) return null;
  const list = formatClaimList(withdrawn);
  return {
    disposition: { claims: withdrawn, disposition: 'withdrawn', evidence: election.evidence, inferred: true },
    warning: {
      code: 'withdrawn_by_implication',
      message: `claims ${list} are pending but not examined after the election: treated as withdrawn from consideration (inferred, not stated in the action; 37 CFR 1.142(b))`,
      evidence: election.evidence,
    },
  };
}

function electionSentence(ctx: StatementContext): { evidence: Evidence; claims: number[] } | null {
  ELECTION_MADE.lastIndex = 0;
  for (let m = ELECTION_MADE.exec(ctx.work); m; m = ELECTION_MADE.exec(ctx.work)) {
    const i = ctx.sentences.indexAt(m.index);
    if (i < 0) continue;
    const span = sentenceSpan(ctx, i);
    if (isExcluded(ctx, span)) continue;
    const sentence = ctx.work.slice(span.start, span.end);
    if (ELECTION_FORBID.test(ctx.work.slice(span.start, m.index + m[0].length))) continue;
    return { evidence: evidenceOf(ctx.input, span.start, span.end), claims: claimsNamedIn(sentence) };
  }
  return null;
}

/** The claim lists an election sentence names ("Group I (claims 1-10)", "Species B, claims 1-6 and 9"). */
function claimsNamedIn(sentence: string): number[] {
  const out: number[] = [];
  const re = /\bclaims?\b|\bclaim\(s\)/gi;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    const list = readClaimList(sentence, m.index + m[0].length);
    if (list) out.push(...list.numbers);
  }
  return out;
}

function examinedClaims(ctx: StatementContext): number[] {
  const anchors = collectAnchors(ctx, EXAMINED);
  const out: number[] = [];
  for (let i = 0; i < anchors.length; i++) {
    const subject = subjectBefore(ctx, anchors[i].start, clauseFloor(ctx, anchors, i), EXAMINED_FORBID, 60);
    if (subject) out.push(...subject.claims);
  }
  return out;
}
