import { mentionsIn } from './claim-mentions.ts';
import { evidenceOf } from './spans.ts';
import { clauseFloor, collectAnchors, sentenceSpan, subjectBefore, type StatementContext } from './statements.ts';
import type { ClaimObjection, DocumentObjection, ObjectionType } from './types.ts';

/**
 * Objections, following the form paragraphs:
 *   7.29   "Claim [1] objected to because of the following informalities: [2]. Appropriate correction is required."
 *   7.43   "Claim [1] objected to as being dependent upon a rejected base claim, but would be allowable if
 *          rewritten in independent form including all of the limitations of the base claim and any intervening claims."
 *   7.75   "Claim [1] objected to under 37 CFR 1.75(c) as being in improper form because a multiple dependent claim ..."
 *          and (older practice) "objected to under 37 CFR 1.75(c) as being of improper dependent form for failing to further limit"
 *   7.05.05 "... objected to under 37 CFR 1.75 as being a substantial duplicate of claim [2]"
 *   and "Claims 5-8 are objected [to] based upon their dependency from claim 4".
 * Objections to the specification, abstract, drawings, title or oath (6.xx, 7.xx, 13.xx) are kept apart.
 */

const ANCHOR = /\bobjected\b/gi;
const FORBID_GAP = /\b(?:not|never|no\s+longer|previously|formerly|was|were|had|would|could|should|might|may|will|if|whether)\b/i;
const DOCUMENT_TARGET = /\b(abstract|drawings?|specification|disclosure|title|oath|declaration)\b/i;

export function extractObjections(ctx: StatementContext): { objections: ClaimObjection[]; documents: DocumentObjection[] } {
  const anchors = collectAnchors(ctx, ANCHOR);
  const objections: ClaimObjection[] = [];
  const documents: DocumentObjection[] = [];
  for (let i = 0; i < anchors.length; i++) {
    const a = anchors[i];
    const floor = clauseFloor(ctx, anchors, i);
    const sentence = sentenceSpan(ctx, a.sentence);
    const evidence = evidenceOf(ctx.input, sentence.start, sentence.end);
    const subject = subjectBefore(ctx, a.start, floor, FORBID_GAP);
    if (!subject) {
      const clause = ctx.work.slice(floor, a.start);
      const target = DOCUMENT_TARGET.exec(clause);
      if (target && !FORBID_GAP.test(clause.slice(target.index))) documents.push({ target: documentTarget(target[1]), evidence });
      continue;
    }
    const tail = ctx.work.slice(a.end, Math.min(sentence.end, a.end + 800));
    const type = classify(tail);
    const allowable = /allowable\s{1,3}if\s{1,3}rewritten|rewritten\s{1,3}in\s{1,3}independent\s{1,3}form/i.test(tail);
    const parents =
      type === 'dependency' || type === 'duplicate'
        ? [...new Set(mentionsIn(ctx.mentions, a.end, sentence.end).flatMap((m) => m.numbers))].filter((n) => !subject.claims.includes(n))
        : [];
    objections.push({
      id: `obj-${objections.length + 1}`,
      claims: subject.claims,
      type,
      allowable_if_rewritten: allowable,
      parent_claims: parents,
      detail: type === 'informality' ? informalityDetail(ctx, a.end) : null,
      evidence,
    });
  }
  return { objections, documents };
}

function classify(tail: string): ObjectionType {
  if (/dependent\s{1,3}(?:up)?on\s{1,3}a\s{1,3}rejected\s{1,3}(?:base\s{1,3})?claim/i.test(tail)) return 'dependent_on_rejected_base';
  if (/multiple\s{1,3}dependent/i.test(tail)) return 'improper_multiple_dependent';
  if (/further\s{1,3}limit|improper\s{1,3}dependent\s{1,3}form/i.test(tail)) return 'improper_dependent';
  if (/1\.75\s{0,2}\(c\)/i.test(tail)) return 'improper_multiple_dependent';
  if (/substantial\s{1,3}duplicate|duplicate\s{1,3}of/i.test(tail)) return 'duplicate';
  if (/informalit/i.test(tail)) return 'informality';
  if (
    /(?:based\s{1,3}(?:up)?on|due\s{1,3}to|because\s{1,3}of|by\s{1,3}virtue\s{1,3}of|for)\s{1,3}(?:their|its)\s{1,3}dependency|dependent\s{1,3}(?:up)?on\s{1,3}(?:an?\s{1,3})?objected|depend(?:s|ing)?\s{1,3}(?:up)?on\s{1,3}(?:an?\s{1,3})?objected/i.test(
      tail,
    )
  ) {
    return 'dependency';
  }
  return 'other';
}

/** Text after "informalities:" up to "Appropriate correction is required." (or a bounded window). */
function informalityDetail(ctx: StatementContext, from: number): ClaimObjection['detail'] {
  const window = ctx.work.slice(from, from + 1200);
  const colon = /informalit(?:y|ies)\s{0,3}:/i.exec(window);
  if (!colon) return null;
  const start = from + colon.index + colon[0].length;
  const rest = ctx.work.slice(start, start + 1000);
  const stop = /Appropriate\s{1,3}correction\s{1,3}is\s{1,3}required|\n\s*\n/i.exec(rest);
  const end = start + (stop ? stop.index : Math.min(rest.length, 400));
  const ev = evidenceOf(ctx.input, start, end);
  return ev.text ? ev : null;
}

function documentTarget(word: string): DocumentObjection['target'] {
  const w = word.toLowerCase();
  if (w.startsWith('drawing')) return 'drawings';
  if (w === 'oath' || w === 'declaration') return 'oath_declaration';
  if (w === 'abstract' || w === 'specification' || w === 'disclosure' || w === 'title') return w;
  return 'other';
}
