import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { auditRow, type AuditEvent } from './audit.ts';
import type { BasesToRecord } from './analysis-bases-recorder.ts';
import { ledgerEntryCtes } from './credit-ledger.ts';
import { docketEventRow, type DocketEventProps } from './events/docket-event-recorder.ts';

/** Everything storing one analysis writes. */
export interface AnalysisWrite {
  actor: Actor;
  /** The analyses row; `record` is the record's JSON text packed (db/packed-json.ts). */
  analysis: {
    id: string;
    account_id: string;
    member_id: string | null;
    application_id: string | null;
    application_number: string;
    office_action_type: string;
    text: string;
    text_sha256: string;
    record: Uint8Array;
    input_tokens: number;
    output_tokens: number;
    token_source: string;
    cost_micro: bigint;
    idempotency_key: string | null;
    request_fingerprint: string;
  };
  /** The token charge (positive micro-credits) and its ledger line's words; null when it costs nothing. */
  charge: { amountMicro: bigint; description: string } | null;
  /** The examiner bases the analysis found; null when none can be attributed. */
  bases: BasesToRecord | null;
  /** The outbox event announcing it. */
  event: DocketEventProps;
  /** Its own audit event (the charge's is written before it). */
  audit: AuditEvent;
}

/**
 * Stores an analysis in one statement: the record, the charge (balance and ledger line), the
 * examiner bases, the outbox event and both audit rows (the charge's, then the analysis'), as
 * data-modifying CTEs that each write only when the analysis row was written. On the embedded
 * database every statement costs a round of protocol messages through WASM, and a transaction
 * two more (BEGIN, COMMIT); one statement is atomic by itself, so the common analysis needs
 * neither (docs/decisions/scale-out-and-speed.md, "Storing an analysis").
 *
 * With `unlessCapped` the analysis row is written only when the account has no spending cap, and
 * false is returned when it has one (nothing was written): the caller then checks the cap under
 * its lock (spending-cap.ts) and writes again in that transaction.
 */
export async function writeAnalysis(db: Db | Transaction<Schema>, w: AnalysisWrite, opts: { unlessCapped: boolean }): Promise<boolean> {
  const a = w.analysis;
  const ctes = [
    sql`analysis as (
      insert into analyses (id, account_id, member_id, application_id, application_number, office_action_type, text, text_sha256,
                            record, input_tokens, output_tokens, token_source, cost_micro, idempotency_key, request_fingerprint)
      select ${a.id}, ${a.account_id}, ${a.member_id}, ${a.application_id}, ${a.application_number}, ${a.office_action_type}, ${a.text}, ${a.text_sha256},
             ${a.record}::bytea, ${a.input_tokens}::int, ${a.output_tokens}::int, ${a.token_source}, ${a.cost_micro.toString()}::bigint,
             ${a.idempotency_key}, ${a.request_fingerprint}
      ${opts.unlessCapped ? sql`where not exists (select from spending_caps where account_id = ${a.account_id})` : sql``}
      returning id)`,
  ];
  const audits = [];
  if (w.charge) {
    const memberId = w.actor.accountId === a.account_id ? (w.actor.memberId ?? null) : null;
    ctes.push(
      ledgerEntryCtes(
        { accountId: a.account_id, amountMicro: -w.charge.amountMicro, kind: 'usage_tokens', description: w.charge.description, reference: a.id, memberId },
        'analysis',
      ),
    );
    // The charge's audit row names its ledger line, known only as the statement writes it.
    const r = auditRow(w.actor, {
      accountId: a.account_id,
      action: 'credits.charged.usage_tokens',
      targetType: 'credit_ledger',
      details: { amount_micro: w.charge.amountMicro.toString(), reference: a.id },
    });
    audits.push(
      sql`select ${r.account_id}, ${r.member_id}, ${r.actor}, ${r.action}, ${r.target_type}, id::text, ${r.details}::jsonb, ${r.request_id} from ledger`,
    );
  }
  if (w.bases) {
    const { row, bases } = w.bases;
    ctes.push(sql`gone as (
      delete from analysis_rejection_bases
      where account_id = ${row.account_id} and action_key = ${row.action_key} and basis <> all(${bases}::text[]) and exists (select from analysis)),
    bases as (
      insert into analysis_rejection_bases (account_id, action_key, application_id, application_number, examiner_name, name_last, name_first, name_middle, basis, mailing_date)
      select ${row.account_id}, ${row.action_key}, ${row.application_id}, ${row.application_number}, ${row.examiner_name},
             ${row.name_last}, ${row.name_first}, ${row.name_middle}, b.basis, ${row.mailing_date}::date
      from analysis, unnest(${bases}::text[]) as b(basis)
      on conflict on constraint analysis_rejection_bases_unique do update set
        application_id = excluded.application_id, application_number = excluded.application_number, examiner_name = excluded.examiner_name,
        name_last = excluded.name_last, name_first = excluded.name_first, name_middle = excluded.name_middle,
        mailing_date = excluded.mailing_date, created_at = now())`);
  }
  const e = docketEventRow(w.event);
  ctes.push(sql`event as (
      insert into docket_events (account_id, kind, application_id, subject_type, subject_id, payload)
      select ${e.account_id}, ${e.kind}, ${e.application_id}, ${e.subject_type}, ${e.subject_id}, ${e.payload}::jsonb from analysis
      on conflict (account_id, kind, subject_type, subject_id) do nothing)`);
  const r = auditRow(w.actor, w.audit);
  audits.push(
    sql`select ${r.account_id}, ${r.member_id}, ${r.actor}, ${r.action}, ${r.target_type}, ${r.target_id}, ${r.details}::jsonb, ${r.request_id} from analysis`,
  );
  // One insert, the charge's row first: the ids are drawn in that order.
  ctes.push(sql`audit as (
      insert into audit_log (account_id, member_id, actor, action, target_type, target_id, details, request_id)
      ${sql.join(audits, sql` union all `)})`);
  const { rows } = await sql<{ stored: boolean }>`with ${sql.join(ctes, sql`, `)} select exists (select from analysis) as stored`.execute(db);
  return rows[0].stored;
}
