import { z } from 'zod';
import { creditsPageSchema, type LedgerPageWire, presentBalance } from './account.ts';

/**
 * GET /api/credits as JSON text built from two parts of its response schema (issue 24): the ledger
 * page, encoded and stringified once when it is read and kept so (ledger-page-cache.ts), and the
 * balance, status and multiplier, encoded on every read. The route's zod serializer encoding a
 * whole page on every read cost 14 us for five lines and 164 us for 200; both parts still pass
 * the schema's own fields, so what is sent is what the serializer would have sent.
 */
const headSchema = creditsPageSchema.pick({ balance: true, status: true, model_multiplier: true });
const ledgerSchema = creditsPageSchema.pick({ entries: true, next_cursor: true });

/** A ledger page's JSON object text: `{"entries":[...],"next_cursor":...}`. */
export type LedgerPageJson = string;

export function ledgerPageJson(page: LedgerPageWire): LedgerPageJson {
  return JSON.stringify(z.encode(ledgerSchema, page));
}

/** The whole answer: the head's fields, then the page's, in one JSON object. */
export function creditsPageJson(balanceMicro: bigint, modelMultiplierMilli: number, page: LedgerPageJson): string {
  const head = JSON.stringify(z.encode(headSchema, { ...presentBalance(balanceMicro), model_multiplier: modelMultiplierMilli / 1000 }));
  return `${head.slice(0, -1)},${page.slice(1)}`;
}
