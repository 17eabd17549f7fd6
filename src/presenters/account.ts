import type { Account, ApiKeyRow, DocketEntryRow, LedgerRow } from '../db/schema.ts';
import { balanceStatus } from '../domain/balance-status.ts';
import { formatCredits } from '../domain/money.ts';
import type { DocketItem } from '../queries/docket.ts';
import { presentApplication, type DeadlineFields } from './application.ts';

export function presentAccount(a: Account) {
  return {
    id: a.id,
    email: a.email,
    display_name: a.display_name,
    firm_name: a.firm_name,
    entity_size: a.entity_size,
    model_multiplier: (a.model_multiplier_milli / 1000).toFixed(3).replace(/0{1,2}$/, ''),
    created_at: a.created_at.toISOString(),
  };
}

/** Never includes the key itself or its hash: the key is shown once, at creation. */
export function presentApiKey(k: ApiKeyRow) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.display_prefix,
    created_at: k.created_at.toISOString(),
    last_used_at: k.last_used_at?.toISOString() ?? null,
    revoked_at: k.revoked_at?.toISOString() ?? null,
    status: k.revoked_at ? 'revoked' : 'active',
  };
}

export function presentLedgerEntry(e: LedgerRow) {
  return {
    id: e.id.toString(),
    amount: formatCredits(e.amount_micro),
    balance_after: formatCredits(e.balance_after_micro),
    kind: e.kind,
    description: e.description,
    reference: e.reference,
    created_at: e.created_at.toISOString(),
  };
}

export function presentBalance(balanceMicro: bigint) {
  return { balance: formatCredits(balanceMicro), status: balanceStatus(balanceMicro) };
}

export function presentDocketEntry(entry: DocketEntryRow) {
  return {
    id: entry.id,
    client_matter: entry.client_matter,
    notes: entry.notes,
    created_at: entry.created_at.toISOString(),
    updated_at: entry.updated_at.toISOString(),
  };
}

export function presentDocketItem(item: DocketItem, deadlines: DeadlineFields) {
  return {
    ...presentDocketEntry(item.entry),
    private: item.application.owner_account_id !== null,
    application: presentApplication(item.application, deadlines),
  };
}
