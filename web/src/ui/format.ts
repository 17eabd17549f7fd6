import { format, parseISO } from 'date-fns';
import { formatApplicationNumber } from '../../../src/domain/application-number.ts';

/** An application number as practitioners write it: 17/200,011 (the URL keeps the 8 digits). */
export function fmtAppNo(n: string | null | undefined): string {
  return n ? formatApplicationNumber(n) : '—';
}

/** "Nov 24, 2026" from an ISO date or timestamp. */
export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  try {
    return format(parseISO(iso), 'MMM d, yyyy');
  } catch {
    return iso;
  }
}

export function fmtDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  try {
    return format(parseISO(iso), 'MMM d, yyyy HH:mm');
  } catch {
    return iso;
  }
}

/** Credits always with two decimals: "25.00". */
export function fmtCredits(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(v);
}

/**
 * A balance with two decimals, rounded down like the server's X-Credit-Balance header and tool
 * texts ("24.22595" → "24.22"), so no surface shows a balance higher than the account has.
 */
export function fmtBalance(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) return String(v);
  // Through a fixed 6-decimal string: Math.floor(24.22595 * 100) is exact there, not in binary.
  const [whole, frac = ''] = Math.abs(n).toFixed(6).split('.');
  let cents = BigInt(whole!) * 100n + BigInt(frac.slice(0, 2));
  if (n < 0 && Number(frac.slice(2)) > 0) cents += 1n;
  return fmtCredits(`${n < 0 && cents > 0n ? '-' : ''}${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`);
}

/** A USPTO fee in dollars as the server sends it ("1500.00") shown as "$1,500.00". */
export function fmtUsd(amount: string): string {
  const n = Number(amount);
  return Number.isFinite(n) ? `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : `$${amount}`;
}
