/**
 * Money is integer micro-credits (1 credit = 1,000,000) held in bigint, so sums never drift.
 * One credit is one US dollar of value (spec: "Currency amounts are in dollars").
 */
export const MICRO_PER_CREDIT = 1_000_000n;

/** Whole or decimal credits ("25", "25.5", "0.000001") to micro-credits; null if not a valid amount. */
export function parseCredits(input: string | number): bigint | null {
  const s = typeof input === 'number' ? (Number.isFinite(input) ? input.toFixed(6) : '') : input.trim();
  const m = /^(-)?(\d{1,12})(?:\.(\d{1,6}))?$/.exec(s);
  if (!m) return null;
  const micro = BigInt(m[2]) * MICRO_PER_CREDIT + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -micro : micro;
}

export function credits(whole: number): bigint {
  return BigInt(whole) * MICRO_PER_CREDIT;
}

/**
 * Exact decimal string with at least two and at most six decimals: 25000000n → "25.00",
 * 24596500n → "24.5965". Used for `balance` in JSON bodies.
 */
export function formatCredits(micro: bigint): string {
  const neg = micro < 0n;
  const abs = neg ? -micro : micro;
  const whole = abs / MICRO_PER_CREDIT;
  let frac = (abs % MICRO_PER_CREDIT).toString().padStart(6, '0').replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

/**
 * Two decimals, rounded down (towards minus infinity) so a balance is never overstated:
 * used for the X-Credit-Balance header.
 */
export function formatCredits2(micro: bigint): string {
  const cent = 10_000n;
  let cents = micro / cent;
  if (micro < 0n && micro % cent !== 0n) cents -= 1n;
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * A decimal credit string as a person reads it: two decimals, rounded down like the
 * X-Credit-Balance header ("24.22595" → "24.22"). Issue 10: "the balance is shown with two
 * decimals everywhere" people read it (tool summaries, CLI lines, messages); JSON fields keep
 * the spec's full precision. A string that is not an amount is returned unchanged.
 */
export function creditsText(decimal: string): string {
  const micro = parseCredits(decimal);
  return micro === null ? decimal : formatCredits2(micro);
}
