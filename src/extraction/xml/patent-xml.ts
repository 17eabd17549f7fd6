/**
 * A USPTO full-text XML document read in one streaming pass (saxes): the grant DTD
 * (`<us-patent-grant>`) and the pre-grant publication DTD (`<us-patent-application>`), v4.x, and
 * WIPO/USPTO ST.96 patent XML matched tolerantly by local element names (`P pNumber`, `Claim
 * claimNumber`, `ClaimText`). Rendered in the canonical layout of ExtractedText.text: the title;
 * "ABSTRACT" and its paragraphs; the description, numbered paragraphs as "[0001] text" and
 * headings as paragraphs of their own; "CLAIMS" and each claim as "1. text", nested claim-text on
 * lines of their own. Inline markup (b, i, u, sub, sup, smallcaps, figref, claim-ref, maths,
 * tables) gives its text. Entities: see entities.ts (no DTD is ever read).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { XmlBibliography } from '../types.ts';
import { entityTable } from './entities.ts';

export interface PatentXml {
  text: string;
  bibliography: XmlBibliography;
  warnings: string[];
}

/** Thrown for a file that is not well-formed XML or holds no patent text; the caller words it. */
export class NotPatentXml extends Error {}

/** Thrown once the rendered text passes `maxChars`: reading stops there. */
export class PatentTextTooLong extends Error {}

type Section = 'abstract' | 'description' | 'claims';

/** A line break kept through whitespace collapsing (private use: never in patent text). */
const BREAK = '\uE000';
/** Elements whose end breaks the line inside a paragraph (list items, table rows, line breaks). */
const LINE_ENDS = new Set(['li', 'row', 'br', 'Li', 'Row', 'Br', 'tr', 'TableRow']);
/** Elements that start on a line of their own inside a paragraph (a table after its lead-in). */
const LINE_STARTS = new Set(['tables', 'table', 'Tables', 'Table', 'ul', 'ol', 'List']);
/** Elements whose end separates words (table cells, MathML rows would run together otherwise). */
const WORD_ENDS = new Set(['entry', 'Entry', 'td', 'th', 'TableEntry']);
/** Elements whose text is never part of the document's text. */
const SKIP = new Set(['img', 'Img', 'Image', 'us-claim-statement', 'ClaimStatement', 'table-external-doc']);

const local = (name: string) => name.slice(name.lastIndexOf(':') + 1);
const attr = (tag: SaxesTagPlain, name: string): string | undefined => {
  for (const [k, v] of Object.entries(tag.attributes)) if (local(k) === name) return v;
  return undefined;
};

function dtdOf(root: SaxesTagPlain): XmlBibliography['dtd'] {
  const name = local(root.name);
  if (name === 'us-patent-grant' || name === 'us-patent-application') return name;
  const namespaces = Object.entries(root.attributes)
    .filter(([k]) => k === 'xmlns' || k.startsWith('xmlns:'))
    .map(([, v]) => v);
  if (namespaces.some((ns) => /ST96|wipo\.int\/standards/i.test(ns)) || /^Patent(Publication|Grant)/.test(name)) return 'st96';
  return 'other';
}

