import { mentionsIn } from './claim-mentions.ts';
import type { ReferenceRegistry } from './reference-registry.ts';
import { findReferencePortion, parseReferences } from './references.ts';
import { sectionAt, type Section } from './sections.ts';
import { evidenceOf } from './spans.ts';
import { clauseFloor, collectAnchors, sentenceSpan, subjectBefore, subjectAfter, type Anchor, type StatementContext, type Subject } from './statements.ts';
import { basisFromWording, infer112, scanStatutes, uniqueBases } from './statutes.ts';
import { BASIS_ORDER, type Basis, type DerivationKind, type RejectionStatement, type Warning } from './types.ts';

/**
 * Rejection statements, following the form paragraphs:
 *   7.15/7.15.aia  "Claim(s) [1] is/are rejected under 35 U.S.C. 102(a)(1) as being anticipated by [2]."
 *   7.20.aia/7.21  "Claim(s) [1] is/are rejected under 35 U.S.C. 103 as being unpatentable over [2] in view of [3]."
 *   7.27(.aia)     "... under 35 U.S.C. 102(a)(1) as anticipated by or, in the alternative, under 35 U.S.C. 103 as obvious over [2]."
 *   7.05.x         "Claim(s) [1] is/are rejected under 35 U.S.C. 101 because the claimed invention is directed to ..."
 *   7.31.01-04, 7.34.01, 7.36  112(a)/(b)/(d) and pre-AIA first/second/fourth paragraphs
 *   8.33/8.34      "Claim [1] (provisionally) rejected on the ground of nonstatutory double patenting as being
 *                  unpatentable over claim [2] of U.S. Patent No. [3]"; 8.31/8.32 statutory double patenting under 101
 * and the sentences that carry a rejection over to further claims without naming a statute:
 * "Claims 2-5 depend from claim 1 and are rejected for the same reasons", "Claims 5-8 are rejected based
 * upon their dependency from claim 4" (the statute comes from the statements those claims refer to,
 * or from the section heading "Claim Rejections - 35 USC § 112"), and in final actions
 * "The rejection of claims 1-5 under 35 U.S.C. 103 ... is maintained".
 */

const ANCHOR = /\b(?:provisionally\s{1,3})?rejected\b/gi;
const MAINTAINED = /\brejections?\s{1,3}of\s{1,3}(?=claims?\b|claim\(s\))/gi;
const FORBID_GAP = /\b(?:not|never|no\s+longer|previously|formerly|was|were|had|would|could|should|might|may|will|if|whether|objected)\b/i;
const ADJECTIVAL = /\b(?:a|an|the|any|each|said|its|their)\s{1,3}$/i;
const SAME_REASONS =
  /same\s+(?:reasons?|rationale|grounds?|basis)|similar\s+(?:reasons?|rationale)|(?:reasons?|rationale)\s+(?:set\s+forth|discussed|given|stated|applied|explained)|as\s+(?:set\s+forth|discussed|applied|explained)|similarly|likewise|analogous|correspond/i;
const DEPENDENCY = /depend|dependency|inherit|by\s+virtue\s+of/i;

export function extractRejections(ctx: StatementContext, registry: ReferenceRegistry, warnings: Warning[]): RejectionStatement[] {
  const anchors = collectAnchors(ctx, ANCHOR);
  const out: RejectionStatement[] = [];
  for (let i = 0; i < anchors.length; i++) {
    const a = anchors[i];
    // "dependent upon a rejected base claim" (7.43) uses the word as an adjective.
    if (ADJECTIVAL.test(ctx.work.slice(Math.max(0, a.start - 12), a.start))) continue;
    const subject = subjectBefore(ctx, a.start, clauseFloor(ctx, anchors, i), FORBID_GAP);
    if (!subject) continue;
    const tailEnd = tailEndFor(ctx, anchors, i);
    const st = buildStatement(ctx, registry, a, subject, a.end, tailEnd, out);
    if (st) out.push({ ...st, id: `tmp-${out.length}` });
  }
  for (const a of collectAnchors(ctx, MAINTAINED)) {
    const sentence = sentenceSpan(ctx, a.sentence);
    const tail = ctx.work.slice(a.end, sentence.end);
    if (!/\b(?:is|are|remains?|stands?)\s{1,3}(?:hereby\s{1,3})?(?:maintained|repeated|sustained|reiterated)\b/i.test(tail)) continue;
    const subject = subjectAfter(ctx, a.end, 5);
    if (!subject) continue;
    const st = buildStatement(ctx, registry, a, subject, subject.end, sentence.end, out);
    if (st) out.push({ ...st, id: `tmp-${out.length}` });
  }
  // A sentence that names no statute and refers to nothing ("Claims 1-20 remain rejected.") adds
  // nothing when its claims are covered by statements that do name one.
  const covered = new Set(out.filter((r) => r.bases.length > 0).flatMap((r) => r.claims));
  const kept = out.filter((r) => r.bases.length > 0 || !r.claims.every((c) => covered.has(c)));
  kept.sort((x, y) => x.evidence.span.start - y.evidence.span.start);
  const ids = new Map<string, string>();
  kept.forEach((r, i) => {
    ids.set(r.id, `rej-${i + 1}`);
    r.id = `rej-${i + 1}`;
  });
  kept.forEach((r, i) => {
    const next = i + 1 < kept.length ? kept[i + 1].evidence.span.start : ctx.work.length;
    const heading = ctx.sections.find((s) => s.start >= r.evidence.span.end)?.start ?? ctx.work.length;
    const end = Math.min(next, heading, r.evidence.span.end + EXPLANATION_MAX);
    const ev = end > r.evidence.span.end ? evidenceOf(ctx.input, r.evidence.span.end, end) : null;
    r.explanation = ev && ev.text.length >= 20 ? ev : null;
    r.subtype = subtypeOf(r);
  });
  for (const r of kept) {
    if (r.derived_from) r.derived_from.source_ids = r.derived_from.source_ids.map((id) => ids.get(id) ?? id);
    if (r.bases.length === 0) {
      warnings.push({
        code: 'unresolved_rejection',
        message: 'rejection without a statute that could not be traced to another statement',
        evidence: r.evidence,
      });
    }
  }
  return kept;
}

