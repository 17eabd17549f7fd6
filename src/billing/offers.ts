import { CREDIT_PACKAGES } from '../domain/pricing.ts';
import { credits } from '../domain/money.ts';
import { validationError } from '../errors.ts';

/** Custom top-ups: whole dollars, credits 1:1, no bonus. */
export const CUSTOM_MIN_DOLLARS = 10;
export const CUSTOM_MAX_DOLLARS = 10_000;
export const CURRENCY = 'usd';

export interface Offer {
  packageId: string | null;
  amountCents: number;
  /** The paid part, credited 1:1. */
  creditsMicro: bigint;
  /** A package's bonus, credited as its own ledger line. */
  bonusMicro: bigint;
  label: string;
}

/**
 * The price of what the client asked for, set here on the server: the client names a package
 * or a whole-dollar amount, never a price or a credit count.
 */
export function offerFor(req: { package_id?: string; amount?: number }): Offer {
  if (req.package_id !== undefined && req.amount !== undefined) throw validationError('body', 'name either package_id or amount, not both');
  if (req.package_id !== undefined) {
    const pkg = CREDIT_PACKAGES.find((p) => p.id === req.package_id);
    if (!pkg) throw validationError('package_id', `must be one of ${CREDIT_PACKAGES.map((p) => p.id).join(', ')}`);
    return {
      packageId: pkg.id,
      amountCents: pkg.price * 100,
      creditsMicro: credits(pkg.price),
      bonusMicro: credits(pkg.bonus),
      label: `${pkg.credits.toLocaleString('en-US')} Prosa credits${pkg.bonus ? ` (${pkg.bonus.toLocaleString('en-US')} bonus)` : ''}`,
    };
  }
  const amount = req.amount;
  if (amount === undefined) throw validationError('body', 'name a package_id or an amount');
  if (!Number.isInteger(amount) || amount < CUSTOM_MIN_DOLLARS || amount > CUSTOM_MAX_DOLLARS) {
    throw validationError('amount', `must be a whole number of dollars from ${CUSTOM_MIN_DOLLARS} to ${CUSTOM_MAX_DOLLARS.toLocaleString('en-US')}`);
  }
  return {
    packageId: null,
    amountCents: amount * 100,
    creditsMicro: credits(amount),
    bonusMicro: 0n,
    label: `${amount.toLocaleString('en-US')} Prosa credits`,
  };
}
