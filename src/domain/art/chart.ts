/**
 * The claim chart (issue 18 item 4): for each claim rejected over art, its limitations as the
 * held claims state them; for each limitation the examiner's words from the claim's explanation
 * block, the pinpoints cited for it resolved to the reference's held text, and the flags a
 * practitioner acts on:
 * - `no_pinpoint`: the action cites no passage for the limitation;
 * - `terms_not_in_cited_passage`: the passages cited do not contain the limitation's
 *   distinguishing terms (listed; those found nowhere in the reference's text listed apart);
 * - `examiner_admission`: the examiner concedes a reference lacks it ("does not explicitly disclose");
 * - `unresolved_pinpoint`: a pinpoint could not be resolved (and why: no text held, no such paragraph ...).
 *
 * Pure: the action's parse, the claims and the references' texts are passed in. Every quotation
 * is a slice of a held text (the action, a claim, a reference), with its place.
 */
import type { ClaimEntry } from '../claims/claim-set.ts';
import { splitLimitations, type Limitation } from '../claims/limitations.ts';
import type { DetailedParse } from '../office-action/parse.ts';
import type { ClaimBlock } from '../office-action/claim-blocks.ts';
import { attribute, namePositions } from '../office-action/pinpoints.ts';
import type { CitedReference, Pinpoint, RejectionStatement } from '../office-action/types.ts';
import { SAME_REASONS_PREAMBLE } from '../office-action/treatment.ts';
import { ADMISSION, alignmentKeys, alignmentScore, alignSegments, segmentBlock, type Segment } from './assertions.ts';
import type { NumeralMention } from './numerals.ts';
import { pinpointTarget } from './pinpoint-targets.ts';
import { resolveNumeral, resolveTarget, type HeldText, type Passage, type Resolution } from './resolve.ts';
import { distinguishingTerms, indexTerms, missingTerms, type Term, type TermIndex } from './terms.ts';

/** A reference whose text Prosa holds, matched to the action's citations by number or name. */
export interface ChartReferenceText extends HeldText {
  document_id: string;
  /** Publication number without kind code (`US20050025220`), as the parser's `publication.base`. */
  publication_base: string | null;
  /** The name the action uses for a reference without a number (NPL), compared case-insensitively. */
  name: string | null;
}

export interface ChartInput {
  detail: DetailedParse;
  /** The claims as examined; null when the docket holds none. */
  claims: readonly ClaimEntry[] | null;
  references: readonly ChartReferenceText[];
  /** The analysis record's grounds (ids like `r2-102`), matched to the statements by span. */
  grounds?: ReadonlyArray<{ id: string; basis: string | null; statement: { span: { start: number; end: number } } }>;
}

export type CitationKind = Pinpoint['kind'] | 'numeral';

export interface ChartCitation {
  /** The reference as the action labels it: "Laroia (US 2005/0025220 A1)". */
  reference: string;
  /** The short name the action uses ("Laroia"), for prose. */
  reference_name: string | null;
  reference_id: string | null;
  publication_number: string | null;
  /** The pinpoint as the examiner wrote it. */
  pinpoint: string;
  kind: CitationKind;
  /** Where the pinpoint is in the action. */
  span: { start: number; end: number };
  /** The first passage it designates, or null when unresolved. */
  resolved: Passage | null;
  /** Every passage it designates (a range or a figure may designate several). */
  passages: Passage[];
  unresolved_reason: string | null;
  /** The held document the passages come from. */
  document_id: string | null;
}

export type FlagCode = 'no_pinpoint' | 'terms_not_in_cited_passage' | 'examiner_admission' | 'unresolved_pinpoint';

export interface ChartFlag {
  code: FlagCode;
  detail: string;
  terms?: string[];
  /** Terms of `terms` that appear nowhere in the held text of the reference(s) cited. */
  absent_from_reference?: string[];
  /** The examiner's words (admissions), with their place in the action. */
  quote?: { text: string; span: { start: number; end: number } };
}

export interface ChartLimitation {
  index: number;
  part: Limitation['part'];
  text: string;
  /** The examiner's words asserting the limitation, verbatim (with the citations written among them). */
  assertion?: string;
  assertion_spans: Array<{ start: number; end: number }>;
  /**
   * How closely the examiner's words repeat the limitation's (0 to 1, the best segment): 1 when
   * every word of the shorter side is in the other. A paper quotes a mapping only when it is close.
   */
  assertion_score: number | null;
  citations: ChartCitation[];
  flags: ChartFlag[];
}

