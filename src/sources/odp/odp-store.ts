// Writes mapped ODP rows. Every function takes the caller's transaction: the importer writes one
// record (application + events + documents) per transaction.
import { sql } from 'kysely';
import { newId } from '../../auth/secrets.ts';
import type { Db } from '../../db/connect.ts';
import type { MappedDocument } from './map-odp-document.ts';
import type { MappedApplication, MappedEvent } from './map-odp-record.ts';

/** Rows per INSERT: keeps the bind-parameter count far under PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1000;

/** Run `fn` in a transaction, joining the caller's when `db` already is one (seeds, the connector). */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

const APPLICATION_COLUMNS = [
  'invention_title',
  'status',
  'status_code',
  'status_description',
  'status_date',
  'filing_date',
  'examiner_name',
  'art_unit',
  'confirmation_number',
  'attorney_docket_number',
  'first_inventor_name',
  'first_applicant_name',
  'entity_status',
  'application_type',
  'patent_number',
  'grant_date',
  'earliest_publication_number',
  'source',
] as const;

/**
 * Insert or update the PUBLIC record (owner_account_id IS NULL) for an application number and
 * return its id.
 *
 * Decision: ODP is the USPTO's own record, so it overwrites every public column it maps —
 * including on a row the demo seed created (source 'demo' becomes 'odp') — but the row keeps its
 * id, so docket entries, correspondence and events already pointing at it stay attached. A
 * private row (an account's unpublished application) is never touched: the conflict target is
 * the partial unique index `applications_public_number`. `updated_at` moves only when a column
 * actually changed, so a re-import of the same data leaves rows byte-identical.
 */
export async function upsertPublicApplication(trx: Db, app: MappedApplication): Promise<string> {
  const row = { ...app, source: 'odp' };
  const changed = sql<boolean>`(${sql.join(APPLICATION_COLUMNS.map((c) => sql.ref(`applications.${c}`)))})
    is distinct from (${sql.join(APPLICATION_COLUMNS.map((c) => sql.ref(`excluded.${c}`)))})`;
  const inserted = await trx
    .insertInto('applications')
    .values({ id: newId(), owner_account_id: null, ...row })
    .onConflict((oc) =>
      oc
        .column('application_number')
        .where('owner_account_id', 'is', null)
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(APPLICATION_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
          updated_at: sql<Date>`now()`,
        }))
        .where(changed),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // Unchanged: the conditional update returned nothing, so read the existing id.
  const existing = await findPublicApplicationId(trx, app.application_number);
  if (existing === null) throw new Error(`public application ${app.application_number} vanished during upsert`);
  return existing;
}

export async function findPublicApplicationId(trx: Db, applicationNumber: string): Promise<string | null> {
  const row = await trx
    .selectFrom('applications')
    .select('id')
    .where('application_number', '=', applicationNumber)
    .where('owner_account_id', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Events are facts with no identity beyond (application, code, date): an existing one is left as is. */
export async function insertEvents(trx: Db, applicationId: string, events: readonly MappedEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('prosecution_events')
      .values(events.slice(i, i + ROWS_PER_INSERT).map((e) => ({ application_id: applicationId, ...e })))
      .onConflict((oc) => oc.columns(['application_id', 'event_code', 'event_date']).doNothing())
      .execute();
  }
}

const DOCUMENT_COLUMNS = ['document_code', 'description', 'mailing_date', 'direction', 'source'] as const;

/**
 * Insert or update documents by (application_id, document_identifier) — the partial unique index
 * `correspondence_app_docid`. An update refreshes the USPTO's columns only; `id`, `full_text` and
 * `period_months` (filled later by the office-action pipeline) are kept. Returns how many
 * distinct documents were stored or already present.
 */
export async function upsertDocuments(trx: Db, applicationId: string, documents: readonly MappedDocument[]): Promise<number> {
  // One statement cannot update the same row twice: keep the last of any repeated identifier.
  const byIdentifier = new Map<string, MappedDocument>();
  for (const d of documents) byIdentifier.set(d.document_identifier, d);
  const unique = [...byIdentifier.values()];
  const changed = sql<boolean>`(${sql.join(DOCUMENT_COLUMNS.map((c) => sql.ref(`correspondence.${c}`)))})
    is distinct from (${sql.join(DOCUMENT_COLUMNS.map((c) => sql.ref(`excluded.${c}`)))})`;
  for (let i = 0; i < unique.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('correspondence')
      .values(
        unique.slice(i, i + ROWS_PER_INSERT).map((d) => ({
          id: newId(),
          application_id: applicationId,
          document_code: d.document_code,
          description: d.description,
          mailing_date: d.mailing_date,
          direction: d.direction,
          document_identifier: d.document_identifier,
          source: d.source,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['application_id', 'document_identifier'])
          .where('document_identifier', 'is not', null)
          .doUpdateSet((eb) => Object.fromEntries(DOCUMENT_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])))
          .where(changed),
      )
      .execute();
  }
  return unique.length;
}
