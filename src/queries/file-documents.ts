/**
 * Reading the application file (issue 18): the documents an account holds for an application,
 * and the held text of the references an action cites (the account's own copies first, then the
 * public cache of US documents fetched from the USPTO). Never another account's documents.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { preparedQuery } from '../db/prepared-statements.ts';
import type { FileDocumentRow } from '../db/schema.ts';
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

/** What a held document is called: its number as displayed, else its name, title, file name or kind. */
function labelOf(r: Pick<FileDocumentRow, 'publication_display' | 'reference_name' | 'title' | 'filename' | 'kind'>): string {
  return r.publication_display ?? r.reference_name ?? r.title ?? r.filename ?? r.kind;
}

function fromRow(r: FileDocumentRow): HeldDocument {
  return {
    document_id: r.id,
    source: 'account',
    kind: r.kind,
    label: labelOf(r),
    publication_number: r.publication_number,
    publication_display: r.publication_display,
    reference_name: r.reference_name,
    text: r.text,
    paragraphs: r.paragraphs as TextParagraph[],
    figures: r.figures as FigureEntry[],
    column_lines: (r.column_lines as HeldColumnLine[] | null) ?? null,
  };
}

/**
 * The held texts of references by publication number (without kind code) or by name, in one
 * statement: the account's own copies (any application of the account), then the public cache's
 * text of each number no copy of the account's has. Both sides are read together because a draft's
 * submission reads them in its turn (issue 24: each statement is a round through the embedded
 * database's backend). The arrays are parameters, so the text is fixed and prepared once.
 */
const heldReferenceRows = preparedQuery(
  ['accountId', 'numbers', 'names'],
  (db: Db, a: { accountId: string; numbers: readonly string[]; names: readonly string[] }) =>
    db
      .with('own', (q) =>
        q
          .selectFrom('file_documents')
          .select(['id', 'kind', 'publication_number', 'publication_display', 'reference_name', 'title', 'filename'])
          .select(['text', 'paragraphs', 'figures', 'column_lines', 'created_at'])
          .where('account_id', '=', a.accountId)
          .where('kind', '=', 'reference')
          .where(sql<boolean>`(publication_number = any(${a.numbers}::text[]) or lower(reference_name) = any(${a.names}::text[]))`),
      )
      .selectFrom('own')
      .select([
        'id as document_id',
        sql<HeldDocument['source']>`'account'`.as('source'),
        'kind',
        'title',
        'filename',
        'publication_number',
        'publication_display',
        'reference_name',
        'text',
        'paragraphs',
        'figures',
        'column_lines',
        sql<Date | null>`created_at`.as('created_at'),
      ])
      .unionAll((eb) =>
        eb
          .selectFrom('public_references as p')
          .select([
            sql<string>`'pub_' || p.publication_number`.as('document_id'),
            sql<HeldDocument['source']>`'public'`.as('source'),
            sql<string>`'reference'`.as('kind'),
            'p.title',
            sql<string | null>`null`.as('filename'),
            sql<string | null>`p.publication_number`.as('publication_number'),
            sql<string | null>`p.publication_display`.as('publication_display'),
            sql<string | null>`null`.as('reference_name'),
            'p.text',
            'p.paragraphs',
            'p.figures',
            'p.column_lines',
            sql<Date | null>`null`.as('created_at'),
          ])
          .where(sql<boolean>`p.publication_number = any(${a.numbers}::text[])`)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('own').whereRef('own.publication_number', '=', 'p.publication_number')))),
      )
      // The account's copies first, newest first; the public texts by number.
      .orderBy('source')
      .orderBy('created_at', 'desc')
      .orderBy('document_id'),
);

/**
 * The held texts of references by publication number (without kind code) or by name: the
 * account's own copy (newest, any application of the account) first, else the public cache.
 */
export async function heldReferences(db: Db, accountId: string, wanted: { numbers: readonly string[]; names: readonly string[] }): Promise<HeldDocument[]> {
  if (wanted.numbers.length === 0 && wanted.names.length === 0) return [];
  const { rows } = await heldReferenceRows(db, { accountId, numbers: wanted.numbers, names: wanted.names.map((n) => n.toLowerCase()) });
  const out: HeldDocument[] = [];
  // One document per reference: the account's newest copy of each number (or name).
  const seen = new Set<string>();
  for (const row of rows) {
    const { created_at: _created, title: _title, filename: _filename, ...r } = row;
    const key = r.publication_number ?? `name:${(r.reference_name ?? '').toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      ...r,
      label: labelOf(row),
      paragraphs: r.paragraphs as TextParagraph[],
      figures: r.figures as FigureEntry[],
      column_lines: (r.column_lines as HeldColumnLine[] | null) ?? null,
    });
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
