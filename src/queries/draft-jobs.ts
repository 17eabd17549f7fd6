import type { Db } from '../db/connect.ts';
import type { DraftJobRow } from '../db/schema.ts';

/** A job without its document bytes (what status and list answers need). */
export type DraftJobSummary = Omit<DraftJobRow, 'document' | 'request'>;

const SUMMARY_COLUMNS = [
  'id',
  'account_id',
  'export_type',
  'form_kind',
  'analysis_id',
  'application_id',
  'application_number',
  'request_fingerprint',
  'idempotency_key',
  'status',
  'progress',
  'current_step',
  'error_message',
  'attempts',
  'price_micro',
  'charge_ledger_id',
  'refund_ledger_id',
  'filename',
  'media_type',
  'member_id',
  'created_at',
  'started_at',
  'finished_at',
  'updated_at',
] as const;

/** The account's job, or undefined (another account's job is not found: 404, never 403). */
export function findDraftJob(db: Db, accountId: string, jobId: string): Promise<DraftJobSummary | undefined> {
  return db.selectFrom('draft_jobs').select(SUMMARY_COLUMNS).where('id', '=', jobId).where('account_id', '=', accountId).executeTakeFirst();
}

export interface DraftJobFilter {
  limit: number;
  /** Keyset cursor: jobs created before this job (its id). */
  before?: string;
  exportType?: string;
}

/** Newest first. */
export async function listDraftJobs(db: Db, accountId: string, filter: DraftJobFilter): Promise<{ jobs: DraftJobSummary[]; nextCursor: string | null }> {
  let q = db.selectFrom('draft_jobs').select(SUMMARY_COLUMNS).where('account_id', '=', accountId);
  if (filter.exportType) q = q.where('export_type', '=', filter.exportType);
  if (filter.before) {
    const cursor = await db
      .selectFrom('draft_jobs')
      .select(['created_at', 'id'])
      .where('id', '=', filter.before)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (cursor) {
      q = q.where((eb) => eb.or([eb('created_at', '<', cursor.created_at), eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)])]));
    }
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const jobs = rows.slice(0, filter.limit);
  return { jobs, nextCursor: rows.length > filter.limit ? jobs[jobs.length - 1].id : null };
}

export interface StoredDocument {
  status: string;
  bytes: Buffer | null;
  filename: string | null;
  mediaType: string | null;
}

/** The stored DOCX of a job (bytea reads back as a Buffer on pg and a Uint8Array on PGlite). */
export async function loadDraftDocument(db: Db, accountId: string, jobId: string): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('draft_jobs')
    .select(['status', 'document', 'filename', 'media_type'])
    .where('id', '=', jobId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  const bytes = row.document ? Buffer.from(row.document.buffer, row.document.byteOffset, row.document.byteLength) : null;
  return { status: row.status, bytes, filename: row.filename, mediaType: row.media_type };
}

/** The completeness report stored with a response job at submission (issue 11), or null. */
export async function draftJobCompleteness(db: Db, accountId: string, jobId: string): Promise<unknown | null> {
  const row = await db.selectFrom('draft_jobs').select('request').where('id', '=', jobId).where('account_id', '=', accountId).executeTakeFirst();
  const request = row?.request as { completeness?: unknown } | null | undefined;
  return request?.completeness ?? null;
}