export interface ChartGround {
  ground_id: string | null;
  basis: string;
  citation: string;
  references: string[];
}

export interface ChartClaim {
  claim_number: number;
  depends_on: number | null;
  /** The claim's text as held (null when the docket holds no claims). */
  text: string | null;
  grounds: ChartGround[];
  /** The explanation blocks the examiner wrote for the claim (their places in the action). */
  blocks: Array<{ start: number; end: number }>;
  limitations: ChartLimitation[];
  /** Citations in the claim's blocks that no limitation's words precede (motivation, reasoning). */
  other_citations: ChartCitation[];
}

export interface ClaimChart {
  claims: ChartClaim[];
  references: Array<{ reference_id: string; label: string; publication_number: string | null; held: boolean; document_id: string | null }>;
  summary: {
    claims: number;
    limitations: number;
    limitations_flagged: number;
    pinpoints_found: number;
    pinpoints_resolved: number;
    flags: Record<FlagCode, number>;
  };
}

const ART = new Set(['102', '103']);

export function buildClaimChart(input: ChartInput): ClaimChart {
  const { detail } = input;
  const parsed = detail.parsed;
  const heldFor = matchReferences(parsed.references, input.references);
  const claimsByNumber = new Map((input.claims ?? []).map((c) => [c.number, c]));
  const indexCache = new Map<string, TermIndex>();
  const wholeIndex = (held: ChartReferenceText) => {
    let ix = indexCache.get(held.document_id);
    if (!ix) indexCache.set(held.document_id, (ix = indexTerms(held.text)));
    return ix;
  };

  // A claim's text with the claims it depends from: where its abbreviations are defined.
  const contextOf = (n: number): string => {
    const texts: string[] = [];
    const seen = new Set<number>();
    for (let k: number | null = n; k !== null && !seen.has(k); ) {
      seen.add(k);
      const t: string | null | undefined = claimsByNumber.get(k)?.text;
      if (!t) break;
      texts.push(t);
      k = splitLimitations(t).parent;
    }
    return texts.join('\n');
  };
  const rejectedNumbers = [...new Set(parsed.rejections.flatMap((r) => r.claims))].sort((a, b) => a - b);
  const claims: ChartClaim[] = [];
  for (const n of rejectedNumbers) {
    const rejections = parsed.rejections.filter((r) => r.claims.includes(n));
    const art = rejections.some((r) => r.bases.some((b) => ART.has(b)));
    const held = claimsByNumber.get(n);
    const split = held?.text ? splitLimitations(held.text) : null;
    const blocks = detail.blocks.filter(
      (b) =>
        b.claims.includes(n) && b.end > b.headerEnd && (b.rejection === null || rejections.includes(b.rejection) || b.rejection.bases.some((x) => ART.has(x))),
    );
    const limitations: ChartLimitation[] = (split?.limitations ?? []).map((l) => ({
      index: l.index,
      part: l.part,
      text: l.text,
      assertion_spans: [],
      assertion_score: null,
      citations: [],
      flags: [],
    }));
    const limitationKeys = limitations.map((l) => alignmentKeys(l.text));
    const other: ChartCitation[] = [];
    const admissions: Array<{ text: string; span: { start: number; end: number }; limitation: number | null; reference: string | null }> = [];

    for (const block of art ? blocks : []) {
      const segments = segmentBlock(
        detail.work,
        block.headerEnd,
        block.end,
        parsed.pinpoints.filter((p) => p.evidence.span.start >= block.headerEnd && p.evidence.span.end <= block.end),
      );
      const segmentKeys = segments.map((s) => alignmentKeys(detail.work.slice(s.start, s.end)));
      const aligned = alignSegments(segmentKeys, limitationKeys);
      const names = namePositions(detail.work.slice(block.headerEnd, block.end), block.rejection?.references ?? []);
      segments.forEach((segment, i) => {
        const at = aligned[i];
        const citations = citationsOf(segment, detail, block, names, heldFor);
        if (at === null) other.push(...citations);
        else {
          const lim = limitations[at];
          lim.citations.push(...citations);
          lim.assertion_score = Math.max(lim.assertion_score ?? 0, alignmentScore(segmentKeys[i], limitationKeys[at]));
          const span = { start: segment.start, end: segment.citation?.end ?? segment.end };
          // "With the same reasons as set forth in claim 1," opens many blocks: not the examiner's words for this limitation.
          const preamble = SAME_REASONS_PREAMBLE.exec(detail.work.slice(span.start, Math.min(span.end, span.start + 300)));
          if (preamble && detail.work.slice(span.start, span.start + preamble.index).trim() === '') span.start += preamble.index + preamble[0].length;
          const trimmed = trimSpan(detail.input, span);
          if (trimmed.end > trimmed.start) lim.assertion_spans.push(trimmed);
        }
        for (const a of admissionsIn(detail, segment, block, names)) {
          const target = at ?? bestLimitation(alignmentKeys(a.text), limitationKeys);
          admissions.push({ ...a, limitation: target });
        }
      });
    }

    for (const lim of limitations) {
      if (lim.assertion_spans.length)
        lim.assertion = lim.assertion_spans.map((s) => detail.input.slice(s.start, s.end).replace(/\s+/g, ' ').trim()).join(' … ');
      if (!art) continue;
      flagLimitation(
        lim,
        n,
        blocks.length > 0,
        admissions.filter((a) => a.limitation === limitations.indexOf(lim)),
        heldFor,
        wholeIndex,
        contextOf(n),
      );
    }

    claims.push({
      claim_number: n,
      depends_on: split?.parent ?? null,
      text: held?.text ?? null,
      grounds: groundsOf(rejections, input.grounds),
      blocks: blocks.map((b) => ({ start: b.start, end: b.end })),
      limitations,
      other_citations: other,
    });
  }

  return {
    claims,
    references: parsed.references.map((r) => ({
      reference_id: r.id,
      label: r.label,
      publication_number: r.publication?.display ?? null,
      held: heldFor.has(r.id),
      document_id: heldFor.get(r.id)?.document_id ?? null,
    })),
    summary: summarize(claims),
  };
}

