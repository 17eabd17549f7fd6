/**
 * Excess claims fees when claims are rewritten in independent form (37 CFR 1.16(h), (i); MPEP
 * 607, 714.10): a fee for each independent claim over three and each claim over twenty, or over
 * the highest number already paid for when that is more. Rewriting a dependent claim in
 * independent form adds an independent claim but no claim. Only what the claims held (or the
 * action) say is counted: a claim whose dependency is unknown is named as unknown, and the number
 * of fees is then given as a range, never guessed. The highest number previously paid for is not
 * on record: the counts assume it is the larger of three (twenty) and the number now pending, and
 * the sentence says so. Pure.
 */
import { claimsPhrase, verbFor } from '../format/claim-numbers.ts';
import { dollarsDisplay } from '../../domain/uspto-fees.ts';
import type { FeeLine } from './types.ts';

export interface ClaimForFees {
  claim_number: number;
  /** true independent, false dependent, null not known. */
  independent: boolean | null;
  /** Pending before this reply (withdrawn claims are pending and paid for). */
  pending_before: boolean;
  pending_after: boolean;
  /** Rewritten in independent form by this reply. */
  rewritten: boolean;
}

export interface ExcessClaims {
  rewritten: number[];
  /** Independent after the reply, as far as known (the rewritten ones included). */
  independent_after: number[];
  /** Pending after the reply, independence not known. */
  unknown: number[];
  /** Excess independent claim fees due, fewest and most over the unknown claims (equal when all are known). */
  independent_fees: { min: number; max: number };
  total_before: number;
  total_after: number;
  /** Fees for claims over twenty (or over the number pending before). */
  total_fees: number;
}

export function countExcessClaims(claims: readonly ClaimForFees[]): ExcessClaims | null {
  const rewritten = claims.filter((c) => c.rewritten && c.pending_after).map((c) => c.claim_number);
  if (!rewritten.length) return null;
  const isRewritten = new Set(rewritten);
  const before = claims.filter((c) => c.pending_before && c.independent === true && !isRewritten.has(c.claim_number)).length;
  const after = claims.filter((c) => c.pending_after && (c.independent === true || isRewritten.has(c.claim_number))).map((c) => c.claim_number);
  const unknownBefore = claims.filter((c) => c.pending_before && c.independent === null && !isRewritten.has(c.claim_number)).length;
  const unknown = claims.filter((c) => c.pending_after && c.independent === null && !isRewritten.has(c.claim_number)).map((c) => c.claim_number);
  // x of the unknown claims independent (they are independent before and after alike).
  const fees = (x: number) => Math.max(0, after.length + x - Math.max(3, before + Math.min(x, unknownBefore)));
  const counts = Array.from({ length: unknown.length + 1 }, (_, x) => fees(x));
  const totalBefore = claims.filter((c) => c.pending_before).length;
  const totalAfter = claims.filter((c) => c.pending_after).length;
  return {
    rewritten,
    independent_after: after,
    unknown,
    independent_fees: { min: Math.min(...counts), max: Math.max(...counts) },
    total_before: totalBefore,
    total_after: totalAfter,
    total_fees: Math.max(0, totalAfter - Math.max(20, totalBefore)),
  };
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const count = (n: number) => NUMBER_WORDS[n] ?? String(n);

const money = (fee: FeeLine, n: number) => (fee.amount === null ? null : dollarsDisplay(((Math.round(Number(fee.amount) * 100) * n) / 100).toFixed(2)));
const cite = (fee: FeeLine) => fee.citation.replace(/^37 CFR /, '37 C.F.R. § ');

/** "two fees of $240.00 each ($480.00)", or "two to four fees of $240.00 each ($480.00 to $960.00)". */
function fees(min: number, max: number, fee: FeeLine): string {
  const each = money(fee, 1);
  const howMany = min === max ? count(max) : `${count(min)} to ${count(max)}`;
  const plural = max === 1 ? 'fee' : 'fees';
  if (!each) return `${howMany} ${plural} under ${cite(fee)} (the amount is not in Prosa's fee table for this date)`;
  if (max === 1 && min === 1) return `one fee of ${each}`;
  return `${howMany} ${plural} of ${each} each (${min === max ? money(fee, max) : `${money(fee, min)} to ${money(fee, max)}`})`;
}

/**
 * What the rewriting costs in excess claims fees, in sentences for a letter or a drafting note:
 * the independent claims after it, the fees due under 1.16(h) (a range when some claims'
 * dependency is unknown) and under 1.16(i).
 */
export function excessClaimsSentences(x: ExcessClaims, independentFee: FeeLine, totalFee: FeeLine): string {
  const out: string[] = [];
  const n = x.independent_after.length;
  const unknown = x.unknown.length ? `; whether ${claimsPhrase(x.unknown)} ${verbFor(x.unknown, 'is', 'are')} independent is not known` : '';
  out.push(
    `Rewriting ${claimsPhrase(x.rewritten)} in independent form adds ${count(x.rewritten.length)} independent claim${x.rewritten.length === 1 ? '' : 's'}: the application would then have ${x.unknown.length ? 'at least ' : ''}${count(n)} independent claim${n === 1 ? '' : 's'} (${claimsPhrase(x.independent_after)}${unknown}).`,
  );
  const { min, max } = x.independent_fees;
  const rule =
    'The USPTO charges an excess claims fee for each independent claim over three, or over the highest number already paid for if that is more (37 C.F.R. § 1.16(h))';
  if (max === 0) out.push(`${rule}; with no more than three independent claims, none is due for the rewriting.`);
  else if (min === max)
    out.push(
      `${rule}: ${fees(max, max, independentFee)} would be due, unless more than ${count(Math.max(3, n - max))} independent claims were paid for earlier.`,
    );
  else
    out.push(
      `${rule}: depending on whether ${claimsPhrase(x.unknown)} ${verbFor(x.unknown, 'is', 'are')} independent, ${fees(min, max, independentFee)} would be due, fewer if more independent claims were paid for earlier.`,
    );
  if (x.total_fees > 0)
    out.push(
      `The application would have ${x.total_after} claims, more than twenty: ${fees(x.total_fees, x.total_fees, totalFee)} under 37 C.F.R. § 1.16(i) would be due, unless more claims were paid for earlier.`,
    );
  else if (x.total_after <= x.total_before) out.push('Rewriting adds no claim, so no fee for claims over twenty arises from it (37 C.F.R. § 1.16(i)).');
  return out.join(' ');
}
