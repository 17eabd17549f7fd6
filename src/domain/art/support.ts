/**
 * Before a practitioner commits to an amendment (issue 18 item 5): where the specification
 * supports the added words (35 U.S.C. 112(a); MPEP 2163: new matter), and where the cited
 * references already mention them (a novelty pre-check). Both are literal: a paragraph is listed
 * with the added text's distinguishing terms it contains and those it lacks; only a paragraph
 * that contains every one of them is offered as a citation ("see, e.g., ¶ [0032]"). Whether it
 * describes the amended claim is the practitioner's judgment.
 *
 * Ranking: each term weighs by how rare it is in the text searched (inverse document frequency),
 * so a paragraph with "bandpass filter" outranks one with only "signal"; the verbs of claim steps
 * ("applying", "providing") weigh little.
 */
import { paragraphText, type TextParagraph } from '../file/paragraphs.ts';
import { containsTerm, distinguishingTerms, indexTerms, isWeakTerm, matchPositions, type Term } from './terms.ts';

export interface SearchableText {
  document_id: string;
  /** "specification", or the reference's label ("Laroia (US 2005/0025220 A1)"). */
  label: string;
  text: string;
  paragraphs: readonly TextParagraph[];
}

export interface ParagraphHit {
  document_id: string;
  source: string;
  paragraph: number | null;
  label: string;
  text: string;
  start: number;
  end: number;
  matched: string[];
  missing: string[];
  /** Share of the added text's distinguishing terms the paragraph contains (0 to 1). */
  coverage: number;
  score: number;
  /** Word positions in `text` matching a term (for highlighting). */
  highlights: Array<{ start: number; end: number }>;
}

export interface SupportResult {
  terms: string[];
  /** Specification paragraphs, best first. */
  support: ParagraphHit[];
  /** "see, e.g., ¶ [0032]": only paragraphs containing every term; null when none does. */
  citation: string | null;
  /** Per reference: its paragraphs that mention the added text's terms, best first. */
  art: Array<{ document_id: string; reference: string; hits: ParagraphHit[] }>;
}

const MAX_HITS = 5;

function searchParagraphs(terms: readonly Term[], source: SearchableText, limit = MAX_HITS): ParagraphHit[] {
  if (terms.length === 0) return [];
  const indexed = source.paragraphs.map((p) => ({ p, index: indexTerms(source.text.slice(p.start, p.end)) }));
  const n = Math.max(1, indexed.length);
  const weight = new Map<string, number>();
  for (const t of terms) {
    const df = indexed.filter((x) => containsTerm(x.index, t)).length;
    weight.set(t.key, Math.log(1 + n / (1 + df)) * (isWeakTerm(t) ? 0.3 : 1));
  }
  const hits: ParagraphHit[] = [];
  for (const { p, index } of indexed) {
    const matched = terms.filter((t) => containsTerm(index, t));
    if (matched.length === 0) continue;
    const text = paragraphText(source.text, p);
    hits.push({
      document_id: source.document_id,
      source: source.label,
      paragraph: p.number,
      label: p.label,
      text,
      start: p.start,
      end: p.end,
      matched: matched.map((t) => t.surface),
      missing: terms.filter((t) => !matched.includes(t)).map((t) => t.surface),
      coverage: matched.length / terms.length,
      score: matched.reduce((s, t) => s + (weight.get(t.key) ?? 0), 0),
      highlights: matchPositions(text, matched),
    });
  }
  return hits.sort((a, b) => b.score - a.score || b.coverage - a.coverage || a.start - b.start).slice(0, limit);
}

/** "¶ [0032]" for a numbered paragraph, else its position in the text. */
function paragraphCite(hit: Pick<ParagraphHit, 'paragraph' | 'label'>): string {
  return hit.paragraph !== null ? `¶ [${String(hit.paragraph).padStart(4, '0')}]` : hit.label;
}

export function searchSupport(addedText: string, specification: readonly SearchableText[], references: readonly SearchableText[]): SupportResult {
  const terms = distinguishingTerms(addedText);
  const support = specification
    .flatMap((s) => searchParagraphs(terms, s))
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_HITS);
  const full = support.filter((h) => h.coverage === 1);
  return {
    terms: terms.map((t) => t.surface),
    support,
    citation: full.length ? `see, e.g., ${full.slice(0, 3).map(paragraphCite).join(', ')}` : null,
    art: references.map((r) => ({ document_id: r.document_id, reference: r.label, hits: searchParagraphs(terms, r, 3) })),
  };
}