/** Each cited reference of the action → its held text, by publication number, else by name. */
function matchReferences(cited: readonly CitedReference[], held: readonly ChartReferenceText[]): Map<string, ChartReferenceText> {
  const out = new Map<string, ChartReferenceText>();
  for (const r of cited) {
    const byNumber = r.publication ? held.find((h) => h.publication_base === r.publication!.base) : undefined;
    const byName =
      !byNumber && !r.publication && r.short_name ? held.find((h) => h.name !== null && h.name.toLowerCase() === r.short_name!.toLowerCase()) : undefined;
    const found = byNumber ?? byName;
    if (found) out.set(r.id, found);
  }
  return out;
}

function citationsOf(
  segment: Segment,
  detail: DetailedParse,
  block: ClaimBlock,
  names: ReturnType<typeof namePositions>,
  heldFor: Map<string, ChartReferenceText>,
): ChartCitation[] {
  const refs = block.rejection?.references ?? [];
  const out: ChartCitation[] = [];
  for (const p of segment.pinpoints) {
    const ref = refs.find((r) => r.id === p.reference_id) ?? null;
    const target = pinpointTarget(p.kind, p.evidence.text);
    const held = ref ? heldFor.get(ref.id) : undefined;
    const resolution: Resolution = !ref
      ? { passages: [], unresolved: 'the action does not say which reference this pinpoint is in' }
      : !held
        ? { passages: [], unresolved: `no text of ${ref.label} is held (add it to the application's file)` }
        : !target
          ? { passages: [], unresolved: 'the pinpoint names nothing that can be looked up' }
          : resolveTarget(held, target);
    out.push(citation(ref, p.evidence.text, p.kind, p.evidence.span, resolution, held));
  }
  for (const num of dedupeNumerals(segment.numerals)) {
    const ref = attribute(names, num.start - block.headerEnd, refs);
    const held = ref ? heldFor.get(ref.id) : undefined;
    if (!num.explicit && !held) continue; // a bare number counts only where a held reference mentions it
    const resolution: Resolution = !ref
      ? { passages: [], unresolved: 'the action does not say which reference this numeral is in' }
      : !held
        ? { passages: [], unresolved: `no text of ${ref.label} is held (add it to the application's file)` }
        : resolveNumeral(held, num.numeral, num.noun);
    if (!num.explicit && resolution.passages.length === 0) continue;
    out.push(citation(ref, num.display, 'numeral', { start: num.start, end: num.end }, resolution, held));
  }
  void detail;
  return out;
}

