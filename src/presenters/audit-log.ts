import type { AuditRow } from '../queries/audit-log.ts';
import { sourceOfActor } from '../domain/audit-source.ts';

/**
 * One audit-log row as its account reads it: `source` (web, api_key, assistant, cli, system) and
 * the raw `actor` it comes from; `details` never hold secrets (commands/audit.ts).
 */
export function presentAuditEntry(row: AuditRow) {
  return {
    id: row.id.toString(),
    created_at: row.created_at.toISOString(),
    source: sourceOfActor(row.actor),
    actor: row.actor,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    details: row.details,
    request_id: row.request_id,
  };
}
