import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import type { AuditAction } from '../domain/audit-words.ts';

export interface AuditEvent {
  /** The account the event belongs to (whose audit log shows it). */
  accountId: string | null;
  /** Dotted verb: account.created, api_key.revoked, credits.grant ...; each has its words in domain/audit-words.ts. */
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  /** Extra facts; never secrets (no keys, passwords or tokens). */
  details?: Record<string, unknown>;
}

/**
 * Writes an audit row inside the caller's transaction, so the event and the write commit together.
 * Returns the row's id. The log is append-only (a trigger refuses UPDATE and DELETE, migration 009).
 */
export async function writeAudit(trx: Transaction<Schema>, actor: Actor, event: AuditEvent): Promise<bigint> {
  const row = await trx.insertInto('audit_log').values(auditRow(actor, event)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Audit rows of several acts, each with its own actor, in one statement (a batch of MCP tool
 * calls: one insert instead of one per call). Returns their ids in the given order: the ids are
 * drawn row by row as the rows are inserted, so ascending order is the given order.
 */
export async function writeAuditBatch(db: Kysely<Schema> | Transaction<Schema>, entries: readonly { actor: Actor; event: AuditEvent }[]): Promise<bigint[]> {
  if (entries.length === 0) return [];
  const rows = await db
    .insertInto('audit_log')
    .values(entries.map((e) => auditRow(e.actor, e.event)))
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The audit_log row of an event (statements that write their audit rows themselves use it too). */
export function auditRow(actor: Actor, event: AuditEvent) {
  return {
    account_id: event.accountId,
    // The member who acted, when the row is about their own firm (an operator's act names nobody).
    member_id: actor.memberId && actor.accountId === event.accountId ? actor.memberId : null,
    actor: actor.via,
    action: event.action,
    target_type: event.targetType ?? null,
    target_id: event.targetId ?? null,
    details: JSON.stringify(event.details ?? {}),
    request_id: actor.requestId ?? null,
  };
}