/** YYYYMMDD (the DTDs) or YYYY-MM-DD (ST.96) as YYYY-MM-DD. */
function isoDate(s: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

function collapse(parts: string[]): string {
  return parts
    .join('')
    .replace(/\s+/g, ' ')
    .replace(new RegExp(` ?${BREAK}[ ${BREAK}]*`, 'g'), '\n')
    .trim();
}

/** Bibliographic leaves by local name: the DTDs' document-id and ST.96's identification. */
const BIB_FIELDS = new Map<string, 'country' | 'doc_number' | 'kind' | 'date'>([
  ['country', 'country'],
  ['doc-number', 'doc_number'],
  ['kind', 'kind'],
  ['date', 'date'],
  ['IPOfficeCode', 'country'],
  ['PublicationNumber', 'doc_number'],
  ['PatentNumber', 'doc_number'],
  ['DocumentNumber', 'doc_number'],
  ['PatentDocumentKindCode', 'kind'],
  ['PublicationDate', 'date'],
  ['GrantDate', 'date'],
]);
const BIB_CONTAINERS = new Set(['publication-reference', 'PatentPublicationIdentification', 'PatentGrantIdentification']);

export function readPatentXml(xml: string, maxChars: number): PatentXml {
  const warnings: string[] = [];
  const unknownEntities = new Set<string>();
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.ENTITIES = entityTable((name) => unknownEntities.add(name));

  const bib: XmlBibliography = { dtd: 'other', country: null, doc_number: null, kind: null, date: null, title: null };
  const out: Record<Section, string[]> = { abstract: [], description: [], claims: [] };
  const stack: string[] = [];
  let root: string | null = null;
  let section: Section | null = null;
  let sectionDepth = -1;
  // The paragraph (p, heading or claim) being read, and the depth it opened at.
  let para: { parts: string[]; depth: number; prefix: string; claim: number | null } | null = null;
  let claimTextDepth = 0;
  let title: string[] | null = null;
  let titleDepth = -1;
  let bibDepth = -1;
  let bibDone = false;
  let bibField: 'country' | 'doc_number' | 'kind' | 'date' | null = null;
  let bibText = '';
  let skipDepth = -1;
  let length = 0;

  const flush = () => {
    if (!para || !section) return;
    let text = collapse(para.parts);
    if (para.claim !== null) text = `${para.claim}. ${text.replace(/^\d+\s*\.\s+/, '')}`;
    else if (text) text = para.prefix + text;
    if (text) {
      length += text.length + 2;
      if (length > maxChars) throw new PatentTextTooLong();
      out[section].push(text);
    }
    para = null;
  };

  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    const depth = stack.push(name);
    if (!root) {
      root = name;
      bib.dtd = dtdOf(tag);
    }
    if (skipDepth >= 0) return;
    if (SKIP.has(name)) {
      skipDepth = depth;
      return;
    }
    if (!bibDone && bibDepth < 0 && BIB_CONTAINERS.has(name)) bibDepth = depth;
    if (bibDepth >= 0 && BIB_FIELDS.has(name)) {
      bibField = BIB_FIELDS.get(name)!;
      bibText = '';
    }
    if ((name === 'invention-title' || name === 'InventionTitle') && bib.title === null && !section) {
      title = [];
      titleDepth = depth;
    }
    const lower = name.toLowerCase();
    if (!section && (lower === 'abstract' || lower === 'description' || lower === 'claims')) {
      section = lower as Section;
      sectionDepth = depth;
      return;
    }
    if (!section) return;
    if (para) {
      if (name === 'claim-text' || name === 'ClaimText') {
        if (++claimTextDepth > 1) para.parts.push(BREAK);
      } else if (LINE_STARTS.has(name)) para.parts.push(BREAK);
      return;
    }
    if (section === 'claims' && (name === 'claim' || name === 'Claim')) {
      const num = Number.parseInt(attr(tag, 'num') ?? attr(tag, 'claimNumber') ?? '', 10);
      para = { parts: [], depth, prefix: '', claim: Number.isFinite(num) ? num : out.claims.length + 1 };
      claimTextDepth = 0;
    } else if (name === 'p' || name === 'P' || name === 'heading' || name === 'Heading') {
      const num = section === 'description' && (name === 'p' || name === 'P') ? (attr(tag, 'num') ?? attr(tag, 'pNumber')) : undefined;
      para = { parts: [], depth, prefix: num ? `[${num}] ` : '', claim: null };
    }
  });

  parser.on('text', (t) => {
    if (skipDepth >= 0) return;
    if (bibField) bibText += t;
    if (title) title.push(t);
    if (para) para.parts.push(t);
  });
  parser.on('cdata', (t) => {
    if (skipDepth < 0 && para) para.parts.push(t);
  });

  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    const depth = stack.length;
    stack.pop();
    if (skipDepth >= 0) {
      if (depth === skipDepth) skipDepth = -1;
      return;
    }
    if (bibField && BIB_FIELDS.get(name) === bibField) {
      const value = bibText.trim();
      if (bib[bibField] === null && value) bib[bibField] = bibField === 'date' ? (isoDate(value) ?? value) : value;
      bibField = null;
    }
    if (depth === bibDepth) {
      bibDepth = -1;
      bibDone = true;
    }
    if (title && depth === titleDepth) {
      bib.title = collapse(title) || null;
      title = null;
    }
    if (para) {
      if (depth === para.depth) flush();
      else if (name === 'claim-text' || name === 'ClaimText') claimTextDepth--;
      else if (LINE_ENDS.has(name)) para.parts.push(BREAK);
      else if (WORD_ENDS.has(name)) para.parts.push(' ');
    }
    if (section && depth === sectionDepth) section = null;
  });

  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof PatentTextTooLong) throw err;
    throw new NotPatentXml((err as Error).message);
  }
  if (unknownEntities.size)
    warnings.push(
      `Entities the document declares or names were not expanded (${[...unknownEntities]
        .slice(0, 5)
        .map((e) => `&${e};`)
        .join(' ')}): no DTD or external entity is read.`,
    );
  if (!bib.title && !out.abstract.length && !out.description.length && !out.claims.length) throw new NotPatentXml(`no patent text under <${root ?? '?'}>`);
  const parts: string[] = [];
  if (bib.title) parts.push(bib.title);
  if (out.abstract.length) parts.push('ABSTRACT', ...out.abstract);
  parts.push(...out.description);
  if (out.claims.length) parts.push('CLAIMS', ...out.claims);
  const text = parts.join('\n\n');
  if (text.length > maxChars) throw new PatentTextTooLong();
  return { text, bibliography: bib, warnings };
}
