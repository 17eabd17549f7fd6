/** The application file in words: what a document is, where it came from, what was read from it. */
import type { DocumentKind, DocumentSummary } from '../api/file.ts';

export const KINDS: readonly { id: DocumentKind; label: string; description: string }[] = [
  { id: 'claims', label: 'Claim listing', description: 'The claims as they stand; a listing becomes the claims of record.' },
  { id: 'specification', label: 'Specification', description: 'The description, searched for support of amendments.' },
  { id: 'application', label: 'Application as filed', description: 'Specification and claims, as filed or published.' },
  { id: 'reference', label: 'Reference', description: 'A document the examiner cites, so the chart can show its passages.' },
  { id: 'response', label: 'Response', description: 'An earlier reply that was filed; its claims become the claims of record.' },
];

function kindLabel(kind: string): string {
  return KINDS.find((k) => k.id === kind)?.label ?? 'Document';
}

export function sourceLabel(d: Pick<DocumentSummary, 'source' | 'filename'>): string {
  switch (d.source) {
    case 'upload':
      return d.filename ? `Uploaded as ${d.filename}` : 'Uploaded';
    case 'paste':
      return 'Pasted text';
    case 'uspto':
      return 'From the USPTO';
    case 'prosa':
      return 'Drafted by Prosa';
    default:
      return 'Added';
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "66 paragraphs · 23 claims · 11 figures": only what was read. */
export function countsLabel(d: Pick<DocumentSummary, 'paragraphs' | 'claims' | 'figures' | 'pages'>): string {
  return (
    [
      d.pages ? plural(d.pages, 'page') : null,
      d.paragraphs ? plural(d.paragraphs, 'paragraph') : null,
      d.claims ? plural(d.claims, 'claim') : null,
      d.figures ? plural(d.figures, 'figure') : null,
    ]
      .filter(Boolean)
      .join(' · ') || 'No paragraphs or claims were read'
  );
}

/** The name a reference goes by: "Laroia" from "Laroia (US 2005/0025220 A1)". */
export function shortName(label: string): string {
  const i = label.indexOf(' (');
  return i > 0 ? label.slice(0, i) : label;
}

/** "WLAN and 5GHz", "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "Reference: Laroia, US 2005/0025220 A1", "Claim listing", "Response drafted by Prosa". */
export function documentName(d: Pick<DocumentSummary, 'kind' | 'publication_number' | 'reference_name' | 'source'>): string {
  if (d.kind === 'reference') return `Reference: ${[d.reference_name, d.publication_number].filter(Boolean).join(', ') || 'unnamed'}`;
  if (d.kind === 'response' && d.source === 'prosa') return 'Response drafted by Prosa';
  return kindLabel(d.kind);
}

/** The document inside a sentence: "the claim listing", "Laroia, US 2005/0025220 A1". */
export function documentPhrase(d: Pick<DocumentSummary, 'kind' | 'publication_number' | 'reference_name' | 'source'>): string {
  if (d.kind === 'reference') return [d.reference_name, d.publication_number].filter(Boolean).join(', ') || 'the reference';
  if (d.kind === 'response' && d.source === 'prosa') return 'the response Prosa drafted';
  if (d.kind === 'application') return 'the application as filed';
  return `the ${kindLabel(d.kind).toLowerCase()}`;
}
