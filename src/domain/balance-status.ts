import { credits } from './money.ts';

/**
 * Balance status (spec "Balance status thresholds"; the boundaries are ours, see
 * docs/decisions/interface-gaps.md): healthy above 25; low from 10 to 25 inclusive; very_low from 5 to
 * under 10; critical under 5.
 */
export type BalanceStatus = 'healthy' | 'low' | 'very_low' | 'critical';

export function balanceStatus(balanceMicro: bigint): BalanceStatus {
  if (balanceMicro > credits(25)) return 'healthy';
  if (balanceMicro >= credits(10)) return 'low';
  if (balanceMicro >= credits(5)) return 'very_low';
  return 'critical';
}

/** Statuses at which responses carry X-Purchase-Prompt (spec: "low or worse"). */
export function needsPurchasePrompt(status: BalanceStatus): boolean {
  return status !== 'healthy';
}

/** `billingUrl`: the web app's billing page, `${BASE_URL}/settings/billing`. */
export function purchaseMessage(status: BalanceStatus, balance: string, billingUrl?: string): string {
  const level = status === 'low' ? 'low' : status === 'very_low' ? 'very low' : 'critically low';
  const where = billingUrl ? `at ${billingUrl}` : 'in the web app under Settings > Billing';
  return `Your Prosa credit balance is ${level} (${balance} credits). Buy credits ${where} to keep document exports available.`;
}
