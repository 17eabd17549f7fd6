import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../errors.ts';
import { newId } from '../auth/secrets.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import type { DocketImportAddRow } from './docket-import-previewer.ts';
import { clearPublicRecordCaches } from '../queries/public-record-cache.ts';

/** A preview older than this is refused: the docket may have moved since it was shown. */
const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
/** The invention title of an application imported without a record in Prosa, until its data is added or looked up. */
const PLACEHOLDER_TITLE = 'Imported; no record yet (look it up or add its data)';
const CHUNK = 500;

export interface DocketImportCommitterProps {
  accountId: string;
  previewId: string;
  now: Date;
}

export interface DocketImportCommitResult {
  preview_id: string;
  /** Docket entries this call added (0 when the preview was committed before). */
  added: number;
  /** Of the added, applications with no record in Prosa, tracked with a placeholder private record. */
  placeholders: number;
  /** 'add' rows already on the docket at commit time (added since the preview), not added again. */
  skipped: number;
  already_committed: boolean;
  committed_at: string;
}

/**
 * Adds a preview's 'add' rows to the docket in one transaction with one audit row
 * (docket.imported: the counts and the file name). Idempotent: the preview row is locked and
 * marked committed in the same transaction, so a second commit (or a concurrent one) adds nothing.
 *
 * Each number takes the account's own private record if it has one, else the public record; a
 * number with neither gets a private placeholder record (source 'user', as the docket entry creator
 * makes for an unpublished application) titled PLACEHOLDER_TITLE: no USPTO request is made here,
 * so a 1,000-line import is one transaction, not 1,000 network calls.
 */
export async function docketImportCommitter(db: Db, actor: Actor, props: DocketImportCommitterProps): Promise<DocketImportCommitResult> {
  return db
    .transaction()
    .execute(async (trx) => {
      const preview = await trx
        .selectFrom('docket_imports')
        .selectAll()
        .where('id', '=', props.previewId)
        .where('account_id', '=', props.accountId)
        .forUpdate()
        .executeTakeFirst();
      if (!preview)
        throw notFound(
          'Import preview',
          'import_preview_not_found',
          'Preview the file again (POST /api/docket/import/preview) and commit the preview_id it answers.',
        );
      if (preview.committed_at) {
        return { preview_id: preview.id, added: 0, placeholders: 0, skipped: 0, already_committed: true, committed_at: preview.committed_at.toISOString() };
      }
      if (props.now.getTime() - preview.created_at.getTime() > PREVIEW_TTL_MS) {
        throw new AppError(
          410,
          'import_preview_expired',
          'This import preview is more than 24 hours old.',
          'Preview the file again: the docket may have changed since.',
        );
      }
      const rows = preview.rows as DocketImportAddRow[];
      const numbers = [...new Set(rows.map((r) => r.number))];

      // The record each number resolves to: the account's own private one first, else the public one.
      const appIds = new Map<string, string>();
      for (let i = 0; i < numbers.length; i += CHUNK) {
        const found = await trx
          .selectFrom('applications')
          .select(['id', 'application_number', 'owner_account_id'])
          .where('application_number', 'in', numbers.slice(i, i + CHUNK))
          .where((eb) => eb.or([eb('owner_account_id', 'is', null), eb('owner_account_id', '=', props.accountId)]))
          .execute();
        for (const a of found) if (!appIds.has(a.application_number) || a.owner_account_id !== null) appIds.set(a.application_number, a.id);
      }
      // Numbers on the docket now (another tab or an assistant may have added some since the preview).
      const onDocket = new Set<string>();
      for (let i = 0; i < numbers.length; i += CHUNK) {
        const found = await trx
          .selectFrom('docket_entries as d')
          .innerJoin('applications as a', 'a.id', 'd.application_id')
          .select('a.application_number')
          .where('d.account_id', '=', props.accountId)
          .where('a.application_number', 'in', numbers.slice(i, i + CHUNK))
          .execute();
        for (const f of found) onDocket.add(f.application_number);
      }
      const toAdd = rows.filter((r) => !onDocket.has(r.number));
      const missing = toAdd.filter((r) => !appIds.has(r.number));
      for (let i = 0; i < missing.length; i += CHUNK) {
        const created = await trx
          .insertInto('applications')
          .values(
            missing.slice(i, i + CHUNK).map((r) => ({
              id: newId(),
              application_number: r.number,
              owner_account_id: props.accountId,
              invention_title: PLACEHOLDER_TITLE,
              status: 'pending',
              attorney_docket_number: r.client_matter,
              entity_status: r.entity_size,
              source: 'user',
            })),
          )
          .returning(['id', 'application_number'])
          .execute();
        for (const c of created) appIds.set(c.application_number, c.id);
      }
      let added = 0;
      for (let i = 0; i < toAdd.length; i += CHUNK) {
        const inserted = await trx
          .insertInto('docket_entries')
          .values(
            toAdd.slice(i, i + CHUNK).map((r) => ({
              id: newId(),
              account_id: props.accountId,
              application_id: appIds.get(r.number)!,
              client_matter: r.client_matter,
              notes: r.notes,
              entity_size: r.entity_size,
            })),
          )
          .onConflict((oc) => oc.columns(['account_id', 'application_id']).doNothing())
          .returning('id')
          .execute();
        added += inserted.length;
      }
      const committed = await trx
        .updateTable('docket_imports')
        .set({ committed_at: sql<Date>`now()`, added_count: added })
        .where('id', '=', preview.id)
        .returning('committed_at')
        .executeTakeFirstOrThrow();
      const skipped = rows.length - added;
      await writeAudit(trx, actor, {
        accountId: props.accountId,
        action: 'docket.imported',
        targetType: 'docket_import',
        targetId: preview.id,
        details: {
          source: preview.source,
          file_name: preview.source === 'csv' ? preview.label : null,
          customer_number: preview.source === 'customer_number' ? preview.label : null,
          added,
          placeholders: missing.length,
          skipped,
          counts: preview.counts,
        },
      });
      return {
        preview_id: preview.id,
        added,
        placeholders: missing.length,
        skipped,
        already_committed: false,
        committed_at: committed.committed_at!.toISOString(),
      };
    })
    .finally(clearPublicRecordCaches);
}