/** The examiner's reasoning after a statement is quoted up to this many characters. */
const EXPLANATION_MAX = 2500;
const SIGNAL_PER_SE =
  /signals?\s{1,3}per\s{1,3}se|transitory\s{1,3}(?:propagating\s{1,3})?signal|carrier\s{1,3}waves?|(?:covers?|encompass\w*|include\w*)\s{1,3}(?:a\s{1,3})?(?:transitory|propagating)/i;
const JUDICIAL_EXCEPTION = /abstract\s{1,3}idea|judicial\s{1,3}exception|law\s{1,3}of\s{1,3}nature|natural\s{1,3}phenomen|mental\s{1,3}process|Alice|Mayo/i;

/** 101: a Step 1 "signal per se" rejection (MPEP 2106.03) or a judicial-exception one (Steps 2A/2B). */
function subtypeOf(r: RejectionStatement): RejectionStatement['subtype'] {
  if (!r.bases.includes('101') || r.double_patenting) return null;
  const text = `${r.evidence.text} ${r.explanation?.text ?? ''}`;
  const signal = SIGNAL_PER_SE.test(text);
  const exception = JUDICIAL_EXCEPTION.test(text);
  if (signal && !exception) return 'signal_per_se';
  if (exception) return 'judicial_exception';
  return signal ? 'signal_per_se' : null;
}

/** A sentence may carry two statements ("Claims 1-3 are rejected under 102 ..., and claims 4-5 are rejected under 103 ..."). */
function tailEndFor(ctx: StatementContext, anchors: readonly Anchor[], i: number): number {
  const a = anchors[i];
  const sentenceEnd = ctx.sentences.ends[a.sentence];
  const next = anchors[i + 1];
  if (!next || next.sentence !== a.sentence) return sentenceEnd;
  const nextSubjects = mentionsIn(ctx.mentions, a.end, next.start).filter((m) => m.role === 'subject');
  return nextSubjects.length > 0 ? nextSubjects[nextSubjects.length - 1].start : next.start;
}

