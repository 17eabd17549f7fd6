import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { newId } from '../auth/secrets.ts';
import { classifyImportRows, countImportRows, type ImportColumn, type ImportRow } from '../domain/docket-import.ts';
import { docketedNumbers } from '../queries/docket-imports.ts';

/** How long a preview row is kept (committed or not); the commit itself refuses previews older than a day. */
const PREVIEW_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** What a committed preview adds, per row (docket_imports.rows). */
export interface DocketImportAddRow {
  line: number;
  number: string;
  client_matter: string | null;
  entity_size: 'large' | 'small' | 'micro' | null;
  notes: string | null;
}

export interface DocketImportPreview {
  id: string;
  source: 'csv' | 'customer_number';
  label: string | null;
  columns: Partial<Record<ImportColumn, string>>;
  rows: ImportRow[];
  counts: ReturnType<typeof countImportRows>;
  /** Customer-number imports: what the USPTO reported and whether the list was cut at the cap. */
  found?: number;
  truncated?: boolean;
}

export interface DocketImportPreviewerProps {
  accountId: string;
  source: 'csv' | 'customer_number';
  label: string | null;
  /** The bytes the preview was made from (the file, or the customer number and result list): its hash is kept. */
  content: string;
  columns: Partial<Record<ImportColumn, string>>;
  rows: readonly ImportRow[];
}

/**
 * Judges every row against the account's docket (already there, or repeated in the file) and keeps
 * the preview, so the commit writes exactly the 'add' rows shown. Writes no docket entry and no
 * audit row: nothing on the docket changes until the commit (its audit row tells the import).
 */
export async function docketImportPreviewer(db: Db, props: DocketImportPreviewerProps): Promise<DocketImportPreview> {
  const rows = classifyImportRows(props.rows, await docketedNumbers(db, props.accountId));
  const counts = countImportRows(rows);
  const add: DocketImportAddRow[] = rows
    .filter((r) => r.status === 'add' && r.number !== null)
    .map((r) => ({ line: r.line, number: r.number!, client_matter: r.client_matter, entity_size: r.entity_size, notes: r.notes }));
  const id = newId();
  // Previews are kept a week (a commit is refused after a day): the table does not grow without bound.
  await db
    .deleteFrom('docket_imports')
    .where('account_id', '=', props.accountId)
    .where('created_at', '<', new Date(Date.now() - PREVIEW_KEEP_MS))
    .execute();
  await db
    .insertInto('docket_imports')
    .values({
      id,
      account_id: props.accountId,
      source: props.source,
      label: props.label,
      content_sha256: createHash('sha256').update(props.content).digest('hex'),
      rows: JSON.stringify(add),
      counts: JSON.stringify(counts),
    })
    .execute();
  return { id, source: props.source, label: props.label, columns: props.columns, rows, counts };
}
