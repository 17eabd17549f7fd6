import { z } from 'zod';
import type { AuditRow } from '../queries/audit-log.ts';
import { AUDIT_SOURCES, PERSON_ACTORS, sourceOfActor } from '../domain/audit-source.ts';
import { describeAuditEntry } from '../domain/audit-words.ts';
import { formatApplicationNumber } from '../domain/application-number.ts';

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  source: z.enum(AUDIT_SOURCES).nullable(),
  actor: z.string().describe('How the caller authenticated: session, api_key, bearer, cli, system, anonymous'),
  action: z.string().describe('Dotted code, stable for filters and scripts (docket.entry_added, draft_job.created ...)'),
  summary: z.string().describe('The entry in words, e.g. "Draft response requested for 17/200,011" (domain/audit-words.ts)'),
  application_number: z.string().nullable().describe('The application the entry is about, written 17/200,011; null when none'),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
  member: z
    .object({ id: z.string(), email: z.string(), display_name: z.string().nullable() })
    .nullable()
    .optional()
    .describe('The firm member who acted; null for operators, the system and anonymous callers'),
});

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next_cursor: z.string().nullable() });

export type AuditEntryWire = z.infer<typeof auditEntrySchema>;
export type AuditPageWire = z.infer<typeof auditPageSchema>;

/** Who acted, by member id (auditMembers in queries/members.ts). */
export type AuditMembers = ReadonlyMap<string, { id: string; email: string; display_name: string | null }>;

/** The member a row names; rows written before firms (migration 032) by a person name the founding owner. */
export function auditMemberId(row: Pick<AuditRow, 'member_id' | 'account_id' | 'actor'>): string | null {
  if (row.member_id) return row.member_id;
  return row.account_id && (PERSON_ACTORS as readonly string[]).includes(row.actor) ? row.account_id : null;
}

/**
 * One audit-log row as its firm reads it: `source` (web, api_key, assistant, cli, system) and
 * the raw `actor` it comes from, the member who acted, the entry in words (`summary`) with the
 * application it is about; `details` never hold secrets (commands/audit.ts).
 */
export function presentAuditEntry(row: AuditRow, members?: AuditMembers): AuditEntryWire {
  const memberId = auditMemberId(row);
  const details = (row.details ?? null) as Record<string, unknown> | null;
  const n = row.application_number ?? null;
  return {
    ...(members ? { member: (memberId && members.get(memberId)) || null } : {}),
    id: row.id.toString(),
    created_at: row.created_at.toISOString(),
    source: sourceOfActor(row.actor),
    actor: row.actor,
    action: row.action,
    summary: describeAuditEntry(row.action, { applicationNumber: n, details }),
    application_number: n ? formatApplicationNumber(n) : null,
    target_type: row.target_type,
    target_id: row.target_id,
    details,
    request_id: row.request_id,
  };
}

/** POST /api/audit/tool-calls: the audit entry written for one call, or for each call of a batch (in order). */
export const toolCallsRecordedSchema = z.union([
  z.object({ id: z.string().describe('The audit entry of the one call') }),
  z.object({ ids: z.array(z.string()).describe("The audit entries of the batch's calls, in order") }),
]);
