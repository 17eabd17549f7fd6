/**
 * A document of the application file or of the art, read from its text: title, abstract,
 * description paragraphs, the figures its drawings description lists, and its claims. One reader
 * for every kind, because an application as filed, a pre-grant publication, a grant and an
 * earlier response all print the same parts (37 CFR 1.77(b)): only which parts are expected
 * differs by kind.
 *
 * Pure: no I/O. Regions and paragraphs are offsets into the text given.
 */
import { ClaimSetError, parseClaimListing, type ClaimEntry } from '../claims/claim-set.ts';
import { readParagraphs, type TextParagraph } from './paragraphs.ts';

export type FileDocumentKind = 'claims' | 'specification' | 'application' | 'reference' | 'response';
export const FILE_DOCUMENT_KINDS: readonly FileDocumentKind[] = ['claims', 'specification', 'application', 'reference', 'response'];

export interface Region {
  start: number;
  end: number;
}

export interface FigureEntry {
  /** As printed: "FIG. 2", "FIGS. 3A and 3B". */
  label: string;
  /** Normalised figure ids: ["2"], ["3A", "3B"]. */
  figures: string[];
  /** The paragraph describing the figure (brief description of the drawings). */
  paragraph: number | null;
  start: number;
  end: number;
}

export interface ReadDocument {
  title: string | null;
  abstract: Region | null;
  paragraphs: TextParagraph[];
  figures: FigureEntry[];
  /** The claims the document prints, clean (a response's deletion markup removed), or null. */
  claims: ClaimEntry[] | null;
  claimsRegion: Region | null;
  /** Why the claims could not be read, when a claims section was found but did not parse. */
  claimsProblem: string | null;
  warnings: string[];
}

/** Headings that open the claims ("What is claimed is:", "CLAIMS", "Listing of Claims", "IN THE CLAIMS"). */
const CLAIMS_HEADING =
  /(?:^|\n)[ \t]*(?:what\s+is\s+claimed\s+is|what\s+(?:i|we)\s+claim\s+is|(?:i|we)\s+claim|the\s+invention\s+claimed\s+is|claims?|listing\s+of\s+(?:the\s+)?claims|amendments?\s+to\s+the\s+claims|in\s+the\s+claims|claim\s+listing)[ \t]*[:.]?[ \t]*(?=\n|[ \t]*1\s*[.)])/gi;
/** What ends a response's claim listing. */
const REMARKS_HEADING =
  /\n[ \t]*(?:remarks|arguments|remarks\/arguments|applicant'?s?\s+remarks|remarks\s+and\s+arguments|amendments?\s+to\s+the\s+drawings|conclusion)[ \t]*:?[ \t]*(?=\n)/i;
const ABSTRACT_HEADING = /(?:^|\n)[ \t]*(?:abstract(?:\s+of\s+the\s+disclosure)?)[ \t]*:?[ \t]*\n/i;
const DRAWINGS_HEADING = /brief\s+description\s+of\s+(?:the\s+)?(?:several\s+views\s+of\s+the\s+)?drawings?/i;
const FIGURE_START = /^\s*(FIG(?:URE)?S?\.?\s*(\d{1,3}[A-Z]?)(?:\s*(?:[-–,&]|and|to|through)\s*(?:FIG\.?\s*)?(\d{1,3}[A-Z]?))*)/i;

/** Deletion markup of a claim listing: "[[text]]" and "[[ ]]" (37 CFR 1.121(c)(2)). */
function withoutDeletionMarkup(text: string): string {
  return text.replace(/\[\[[^\]]{0,2000}\]\]/g, '').replace(/[ \t]{2,}/g, ' ');
}

/**
 * Where the claims start: the last claims heading followed by a claim numbered 1 (a description
 * may say "the claims" in a heading-like line, but only the claims section runs "1. ...").
 */
function findClaimsRegion(text: string, kind: FileDocumentKind): (Region & { heading: number }) | null {
  const re = new RegExp(CLAIMS_HEADING.source, 'gi');
  let found: (Region & { heading: number }) | null = null;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const after = m.index + m[0].length;
    if (!/^\s*(?:claim\s+)?1\s*[.)]/i.test(text.slice(after, after + 40))) continue;
    found = { start: after, end: text.length, heading: m.index };
  }
  if (found && kind === 'response') {
    const remarks = REMARKS_HEADING.exec(text.slice(found.start));
    if (remarks) found.end = found.start + remarks.index;
  }
  if (!found && kind === 'claims') return { start: 0, end: text.length, heading: 0 };
  return found;
}

