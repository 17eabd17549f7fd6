/**
 * The USPTO fees a form's paper pays or names, read from its stored request (`fee`, `extension`,
 * `issue_fee`, `publication_fee`): shown with the submission beside Prosa's own price, so the
 * caller sees both before filing.
 */
import { z } from 'zod';
import { usptoFee, type UsptoFeeCode } from '../domain/uspto-fees.ts';
import type { EntitySize } from '../domain/deadlines/fees.ts';

export const usptoFeeShownSchema = z.object({
  citation: z.string(),
  title: z.string(),
  amount: z.string().nullable().describe("Dollars for the entity size; null when Prosa's table has no amount for the date"),
});
export type UsptoFeeShown = z.infer<typeof usptoFeeShownSchema>;

export function usptoFeesOf(request: unknown): UsptoFeeShown[] {
  const r = (request ?? {}) as Record<string, unknown>;
  const out: UsptoFeeShown[] = [];
  const push = (f: unknown) => {
    const fee = f as UsptoFeeShown | undefined;
    if (fee && typeof fee.citation === 'string') out.push({ citation: fee.citation, title: fee.title, amount: fee.amount ?? null });
  };
  push(r.fee);
  push((r.extension as { fee?: unknown } | undefined)?.fee);
  push(r.issue_fee);
  push(r.publication_fee);
  return out;
}

/** The USPTO fee codes each export's paper carries (the IDS's only in the 1.97(c) or (d) window). */
const FEES_OF: Readonly<Record<string, readonly UsptoFeeCode[]>> = {
  ids: ['ids_1_17_p'],
  rce_transmittal: ['rce_first'],
  notice_of_appeal: ['notice_of_appeal'],
  terminal_disclaimer: ['terminal_disclaimer'],
  issue_fee_transmittal: ['issue_fee_utility', 'publication_fee'],
};

/** POST /api/quote: per export item, the USPTO fees its paper would carry today for the entity size. */
export function usptoFeesQuoted(items: readonly { type: string; form?: string; count?: number }[], entity: EntitySize, today: string) {
  return items.flatMap((item) =>
    (FEES_OF[item.form ?? item.type] ?? []).map((code) => {
      const f = usptoFee(code, entity, today);
      // `verified`: whether the amount was read from the CFR text (uspto-fees.ts), so a page can say when it was not.
      return {
        export: item.form ?? item.type,
        citation: f.citation,
        title: f.title,
        amount: f.amount,
        verified: f.verified,
        per: 'paper',
        ...(code === 'ids_1_17_p' ? { when: 'only when the IDS is filed under 37 CFR 1.97(c) without a statement, or under 1.97(d)' } : {}),
      };
    }),
  );
}
