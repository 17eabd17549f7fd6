import { z } from 'zod';
import type { SpendingCap } from '../commands/spending-cap.ts';
import { formatCredits } from '../domain/money.ts';

/** GET and PATCH /api/account/spending-cap: the owner's daily cap on AI usage and today's spend. */
export const spendingCapSchema = z.object({
  daily_ai_cap: z.string().nullable().describe('Credits per UTC day that analyses may cost; null: no cap'),
  spent_today: z.string().describe('Credits analyses cost so far this UTC day'),
  remaining_today: z.string().nullable().describe('Left under the cap today (never below 0.00); null: no cap'),
  reached: z.boolean().describe('Analyses answer 402 spending_cap_reached until resets_at'),
  resets_at: z.string().describe('The next UTC midnight'),
});
export type SpendingCapWire = z.infer<typeof spendingCapSchema>;

export function presentSpendingCap(c: SpendingCap): SpendingCapWire {
  return {
    daily_ai_cap: c.dailyAiCapMicro === null ? null : formatCredits(c.dailyAiCapMicro),
    spent_today: formatCredits(c.spentTodayMicro < 0n ? 0n : c.spentTodayMicro),
    remaining_today: c.dailyAiCapMicro === null ? null : formatCredits(c.dailyAiCapMicro > c.spentTodayMicro ? c.dailyAiCapMicro - c.spentTodayMicro : 0n),
    reached: c.dailyAiCapMicro !== null && c.spentTodayMicro >= c.dailyAiCapMicro,
    resets_at: c.resetsAt.toISOString(),
  };
}
