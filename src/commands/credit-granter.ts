import type { Db } from '../db/connect.ts';
import { validationError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { postLedgerEntry, type LedgerEntryResult } from './credit-ledger.ts';

export interface CreditGranterProps {
  accountId: string;
  /** Positive micro-credits to add. */
  amountMicro: bigint;
  /** grant (operator), purchase (billing), refund (failed export), adjustment. */
  kind: 'grant' | 'purchase' | 'refund' | 'adjustment';
  description: string;
  reference?: string | null;
}

/** Adds credits to an account: one ledger entry and one audit row in one transaction. */
export async function creditGranter(db: Db, actor: Actor, props: CreditGranterProps): Promise<LedgerEntryResult> {
  if (props.amountMicro <= 0n) throw validationError('amount', 'must be greater than zero');
  if (props.amountMicro > 10_000_000n * 1_000_000n) throw validationError('amount', 'must be at most 10,000,000 credits');
  return db.transaction().execute(async (trx) => {
    const result = await postLedgerEntry(trx, {
      accountId: props.accountId,
      amountMicro: props.amountMicro,
      kind: props.kind,
      description: props.description,
      reference: props.reference,
    });
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: `credits.${props.kind}`,
      targetType: 'credit_ledger',
      targetId: result.ledgerId.toString(),
      details: { amount_micro: props.amountMicro.toString() },
    });
    return result;
  });
}
