/**
 * Page numbers of a paper's page references (PAGEREF fields), worked out by laying out the paper
 * only as far as its last page reference and referenced bookmark.
 *
 * Why: Word shows a PAGEREF field's written result until someone updates the fields, so the
 * index of a response ("Remarks begin on page 3", MPEP 714; 37 CFR 1.121 sections on their own
 * sheets) must carry the right numbers when it is written. docx/layout's estimatePageNumbers
 * lays out every page to find them, twice or more (it lays out again until the numbers settle),
 * and that layout was about 90% of a response's build time (issue 12). Layout runs from the
 * first page on: where a paragraph lands depends only on what comes before it (and on its own
 * keep settings), never on what follows the page it starts on. So the page a bookmark starts on,
 * and where each reference sits, are the same whether or not the paper goes on after them: the
 * body is cut after the last block holding a referenced bookmark or a reference, and the same
 * estimator lays out what is left. In a response that is page 1, the claim listing and the
 * "Remarks" heading, not the remarks themselves (usually most of the paper).
 *
 * What the cut changes: the number of pages. With the body cut, the count is left out, so the
 * NUMPAGES / SECTIONPAGES fields ("Page 2 of 7" in the footer) are written without a result;
 * Word and LibreOffice recompute those in headers and footers whenever they lay the pages out
 * (they do for every other paper, which is built without a page estimate). A paper with a table
 * of contents, a second section after the cut, or no reference at all is estimated whole, as
 * before.
 */
import type { EstimatedPageNumbers, IContext, IXmlableObject, PageNumberEstimator } from 'docx';
import { estimatePageNumbers } from 'docx/layout';

/** estimatePageNumbers over the body up to its last page reference or referenced bookmark. */
export const estimateThroughLastReference: PageNumberEstimator = Object.assign(
  (body: IXmlableObject, context: IContext): EstimatedPageNumbers => {
    const cut = cutAfterLastReference(body);
    if (!cut) return estimatePageNumbers(body, context);
    const estimate = estimatePageNumbers(cut, context);
    // The cut paper's page count is not the paper's: leave the counts to the word processor.
    return {
      bookmarks: estimate.bookmarks,
      ...(estimate.bookmarkPageNumbers ? { bookmarkPageNumbers: estimate.bookmarkPageNumbers } : {}),
      ...(estimate.relativePositions ? { relativePositions: estimate.relativePositions } : {}),
    };
  },
  { listNumbers: estimatePageNumbers.listNumbers },
);

/**
 * The body without the blocks after the last one that holds a page reference or a bookmark one
 * refers to, keeping the section properties at its end; undefined when nothing would be cut or a
 * cut could change a page number (see the header comment).
 */
export function cutAfterLastReference(body: IXmlableObject): IXmlableObject | undefined {
  const blocks = body['w:body'];
  if (!Array.isArray(blocks) || blocks.length === 0) return undefined;
  const sectionProperties = blocks[blocks.length - 1];
  if (!isXml(sectionProperties) || !('w:sectPr' in sectionProperties)) return undefined;
  const content = blocks.slice(0, -1);
  // Each block's field codes (docx writes each field's code in one w:instrText).
  const codes = content.map((block) => fieldCodes(block).join(' '));
  // A table of contents numbers every heading's page: it needs the whole paper.
  if (codes.some((code) => /\bTOC\b/i.test(code))) return undefined;
  const referenced = new Set(codes.flatMap((code) => [...code.matchAll(/\bPAGEREF\s+"?([^\s"\\]+)/gi)].map((m) => m[1])));
  if (referenced.size === 0) return undefined;
  let last = -1;
  content.forEach((block, i) => {
    if (/\bPAGEREF\b/i.test(codes[i]) || bookmarkNames(block).some((name) => referenced.has(name))) last = i;
  });
  // A referenced bookmark that isn't in the body (a header's, or a missing one): estimate it whole.
  const found = new Set(content.slice(0, last + 1).flatMap(bookmarkNames));
  if ([...referenced].some((name) => !found.has(name))) return undefined;
  const dropped = content.slice(last + 1);
  if (dropped.length === 0) return undefined;
  // A section break in the dropped blocks ends the section the kept blocks end in, with its own
  // properties (page size, margins, headers): the body's final ones would then be the wrong ones.
  if (dropped.some((block) => containsKey(block, 'w:sectPr'))) return undefined;
  return { ...body, 'w:body': [...content.slice(0, last + 1), sectionProperties] };
}

function isXml(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Every value under `key` anywhere in an XML object, depth first. */
function valuesOf(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const item of node) valuesOf(item, key, out);
  } else if (isXml(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(v);
      if (k !== '_attr') valuesOf(v, key, out);
    }
  }
  return out;
}

function containsKey(node: unknown, key: string): boolean {
  return valuesOf(node, key).length > 0;
}

/** The field codes in a block (w:instrText and simple fields' w:instr). */
function fieldCodes(block: unknown): string[] {
  const codes: string[] = [];
  for (const value of valuesOf(block, 'w:instrText')) {
    for (const part of Array.isArray(value) ? value : [value]) if (typeof part === 'string') codes.push(part);
  }
  for (const value of valuesOf(block, 'w:fldSimple')) {
    const attr = isXml(value) ? value._attr : undefined;
    const items = Array.isArray(value) ? value : [value];
    for (const item of [attr, ...items.map((x) => (isXml(x) ? x._attr : undefined))]) {
      if (isXml(item) && typeof item['w:instr'] === 'string') codes.push(item['w:instr']);
    }
  }
  return codes;
}

/** The names of the bookmarks that start in a block. */
function bookmarkNames(block: unknown): string[] {
  return valuesOf(block, 'w:bookmarkStart').flatMap((start) => {
    const attr = isXml(start) ? start._attr : undefined;
    return isXml(attr) && typeof attr['w:name'] === 'string' ? [attr['w:name']] : [];
  });
}
