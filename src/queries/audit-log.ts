import { sql, type Selectable } from 'kysely';
import { formatApplicationNumber } from '../domain/application-number.ts';
import type { Db } from '../db/connect.ts';
import type { AuditLogTable } from '../db/schema.ts';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilter {
  limit: number;
  /** Keyset cursor: rows older than this id. */
  before?: bigint;
  /** Keep rows whose actor is one of these (audit_log.actor). */
  actors?: readonly string[];
  /** Keep rows whose action starts with this (docket., mcp.tool_call). */
  actionPrefix?: string;
  /** Keep rows written at or after this instant. */
  from?: Date;
  /** Keep rows written before this instant. */
  until?: Date;
  /**
   * Keep rows about this application (8 digits): rows whose details name it, and rows about the
   * account's docket entry of it, or about its analyses, draft jobs or papers.
   */
  applicationNumber?: string;
}

export interface AuditPage {
  entries: AuditRow[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** The account's audit log, newest first (ids only grow: the log is append-only). */
export async function listAuditLog(db: Db, accountId: string, filter: AuditFilter): Promise<AuditPage> {
  let q = db.selectFrom('audit_log').selectAll().where('account_id', '=', accountId);
  if (filter.before !== undefined) q = q.where('id', '<', filter.before);
  if (filter.actors) q = q.where('actor', 'in', [...filter.actors]);
  if (filter.actionPrefix) q = q.where('action', 'like', `${escapeLike(filter.actionPrefix)}%`);
  if (filter.from) q = q.where('created_at', '>=', filter.from);
  if (filter.until) q = q.where('created_at', '<', filter.until);
  const number = filter.applicationNumber;
  if (number) {
    const applicationIds = db.selectFrom('applications').select('id').where('application_number', '=', number);
    const entryIds = db.selectFrom('docket_entries').select('id').where('account_id', '=', accountId).where('application_id', 'in', applicationIds);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`details->>'application_number'`, 'in', [number, formatApplicationNumber(number)]),
        eb.and([eb('target_type', '=', 'docket_entry'), eb('target_id', 'in', entryIds)]),
        eb(sql<string>`details->>'docket_entry_id'`, 'in', entryIds),
        eb.and([eb('target_type', '=', 'analysis'), eb('target_id', 'in', db.selectFrom('analyses').select('id').where('account_id', '=', accountId).where('application_number', '=', number))]),
        eb.and([eb('target_type', '=', 'draft_job'), eb('target_id', 'in', db.selectFrom('draft_jobs').select('id').where('account_id', '=', accountId).where('application_number', '=', number))]),
        eb.and([eb('target_type', '=', 'correspondence'), eb('target_id', 'in', db.selectFrom('correspondence').select('id').where('application_id', 'in', applicationIds))]),
        // Credits charged or refunded for an analysis or draft job of the application.
        eb.and([
          eb('target_type', '=', 'credit_ledger'),
          eb(sql<string>`details->>'reference'`, 'in', db.selectFrom('analyses').select('id').where('account_id', '=', accountId).where('application_number', '=', number).union(db.selectFrom('draft_jobs').select('id').where('account_id', '=', accountId).where('application_number', '=', number))),
        ]),
      ]),
    );
  }
  const rows = await q.orderBy('id', 'desc').limit(filter.limit + 1).execute();
  const entries = rows.slice(0, filter.limit);
  return { entries, nextCursor: rows.length > filter.limit ? entries[entries.length - 1].id.toString() : null };
}

/** LIKE's wildcards and escape character taken literally (default escape character: backslash). */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
