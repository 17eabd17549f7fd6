import { sql, type Kysely } from 'kysely';

/**
 * The application file and the art (issue 18): the documents an account holds for a docket
 * application (claim listings, the specification, the application as filed or published, earlier
 * responses, and the references the examiner cites), each with its text read into paragraphs,
 * figures and claims; and a public cache of US references fetched from the USPTO, shared by
 * every account (public records).
 *
 * A document is private to the account that added it. Its text is stored whole, with paragraphs
 * as offsets into it, so every quotation Prosa makes re-reads from the stored text.
 */
/** The forms a draft job may build after this migration (frozen here: a later list gets its own migration). */
const FORM_KINDS = [
  'extension_of_time',
  'interview_request',
  'rce_transmittal',
  'notice_of_appeal',
  'pre_appeal_request',
  'terminal_disclaimer',
  'issue_fee_transmittal',
  'client_report',
  'claim_chart',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('claims', 'specification', 'application', 'reference', 'response')`))
    // upload (a file), paste (text sent as JSON), uspto (the Open Data Portal), prosa (a response Prosa drafted)
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('upload', 'paste', 'uspto', 'prosa')`))
    .addColumn('filename', 'text')
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('txt', 'docx', 'pdf', 'xml')`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    // References: the publication number without kind code (US20050025220), and as displayed.
    .addColumn('publication_number', 'text')
    .addColumn('publication_display', 'text')
    // References without a number (non-patent literature): the name the action uses.
    .addColumn('reference_name', 'text')
    // The date the document bears (filing, publication, response), when known.
    .addColumn('document_date', 'date')
    .addColumn('text', 'text', (c) => c.notNull())
    // [{ number, label, start, end, section }] offsets into text
    .addColumn('paragraphs', 'jsonb', (c) => c.notNull())
    // [{ label, figures, paragraph, start, end }]
    .addColumn('figures', 'jsonb', (c) => c.notNull())
    // A grant PDF's layout: [{ column, line, text, page }]
    .addColumn('column_lines', 'jsonb')
    // ClaimEntry[] the document states (claims, application, response)
    .addColumn('claims', 'jsonb')
    .addColumn('pages', 'integer')
    .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Responses: draft (Prosa drafted it; not yet the claims of record) until marked filed.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('held').check(sql`status in ('held', 'draft', 'filed')`))
    .addColumn('draft_job_id', 'text', (c) => c.references('draft_jobs.id').onDelete('set null'))
    .addColumn('filed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('file_documents_application').on('file_documents').columns(['account_id', 'application_id', 'created_at']).execute();
  await db.schema
    .createIndex('file_documents_publication')
    .on('file_documents')
    .columns(['account_id', 'publication_number'])
    .where(sql.ref('publication_number'), 'is not', null)
    .execute();
  // The same file added twice for the same application and kind is one document.
  await sql`create unique index file_documents_once on file_documents (account_id, application_id, kind, sha256)`.execute(db);

  await db.schema
    .createTable('public_references')
    .addColumn('publication_number', 'text', (c) => c.primaryKey())
    .addColumn('publication_display', 'text', (c) => c.notNull())
    .addColumn('kind_code', 'text')
    .addColumn('title', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('paragraphs', 'jsonb', (c) => c.notNull())
    .addColumn('figures', 'jsonb', (c) => c.notNull())
    .addColumn('column_lines', 'jsonb')
    .addColumn('claims', 'jsonb')
    // Where the USPTO copy came from (application number, document location).
    .addColumn('origin', 'jsonb', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The claim chart as a document is a form at the Form price (FORM_KINDS in src/commands/draft-requests/request-types.ts).
  await sql`alter table draft_jobs drop constraint if exists draft_jobs_form_kind_check`.execute(db);
  await sql`alter table draft_jobs add constraint draft_jobs_form_kind_check check (form_kind in (${sql.join(FORM_KINDS.map((k) => sql.lit(k)))}))`.execute(db);

  // The docket's current claims may now come from a document of the file.
  await sql`alter table application_claims drop constraint if exists application_claims_source_check`.execute(db);
  await sql`alter table application_claims add constraint application_claims_source_check check (source in ('pasted', 'response', 'document'))`.execute(db);
  await db.schema
    .alterTable('application_claims')
    .addColumn('source_document_id', 'text', (c) => c.references('file_documents.id').onDelete('set null'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
