import { MICRO_PER_CREDIT, credits } from './money.ts';

/**
 * The price list (spec "Credit billing"). Token rates are per 1M tokens and multiplied by the
 * account's model multiplier; exports are fixed prices; packages carry bonus credits.
 */
export const TOKEN_RATES_PER_MILLION = { input: 50, output: 200 } as const;

/** Multipliers are stored in thousandths: 1000 = 1.0. */
const DEFAULT_MULTIPLIER_MILLI = 1000;

/**
 * Cost of a model call in micro-credits, rounded up to the next micro-credit.
 * 50 credits per 1M input tokens is exactly 50 micro-credits per token.
 */
export function tokenCostMicro(inputTokens: number, outputTokens: number, multiplierMilli = DEFAULT_MULTIPLIER_MILLI): bigint {
  if (!Number.isInteger(inputTokens) || !Number.isInteger(outputTokens) || inputTokens < 0 || outputTokens < 0) {
    throw new RangeError('token counts must be non-negative integers');
  }
  const perToken = (rate: number) => (BigInt(rate) * MICRO_PER_CREDIT) / 1_000_000n;
  const base = BigInt(inputTokens) * perToken(TOKEN_RATES_PER_MILLION.input) + BigInt(outputTokens) * perToken(TOKEN_RATES_PER_MILLION.output);
  const scaled = base * BigInt(multiplierMilli);
  return (scaled + 999n) / 1000n;
}

export type ExportType = 'oa_response' | 'ids' | 'form' | 'drawing';

export const EXPORT_PRICES: Record<ExportType, { label: string; priceMicro: bigint }> = {
  oa_response: { label: 'OA Response', priceMicro: credits(49) },
  ids: { label: 'IDS', priceMicro: credits(9) },
  form: { label: 'Form', priceMicro: credits(5) },
  drawing: { label: 'Drawing', priceMicro: credits(5) },
};

export interface CreditPackage {
  id: string;
  /** Price in dollars. */
  price: number;
  /** Credits received, bonus included. */
  credits: number;
  bonus: number;
}

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'pkg_25', price: 25, credits: 25, bonus: 0 },
  { id: 'pkg_100', price: 100, credits: 110, bonus: 10 },
  { id: 'pkg_500', price: 500, credits: 575, bonus: 75 },
  { id: 'pkg_2000', price: 2000, credits: 2400, bonus: 400 },
];

export const WELCOME_CREDITS_MICRO = credits(25);
