import { sql, type Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

export type DocketEventKind = 'correspondence.recorded' | 'deadline.approaching' | 'draft.completed' | 'analysis.completed';

export interface DocketEventProps {
  accountId: string;
  kind: DocketEventKind;
  applicationId: string | null;
  subjectType: 'correspondence' | 'draft_job' | 'analysis' | 'deadline';
  /** For deadline.approaching: a stable key of the deadline and offset (e.g. `${docketEntryId}:${kind}:${due}:${offsetDays}`). */
  subjectId: string;
  payload: Record<string, unknown>;
}

/**
 * Records a docket event in the caller's transaction (the outbox, migration 024). Recording the
 * same account/kind/subject again is a no-op (the unique index `docket_events_once`); returns the
 * new event's id, or null when it was already recorded.
 */
export async function recordDocketEvent(trx: Transaction<Schema>, props: DocketEventProps): Promise<string | null> {
  const row = await trx
    .insertInto('docket_events')
    .values(docketEventRow(props))
    .onConflict((oc) => oc.columns(['account_id', 'kind', 'subject_type', 'subject_id']).doNothing())
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The docket_events row of an event (the payload as JSON text). */
export function docketEventRow(props: DocketEventProps) {
  return {
    account_id: props.accountId,
    kind: props.kind,
    application_id: props.applicationId,
    subject_type: props.subjectType,
    subject_id: props.subjectId,
    payload: JSON.stringify(props.payload),
  };
}