function readFigures(text: string, paragraphs: readonly TextParagraph[]): FigureEntry[] {
  const out: FigureEntry[] = [];
  for (const p of paragraphs) {
    const inDrawings = p.section !== null && DRAWINGS_HEADING.test(p.section);
    const body = text.slice(p.start, Math.min(p.end, p.start + 200));
    const m = FIGURE_START.exec(body);
    if (!m || (!inDrawings && !/^\s*FIG/.test(body))) continue;
    if (!inDrawings && !/\b(?:is|are|shows?|illustrates?|depicts?)\b/.test(body.slice(0, 120))) continue;
    out.push({ label: m[1].trim(), figures: figureIds(m[1]), paragraph: p.number, start: p.start, end: p.end });
    if (out.length >= 500) break;
  }
  return out;
}

/** "FIGS. 3A and 3B" → ["3A", "3B"]; "FIGS. 2-4" → ["2", "3", "4"]. */
export function figureIds(label: string): string[] {
  const body = label.replace(/^\s*FIG(?:URE)?S?\.?\s*/i, '');
  const out: string[] = [];
  const re = /(\d{1,3})([A-Z]?)(?:\s*[-–]\s*(?:FIG\.?\s*)?(\d{1,3})?([A-Z]?))?/gi;
  for (let m = re.exec(body); m && out.length < 60; m = re.exec(body)) {
    const from = Number(m[1]);
    if (m[3] && !m[2] && Number(m[3]) > from && Number(m[3]) - from <= 30) {
      for (let n = from; n <= Number(m[3]); n++) out.push(String(n));
    } else if (m[4] && m[2] && (!m[3] || Number(m[3]) === from)) {
      // "3A-3C" or "3A-C": letters in a range
      for (let c = m[2].toUpperCase().charCodeAt(0); c <= m[4].toUpperCase().charCodeAt(0) && out.length < 60; c++)
        out.push(`${from}${String.fromCharCode(c)}`);
    } else {
      out.push(`${from}${m[2].toUpperCase()}`);
      if (m[3]) out.push(`${Number(m[3])}${(m[4] ?? '').toUpperCase()}`);
    }
  }
  return [...new Set(out)];
}

export function readDocument(text: string, kind: FileDocumentKind): ReadDocument {
  const warnings: string[] = [];
  const claimsRegion = kind === 'specification' ? null : findClaimsRegion(text, kind);
  let claims: ClaimEntry[] | null = null;
  let claimsProblem: string | null = null;
  if (claimsRegion) {
    const listing = text.slice(claimsRegion.start, claimsRegion.end);
    try {
      const parsed = parseClaimListing(kind === 'response' ? withoutDeletionMarkup(listing) : listing);
      claims = parsed.claims;
      warnings.push(...parsed.warnings);
    } catch (err) {
      if (!(err instanceof ClaimSetError)) throw err;
      claimsProblem = err.problem;
    }
  }
  const abstractHeading = ABSTRACT_HEADING.exec(text);
  let abstract: Region | null = null;
  if (abstractHeading) {
    const start = abstractHeading.index + abstractHeading[0].length;
    const blank = /\n[ \t]*\n/.exec(text.slice(start));
    abstract = { start, end: start + (blank ? blank.index : Math.min(text.length - start, 2000)) };
  }
  const descriptionEnd = claimsRegion && kind !== 'claims' ? claimsRegion.heading : text.length;
  const paragraphs = kind === 'claims' ? [] : readParagraphs(text, { start: 0, end: descriptionEnd });
  const firstLine =
    text
      .slice(0, 300)
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? null;
  const title = firstLine && firstLine.length <= 250 && !/^\[\d/.test(firstLine) ? firstLine : null;
  return {
    title,
    abstract,
    paragraphs,
    figures: readFigures(text, paragraphs),
    claims,
    claimsRegion: claimsRegion && { start: claimsRegion.start, end: claimsRegion.end },
    claimsProblem,
    warnings,
  };
}