function buildStatement(
  ctx: StatementContext,
  registry: ReferenceRegistry,
  anchor: Anchor,
  subject: Subject,
  tailStart: number,
  tailEnd: number,
  earlier: readonly RejectionStatement[],
): RejectionStatement | null {
  const sentence = sentenceSpan(ctx, anchor.sentence);
  const evidence = evidenceOf(ctx.input, sentence.start, sentence.end);
  const section = sectionAt(ctx.sections, anchor.start);
  const tail = ctx.work.slice(tailStart, Math.min(tailEnd, tailStart + 1500));
  const portion = findReferencePortion(ctx.work, tailStart, Math.min(tailEnd, tailStart + 1500));
  const statuteRegionEnd = Math.min(portion ? portion.start : tailEnd, tailStart + 600);
  const scan = scanStatutes(ctx.input, ctx.work.slice(tailStart, statuteRegionEnd), tailStart, tail);
  const provisional = /provisionally/i.test(ctx.work.slice(anchor.start, anchor.end)) || /provisionally\s+rejected/i.test(evidence.text);
  let bases = scan.bases;
  let statutes = scan.citations;
  let doublePatenting: RejectionStatement['double_patenting'] = null;
  if (/double\s{1,3}patenting/i.test(tail.slice(0, 300))) {
    const statutory = /(?<!non-?\s?)statutory\s{1,3}(?:type\s{1,3})?double/i.test(tail) && !/non-?\s?statutory/i.test(tail);
    doublePatenting = { type: statutory ? 'statutory' : 'nonstatutory', provisional };
    bases = uniqueBases(['DP', ...bases.filter((b) => b !== '101' || !statutory)]);
  } else if (bases.includes('DP')) {
    doublePatenting = { type: 'statutory', provisional };
  }
  const claimsAsWritten = ctx.input.slice(subject.start, subject.end);
  const references = portion ? parseReferences(ctx.input, ctx.work, portion).map((r) => registry.add(r)) : [];
  const base = {
    id: '',
    claims: subject.claims,
    claims_as_written: claimsAsWritten,
    provisional,
    double_patenting: doublePatenting,
    section: section?.heading ?? null,
    evidence,
    explanation: null,
    subtype: null,
  };
  if (bases.length > 0) {
    const artBasis = bases.includes('102') || bases.includes('103');
    const confidence = artBasis && references.length === 0 ? 0.7 : 0.95;
    return { ...base, bases: ordered(bases), statutes, references, derived_from: null, confidence };
  }
  // No statute in the sentence: carried over from the statements it refers to, or from the heading.
  const parentMentions = [...subject.relations, ...mentionsIn(ctx.mentions, tailStart, tailEnd)];
  const parents = [...new Set(parentMentions.flatMap((m) => m.numbers))].filter((n) => !subject.claims.includes(n));
  const kind: DerivationKind = SAME_REASONS.test(tail)
    ? 'same_reasons'
    : DEPENDENCY.test(tail) || DEPENDENCY.test(ctx.work.slice(subject.end, anchor.start))
      ? 'dependency'
      : 'section_context';
  // A sentence that refers to nothing but states its own ground ("are rejected as being indefinite",
  // "are rejected over Smith in view of Jones"): the heading's statute, refined by that wording (a
  // "35 USC § 112" heading covers 112(a), (b) and (d)), or the wording alone without a heading —
  // not the statute of whatever statement came last in the section.
  // ("it fails to further limit the claim upon which it depends" names no parent claim: 112(d) by its wording.)
  const wording = kind !== 'same_reasons' && parents.length === 0 ? basisFromWording(tail) : null;
  if (wording) {
    const heading = section?.basis ?? null;
    const fromHeading = heading !== null && heading !== 'DP' && !(heading === '112' && wording.startsWith('112('));
    return {
      ...base,
      bases: [fromHeading ? heading : wording],
      statutes: [],
      references,
      derived_from: { kind: heading !== null ? 'section_context' : 'wording', parent_claims: parents, source_ids: [] },
      confidence: heading !== null ? 0.6 : 0.5,
    };
  }
  const sources = findSources(earlier, parents, section);
  if (sources.length > 0) {
    bases = ordered(uniqueBases(sources.flatMap((s) => s.bases)));
    statutes = sources.flatMap((s) => s.statutes).filter((c, i, all) => all.findIndex((o) => o.basis === c.basis) === i);
    const inherited = references.length > 0 ? references : dedupeRefs(sources.flatMap((s) => s.references));
    const dp = sources.find((s) => s.double_patenting)?.double_patenting ?? null;
    return {
      ...base,
      double_patenting: base.double_patenting ?? dp,
      bases,
      statutes,
      references: inherited,
      derived_from: { kind, parent_claims: parents, source_ids: sources.map((s) => s.id) },
      confidence: 0.8,
    };
  }
  if (section?.basis) {
    return {
      ...base,
      bases: [section.basis === '112' ? infer112(tail) : section.basis],
      statutes: [],
      references,
      derived_from: { kind: 'section_context', parent_claims: parents, source_ids: [] },
      confidence: 0.6,
    };
  }
  return { ...base, bases: [], statutes: [], references, derived_from: { kind, parent_claims: parents, source_ids: [] }, confidence: 0.3 };
}

/** Statements a carried-over rejection refers to: those of the same section naming a parent claim, else the latest one in the section. */
function findSources(earlier: readonly RejectionStatement[], parents: number[], section: Section | null): RejectionStatement[] {
  const inSection = earlier.filter((s) => s.bases.length > 0 && (section ? sameSection(s, section) : true));
  if (parents.length > 0) {
    const hit = inSection.filter((s) => s.claims.some((c) => parents.includes(c)));
    if (hit.length > 0) return hit;
    const anywhere = earlier.filter((s) => s.bases.length > 0 && s.claims.some((c) => parents.includes(c)));
    if (anywhere.length > 0) return [anywhere[anywhere.length - 1]];
  }
  return inSection.length > 0 ? [inSection[inSection.length - 1]] : [];
}

function sameSection(s: RejectionStatement, section: Section): boolean {
  return s.evidence.span.start >= section.start && s.evidence.span.start < section.end;
}

function dedupeRefs<T extends { id: string }>(refs: T[]): T[] {
  return refs.filter((r, i) => refs.findIndex((o) => o.id === r.id) === i);
}

function ordered(bases: Basis[]): Basis[] {
  return [...bases].sort((a, b) => BASIS_ORDER.indexOf(a) - BASIS_ORDER.indexOf(b));
}
