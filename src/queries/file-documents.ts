/**
 * Reading the application file (issue 18): the documents an account holds for an application,
 * and the held text of the references an action cites (the account's own copies first, then the
 * public cache of US documents fetched from the USPTO). Never another account's documents.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { preparedQuery, preparedStatement } from '../db/prepared-statements.ts';
import type { FileDocumentRow, PublicReferenceRow } from '../db/schema.ts';
import type { ClaimEntry } from '../domain/claims/claim-set.ts';
import type { TextParagraph } from '../domain/file/paragraphs.ts';
import type { FigureEntry } from '../domain/file/read-document.ts';
import type { HeldColumnLine } from '../domain/art/resolve.ts';

/** A document without its text (lists). */
export type FileDocumentSummary = Omit<FileDocumentRow, 'text' | 'paragraphs' | 'figures' | 'column_lines' | 'claims'> & {
  paragraph_count: number;
  claim_count: number;
  figure_count: number;
  has_column_lines: boolean;
};

const SUMMARY_COLUMNS = [
  'id',
  'account_id',
  'application_id',
  'kind',
  'source',
  'filename',
  'format',
  'sha256',
  'title',
  'publication_number',
  'publication_display',
  'reference_name',
  'document_date',
  'pages',
  'warnings',
  'text_source',
  'ocr_confidence',
  'status',
  'draft_job_id',
  'filed_at',
  'created_at',
] as const;

export async function listFileDocuments(db: Db, accountId: string, applicationId: string): Promise<FileDocumentSummary[]> {
  const rows = await db
    .selectFrom('file_documents')
    .select(SUMMARY_COLUMNS)
    .select((eb) => [
      eb.fn<number>('jsonb_array_length', [eb.ref('paragraphs')]).as('paragraph_count'),
      eb.fn<number>('coalesce', [eb.fn('jsonb_array_length', [eb.ref('claims')]), eb.lit(0)]).as('claim_count'),
      eb.fn<number>('jsonb_array_length', [eb.ref('figures')]).as('figure_count'),
      eb(eb.ref('column_lines'), 'is not', null).as('has_column_lines'),
    ])
    .where('account_id', '=', accountId)
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    paragraph_count: Number(r.paragraph_count),
    claim_count: Number(r.claim_count),
    figure_count: Number(r.figure_count),
    has_column_lines: Boolean(r.has_column_lines),
  }));
}

/** One document of the account's file for the application, whole, or undefined. */
export async function findFileDocument(db: Db, accountId: string, applicationId: string, documentId: string): Promise<FileDocumentRow | undefined> {
  return db
    .selectFrom('file_documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('account_id', '=', accountId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

/** A held text with the structure read from it. */
export interface HeldDocument {
  document_id: string;
  source: 'account' | 'public';
  kind: string;
  label: string;
  publication_number: string | null;
  publication_display: string | null;
  reference_name: string | null;
  text: string;
  paragraphs: TextParagraph[];
  figures: FigureEntry[];
  column_lines: HeldColumnLine[] | null;
}

function fromRow(r: FileDocumentRow): HeldDocument {
  return {
    document_id: r.id,
    source: 'account',
    kind: r.kind,
    label: r.publication_display ?? r.reference_name ?? r.title ?? r.filename ?? r.kind,
    publication_number: r.publication_number,
    publication_display: r.publication_display,
    reference_name: r.reference_name,
    text: r.text,
    paragraphs: r.paragraphs as TextParagraph[],
    figures: r.figures as FigureEntry[],
    column_lines: (r.column_lines as HeldColumnLine[] | null) ?? null,
  };
}

function fromPublic(r: PublicReferenceRow): HeldDocument {
  return {
    document_id: `pub_${r.publication_number}`,
    source: 'public',
    kind: 'reference',
    label: r.publication_display,
    publication_number: r.publication_number,
    publication_display: r.publication_display,
    reference_name: null,
    text: r.text,
    paragraphs: r.paragraphs as TextParagraph[],
    figures: r.figures as FigureEntry[],
    column_lines: (r.column_lines as HeldColumnLine[] | null) ?? null,
  };
}

// Fixed texts whatever the numbers and names asked for (arrays, not IN lists): compiled and prepared once.
const ownReferences = preparedQuery(
  ['accountId', 'numbers', 'names'],
  (db: Db, a: { accountId: string; numbers: readonly string[]; names: readonly string[] }) =>
    db
      .selectFrom('file_documents')
      .selectAll()
      .where('account_id', '=', a.accountId)
      .where('kind', '=', 'reference')
      .where(sql<boolean>`(publication_number = any(${a.numbers}::text[]) or lower(reference_name) = any(${a.names}::text[]))`)
      .orderBy('created_at', 'desc'),
);
const publicReferences = preparedStatement((db: Db, numbers: readonly string[]) =>
  db.selectFrom('public_references').selectAll().where(sql<boolean>`publication_number = any(${numbers}::text[])`),
);

/**
 * The held texts of references by publication number (without kind code) or by name: the
 * account's own copy (newest, any application of the account) first, else the public cache.
 */
export async function heldReferences(db: Db, accountId: string, wanted: { numbers: readonly string[]; names: readonly string[] }): Promise<HeldDocument[]> {
  const out: HeldDocument[] = [];
  if (wanted.numbers.length === 0 && wanted.names.length === 0) return out;
  const { rows: own } = await ownReferences(db, { accountId, numbers: wanted.numbers, names: wanted.names.map((n) => n.toLowerCase()) });
  const seen = new Set<string>();
  for (const r of own) {
    const key = r.publication_number ?? `name:${(r.reference_name ?? '').toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(fromRow(r));
  }
  const missing = wanted.numbers.filter((n) => !seen.has(n));
  if (missing.length) {
    const { rows: pub } = await publicReferences(db, missing);
    out.push(...pub.map(fromPublic));
  }
  return out;
}

/** The specification texts of an application the account holds (specification and application documents). */
export async function heldSpecifications(db: Db, accountId: string, applicationId: string): Promise<HeldDocument[]> {
  const rows = await db
    .selectFrom('file_documents')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('application_id', '=', applicationId)
    .where('kind', 'in', ['specification', 'application'])
    .orderBy('created_at', 'desc')
    .execute();
  return rows.filter((r) => (r.paragraphs as unknown[]).length > 0).map(fromRow);
}

/** The claim sets the file holds (documents stating claims), newest first: the claim versions. */
export async function claimVersions(
  db: Db,
  accountId: string,
  applicationId: string,
): Promise<
  Array<
    Pick<FileDocumentRow, 'id' | 'kind' | 'source' | 'status' | 'document_date' | 'filed_at' | 'created_at' | 'filename' | 'draft_job_id'> & {
      claims: ClaimEntry[];
    }
  >
> {
  const rows = await db
    .selectFrom('file_documents')
    .select(['id', 'kind', 'source', 'status', 'document_date', 'filed_at', 'created_at', 'filename', 'draft_job_id', 'claims'])
    .where('account_id', '=', accountId)
    .where('application_id', '=', applicationId)
    .where('claims', 'is not', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, claims: r.claims as ClaimEntry[] }));
}
