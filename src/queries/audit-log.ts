import type { Selectable } from 'kysely';
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
  const rows = await q.orderBy('id', 'desc').limit(filter.limit + 1).execute();
  const entries = rows.slice(0, filter.limit);
  return { entries, nextCursor: rows.length > filter.limit ? entries[entries.length - 1].id.toString() : null };
}

/** LIKE's wildcards and escape character taken literally (default escape character: backslash). */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
