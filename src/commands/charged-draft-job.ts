import { sql, type Transaction } from 'kysely';
import type { DraftJobRow, Schema } from '../db/schema.ts';
import { executeCompiledPrepared } from '../db/prepared-statements.ts';
import type { PreparedDraft } from './draft-requests/request-types.ts';
import type { Actor } from './actor.ts';
import { auditRow } from './audit.ts';
import { PAGE_BUMP, PAGE_BUMPED, refuseUncovered } from './credit-ledger.ts';

export interface ChargedDraftJobProps {
  id: string;
  accountId: string;
  prepared: PreparedDraft;
  requestFingerprint: string;
  idempotencyKey: string | null;
  price: { label: string; priceMicro: bigint };
}

export interface ChargedDraftJob {
  job: DraftJobRow;
  /** The balance the charge wrote (the ledger line's balance_after). */
  balanceAfterMicro: bigint;
}

/**
 * A draft job's charge, its row and both audit rows in ONE statement (issue 24): the balance row
 * updated only where it covers the price, the ledger line with the balance it wrote, the job
 * pointing at that line, and the audit rows of the charge and of the job, in that order. Every part selects from the one before it, so when the
 * balance cannot cover the price nothing at all is written, and one more read says why (402).
 */
export async function insertChargedDraftJob(trx: Transaction<Schema>, actor: Actor, props: ChargedDraftJobProps): Promise<ChargedDraftJob> {
  const { id, accountId, prepared, price } = props;
  const price8 = price.priceMicro.toString();
  // The member who acted, when the actor is a member of this firm (the ledger line and the job name them).
  const memberId = actor.accountId === accountId ? (actor.memberId ?? null) : null;
  const chargeAudit = auditRow(actor, {
    accountId,
    action: 'credits.charged.export',
    targetType: 'credit_ledger',
    details: { amount_micro: price8, reference: id },
  });
  const jobAudit = auditRow(actor, {
    accountId,
    action: 'draft_job.created',
    targetType: 'draft_job',
    targetId: id,
    details: {
      export_type: prepared.exportType,
      form_kind: prepared.formKind,
      application_number: prepared.applicationNumber,
      analysis_id: prepared.analysisId,
    },
  });
  const statement = sql<DraftJobRow & { charge_balance_after_micro: bigint }>`
    with balance as (
      update credit_balances set balance_micro = balance_micro - ${price8}::bigint, updated_at = now(), page_version = ${PAGE_BUMP}
      where account_id = ${accountId} and balance_micro - ${price8}::bigint >= 0
      returning balance_micro, ${PAGE_BUMPED}
    ), ledger as (
      insert into credit_ledger (account_id, amount_micro, balance_after_micro, kind, description, reference, member_id)
      select ${accountId}, -${price8}::bigint, balance.balance_micro, 'export', ${`${price.label} export (job ${id})`}, ${id}, ${memberId}::text
      from balance
      returning id, balance_after_micro
    ), job as (
      insert into draft_jobs (id, account_id, member_id, export_type, form_kind, analysis_id, application_id, application_number,
        request, request_fingerprint, idempotency_key, price_micro, charge_ledger_id)
      select ${id}, ${accountId}, ${memberId}::text, ${prepared.exportType}, ${prepared.formKind}::text, ${prepared.analysisId}::text,
        ${prepared.applicationId}::text, ${prepared.applicationNumber}::text, ${JSON.stringify(prepared.request)}::jsonb,
        ${props.requestFingerprint}, ${props.idempotencyKey}::text, ${price8}::bigint, ledger.id
      from ledger
      returning *
    ), audit as (
      -- Ids are drawn as the rows are inserted: the charge's row first, then the job's.
      insert into audit_log (account_id, member_id, actor, action, target_type, target_id, details, request_id)
      select account_id, member_id, actor, action, target_type, target_id, details, request_id from (
        select 1 as ord, ${accountId} as account_id, ${chargeAudit.member_id}::text as member_id, ${chargeAudit.actor} as actor,
          ${chargeAudit.action} as action, ${chargeAudit.target_type}::text as target_type, ledger.id::text as target_id,
          ${chargeAudit.details}::jsonb as details, ${chargeAudit.request_id}::text as request_id
        from ledger
        union all
        select 2, ${accountId}, ${jobAudit.member_id}::text, ${jobAudit.actor}, ${jobAudit.action}, ${jobAudit.target_type}::text,
          ${id}, ${jobAudit.details}::jsonb, ${jobAudit.request_id}::text
        from ledger
      ) rows
      order by ord
    )
    select job.*, ledger.balance_after_micro as charge_balance_after_micro from job cross join ledger`;
  const { rows } = await executeCompiledPrepared(trx, statement.compile(trx));
  const row = rows[0];
  if (!row) return refuseUncovered(trx, accountId, price);
  const { charge_balance_after_micro: balanceAfterMicro, ...job } = row;
  return { job, balanceAfterMicro };
}
