import type { Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import { validationError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { writeAudit, type AuditEvent } from './audit.ts';
import { postLedgerEntry, type LedgerEntryResult, type LedgerKind } from './credit-ledger.ts';

export interface CreditChargerProps {
  accountId: string;
  /** Positive micro-credits to take. */
  amountMicro: bigint;
  kind: Extract<LedgerKind, 'usage_tokens' | 'export'>;
  description: string;
  reference?: string | null;
  /** Exports are refused (402) when the balance cannot cover them; token usage never is. */
  requireSufficientFor?: { label: string; priceMicro: bigint };
}

/** Charges credits inside an existing transaction (so a charge commits with the work it pays for). */
async function chargeInTransaction(trx: Transaction<Schema>, actor: Actor, props: CreditChargerProps): Promise<LedgerEntryResult> {
  const { result, audit } = await postCharge(trx, actor, props);
  await writeAudit(trx, actor, audit);
  return result;
}

/** The charge's ledger entry, and its audit event. */
async function postCharge(trx: Transaction<Schema>, actor: Actor, props: CreditChargerProps): Promise<{ result: LedgerEntryResult; audit: AuditEvent }> {
  if (props.amountMicro <= 0n) throw validationError('amount', 'must be greater than zero');
  const result = await postLedgerEntry(trx, {
    accountId: props.accountId,
    amountMicro: -props.amountMicro,
    kind: props.kind,
    description: props.description,
    reference: props.reference,
    requireSufficientFor: props.requireSufficientFor,
    // The line names who spent it (issue 22), when the actor is a member of this firm.
    memberId: actor.accountId === props.accountId ? actor.memberId : null,
  });
  const audit: AuditEvent = {
    accountId: props.accountId,
    action: `credits.charged.${props.kind}`,
    targetType: 'credit_ledger',
    targetId: result.ledgerId.toString(),
    details: { amount_micro: props.amountMicro.toString(), reference: props.reference ?? null },
  };
  return { result, audit };
}

/** Charges credits in a transaction of its own. */
export function creditCharger(db: Db, actor: Actor, props: CreditChargerProps): Promise<LedgerEntryResult> {
  return db.transaction().execute((trx) => chargeInTransaction(trx, actor, props));
}