function dedupeNumerals(list: readonly NumeralMention[]): NumeralMention[] {
  const seen = new Set<string>();
  return list.filter((n) => {
    const k = n.numeral.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function citation(
  ref: CitedReference | { id: string; label: string; publication: CitedReference['publication'] } | null,
  pinpoint: string,
  kind: CitationKind,
  span: { start: number; end: number },
  resolution: Resolution,
  held: ChartReferenceText | undefined,
): ChartCitation {
  const unresolved = 'unresolved' in resolution ? resolution.unresolved : null;
  return {
    reference: ref?.label ?? 'unknown reference',
    reference_name: ref && 'short_name' in ref ? ref.short_name : null,
    reference_id: ref?.id ?? null,
    publication_number: ref?.publication?.display ?? null,
    pinpoint: pinpoint.replace(/\s+/g, ' ').trim(),
    kind,
    span,
    resolved: resolution.passages[0] ?? null,
    passages: resolution.passages,
    unresolved_reason: unresolved,
    document_id: held && !unresolved ? held.document_id : null,
  };
}

/** A span without surrounding punctuation and the connectives that join a claim's elements ("comprising:", "and"). */
function trimSpan(text: string, span: { start: number; end: number }): { start: number; end: number } {
  let s = span.start;
  let e = span.end;
  for (
    let lead = /^(?:[\s;,.:]+|(?:comprising|including|and)\b\s*:?)/i.exec(text.slice(s, e));
    lead?.[0].length;
    lead = /^(?:[\s;,.:]+|(?:comprising|including|and)\b\s*:?)/i.exec(text.slice(s, e))
  )
    s += lead[0].length;
  while (e > s && /[\s;,]/.test(text[e - 1])) e--;
  return { start: s, end: e };
}

/** The sentences of a segment that concede a reference lacks something, with the reference named. */
function admissionsIn(
  detail: DetailedParse,
  segment: Segment,
  block: ClaimBlock,
  names: ReturnType<typeof namePositions>,
): Array<{ text: string; span: { start: number; end: number }; reference: string | null }> {
  const from = segment.start;
  const to = segment.citation?.end ?? segment.end;
  const body = detail.work.slice(from, to);
  const m = ADMISSION.exec(body);
  if (!m) return [];
  // The sentence: back to the previous period (or the segment start, past a "with the same
  // reasons as ... claim 1," preamble and an "Although,"), on to the next period, "but" or "however".
  const before = body.slice(0, m.index);
  let s = Math.max(before.lastIndexOf('. ') + 1, 0);
  const preamble = SAME_REASONS_PREAMBLE.exec(before.slice(s));
  if (preamble) s += preamble.index + preamble[0].length;
  const lead = /^[\s,;:]*(?:although|while|whereas|but)?[\s,]*/i.exec(before.slice(s));
  if (lead) s += lead[0].length;
  const rest = body.slice(m.index);
  const stop = /(?:\.\s|,?\s+(?:but|however)\b|$)/i.exec(rest);
  const e = m.index + (stop ? stop.index : rest.length);
  const span = trimSpan(detail.input, { start: from + s, end: from + e });
  const ref = attribute(names, from + m.index - block.headerEnd, block.rejection?.references ?? []);
  return [{ text: detail.input.slice(span.start, span.end).replace(/\s+/g, ' ').trim(), span, reference: ref?.label ?? null }];
}

function bestLimitation(keys: Set<string>, limitations: readonly Set<string>[]): number | null {
  let best: number | null = null;
  let bestScore = 0;
  limitations.forEach((l, i) => {
    const s = alignmentScore(keys, l);
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  });
  return best;
}

function flagLimitation(
  lim: ChartLimitation,
  claim: number,
  addressed: boolean,
  admissions: ReadonlyArray<{ text: string; span: { start: number; end: number }; reference: string | null }>,
  heldFor: Map<string, ChartReferenceText>,
  wholeIndex: (h: ChartReferenceText) => TermIndex,
  context: string,
): void {
  if (lim.citations.length === 0) {
    lim.flags.push({
      code: 'no_pinpoint',
      detail: addressed
        ? `The Office Action cites no passage for this limitation of claim ${claim}.`
        : `The Office Action does not explain how the art meets claim ${claim}, so it cites no passage for this limitation.`,
    });
  }
  for (const a of admissions) {
    lim.flags.push({
      code: 'examiner_admission',
      detail: `The Office Action states${a.reference ? ` of ${a.reference}` : ''}: “${a.text}”`,
      quote: { text: a.text, span: a.span },
    });
  }
  const unresolved = lim.citations.filter((c) => c.resolved === null);
  if (unresolved.length) {
    lim.flags.push({ code: 'unresolved_pinpoint', detail: unresolved.map((c) => `${c.pinpoint} (${c.reference}): ${c.unresolved_reason}`).join('; ') });
  }
  const resolved = lim.citations.filter((c) => c.resolved !== null);
  if (resolved.length === 0) return;
  const terms = distinguishingTerms(lim.text, context);
  if (terms.length === 0) return;
  const passages = resolved.flatMap((c) => c.passages.map((p) => p.text)).join('\n');
  const missing = missingTerms(terms, indexTerms(passages));
  if (missing.length === 0) return;
  const cited = [...new Set(resolved.map((c) => c.reference_id).filter((id): id is string => id !== null))]
    .map((id) => heldFor.get(id))
    .filter((h): h is ChartReferenceText => !!h);
  const absent = missing.filter((t) => cited.every((h) => missingTerms([t], wholeIndex(h)).length === 1));
  if (absent.length === 0 && missing.length / terms.length < 0.5) return;
  const ordered: Term[] = [...absent, ...missing.filter((t) => !absent.includes(t))];
  const where = resolved
    .map((c) => (c.resolved?.label ? `${c.resolved.label}` : c.pinpoint))
    .filter((x, i, all) => all.indexOf(x) === i)
    .join(', ');
  const refNames = [...new Set(resolved.map((c) => c.reference))].join(' and ');
  lim.flags.push({
    code: 'terms_not_in_cited_passage',
    detail:
      `The passage${resolved.length > 1 || resolved[0].passages.length > 1 ? 's' : ''} cited (${refNames}, ${where}) ${resolved.length > 1 ? 'do' : 'does'} not contain: ${ordered.map((t) => t.surface).join(', ')}.` +
      (absent.length ? ` ${absent.map((t) => t.surface).join(', ')} ${absent.length > 1 ? 'appear' : 'appears'} nowhere in the held text of ${refNames}.` : ''),
    terms: ordered.map((t) => t.surface),
    absent_from_reference: absent.map((t) => t.surface),
  });
}

function groundsOf(rejections: readonly RejectionStatement[], grounds: ChartInput['grounds']): ChartGround[] {
  const out: ChartGround[] = [];
  for (const r of rejections) {
    for (const basis of r.bases) {
      const g = grounds?.find((x) => x.statement.span.start === r.evidence.span.start && (x.basis === basis || x.basis === null));
      const statute = r.statutes.find((s) => s.basis === basis)?.citation ?? (basis === 'DP' ? 'Double patenting' : `35 U.S.C. ${basis}`);
      out.push({ ground_id: g?.id ?? null, basis, citation: statute, references: r.references.map((x) => x.label) });
    }
  }
  return out;
}

function summarize(claims: readonly ChartClaim[]): ClaimChart['summary'] {
  const flags: Record<FlagCode, number> = { no_pinpoint: 0, terms_not_in_cited_passage: 0, examiner_admission: 0, unresolved_pinpoint: 0 };
  let limitations = 0;
  let flagged = 0;
  // A pinpoint in a block shared by several claims is counted once.
  const found = new Set<string>();
  const resolved = new Set<string>();
  for (const c of claims) {
    for (const l of c.limitations) {
      limitations++;
      if (l.flags.length) flagged++;
      for (const f of l.flags) flags[f.code]++;
    }
    for (const cit of [...c.limitations.flatMap((l) => l.citations), ...c.other_citations]) {
      const key = `${cit.span.start}:${cit.span.end}:${cit.kind}`;
      found.add(key);
      if (cit.resolved) resolved.add(key);
    }
  }
  return { claims: claims.length, limitations, limitations_flagged: flagged, pinpoints_found: found.size, pinpoints_resolved: resolved.size, flags };
}
