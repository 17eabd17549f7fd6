/** Numbers in prose. */

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "two (2)": the form petitions and papers use for periods. */
export function wordAndDigit(n: number): string {
  return WORDS[n] ? `${WORDS[n]} (${n})` : String(n);
}

/** 0.643 → "64%". Rates are fractions from 0 to 1. */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** "1,234.00" from "1234.00" or 1234. */
export function formatDollarAmount(amount: string | number): string {
  const [whole, cents = '00'] = String(amount).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0').slice(0, 2)}`;
}
