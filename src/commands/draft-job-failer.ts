import type { Db } from '../db/connect.ts';
import { formatCredits } from '../domain/money.ts';
import { EXPORT_PRICES, type ExportType } from '../domain/pricing.ts';
import { startAttempt, transition } from './draft-job-transitions.ts';
import { SYSTEM_ACTOR } from './actor.ts';
import { writeAudit } from './audit.ts';
import { postLedgerEntry } from './credit-ledger.ts';

export interface DraftJobFailerProps {
  jobId: string;
  /** Why, in a sentence the user can act on; the refund note is appended. */
  reason: string;
  /** The worker's attempt (fencing): a superseded attempt fails nothing. */
  attempt?: number;
}

export type FailOutcome = 'failed' | 'already_finished' | 'superseded';

/**
 * Marks a job failed for good and refunds its export charge (spec: a failed draft job refunds its
 * charge; ARCHITECTURE "A failed draft job refunds its export charge"): the status change, the
 * 'refund' ledger entry and the audit rows commit in one transaction, so a job is refunded exactly
 * once and never refunded without being failed. A job that never started (its worker died before
 * the first step) passes through in_progress first: the state machine has no other way to failed.
 */
export async function draftJobFailer(db: Db, props: DraftJobFailerProps): Promise<FailOutcome> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('draft_jobs')
      .select(['id', 'account_id', 'status', 'attempts', 'export_type', 'price_micro', 'charge_ledger_id'])
      .where('id', '=', props.jobId)
      .forUpdate()
      .executeTakeFirst();
    if (!job || job.status === 'complete' || job.status === 'failed') return 'already_finished';
    if (props.attempt !== undefined && job.attempts !== props.attempt) return 'superseded';
    let attempt = job.attempts;
    if (job.status === 'queued') {
      const started = await startAttempt(trx, job.id, { progress: 0, current_step: 'Failing' });
      if (started === null) return 'already_finished';
      attempt = started;
    }

    let refundLedgerId: bigint | null = null;
    let message = props.reason;
    if (job.charge_ledger_id !== null && job.price_micro > 0n) {
      const label = EXPORT_PRICES[job.export_type as ExportType]?.label ?? job.export_type;
      const refund = await postLedgerEntry(trx, {
        accountId: job.account_id,
        amountMicro: job.price_micro,
        kind: 'refund',
        description: `Refund: ${label} export failed (job ${job.id})`,
        reference: job.id,
      });
      refundLedgerId = refund.ledgerId;
      message = `${props.reason} The ${formatCredits(job.price_micro)} credits charged for it were refunded.`;
      await writeAudit(trx, SYSTEM_ACTOR, {
        accountId: job.account_id,
        action: 'credits.refund',
        targetType: 'credit_ledger',
        targetId: refund.ledgerId.toString(),
        details: { amount_micro: job.price_micro.toString(), reference: job.id },
      });
    }
    const failed = await transition(
      trx,
      job.id,
      'failed',
      { error_message: message, finished_at: new Date(), refund_ledger_id: refundLedgerId, current_step: null },
      { attempt },
    );
    // The row is locked, so this cannot miss; if it ever did, roll the refund back with it.
    if (!failed) throw new Error(`draft job ${job.id} could not be marked failed`);
    await writeAudit(trx, SYSTEM_ACTOR, {
      accountId: job.account_id,
      action: 'draft_job.failed',
      targetType: 'draft_job',
      targetId: job.id,
      details: { reason: props.reason },
    });
    return 'failed';
  });
}
