/**
 * The fee and entity-status paragraphs the forms share: each fee with its CFR paragraph and the
 * amount for the entity size, the entity status statement (37 CFR 1.27, 1.29) and the deposit
 * account authorization (37 CFR 1.25(b)).
 */
import type { Paragraph } from 'docx';
import { dollarsDisplay } from '../../domain/uspto-fees.ts';
import { draftingNote, para } from '../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../docx/runs.ts';
import type { EntitySize } from '../types.ts';
import type { FeeLine } from './types.ts';

export const ENTITY_RATE: Record<EntitySize, string> = {
  large: 'undiscounted (large entity)',
  small: 'small entity (37 C.F.R. § 1.27)',
  micro: 'micro entity (37 C.F.R. § 1.29)',
};

/** `$1,500.00` or a counted place when Prosa has no amount for the date. */
export function feeAmount(fee: FeeLine): Inline {
  const shown = dollarsDisplay(fee.amount);
  return shown ? run(shown) : prompt(`amount of the fee under ${fee.citation}`);
}

/** "The fee for X under 37 C.F.R. § N, at the small entity rate, is $Y." */
export function feeStatement(fee: FeeLine, entity: EntitySize, what: string = fee.title.toLowerCase()): Paragraph {
  return para([run(`The fee for ${what} under ${cfr(fee.citation)}, at the ${ENTITY_RATE[entity]} rate, is `), feeAmount(fee), run('.')]);
}

export function entityStatus(entity: EntitySize): Paragraph[] {
  if (entity === 'large') return [];
  return [
    para(
      `Applicant ${entity === 'small' ? 'has established small entity status under 37 C.F.R. § 1.27' : 'has filed a certification of micro entity status under 37 C.F.R. § 1.29'}, which remains in effect.`,
    ),
  ];
}

/** Kept with what follows (the signature block, in every form that ends with it): a signature page never stands without text. */
export function depositAuthorization(depositAccount: string | undefined, what = 'the fees set forth above'): Paragraph {
  return para(
    [
      run(`The Director is authorized to charge ${what}, and any additional fee required for this paper, or credit any overpayment, to Deposit Account No. `),
      depositAccount ? run(depositAccount) : prompt('deposit account number'),
      run(' (37 C.F.R. § 1.25(b)).'),
    ],
    { keepNext: true, keepLines: true },
  );
}

/**
 * A note for the practitioner naming each amount the paper prints that Prosa could not read in a
 * copy of the CFR text (its source is a summary of the fee rule): the paper states an amount, so
 * the signer is told which ones to confirm.
 */
export function unverifiedFeeNote(fees: ReadonlyArray<FeeLine | undefined>): Paragraph[] {
  const seen = new Set<string>();
  const unchecked = fees.filter(
    (f): f is FeeLine => f !== undefined && f.verified === false && f.amount !== null && !seen.has(f.citation) && seen.add(f.citation) !== undefined,
  );
  if (unchecked.length === 0) return [];
  const named = unchecked.map((f) => `the fee under ${cfr(f.citation)} (${dollarsDisplay(f.amount)})`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
  return [
    draftingNote(
      `Prosa could not check ${list} against the text of the regulation (its amount comes from a summary of the USPTO's fee rule): confirm ${unchecked.length === 1 ? 'it' : 'them'} in the USPTO fee schedule in force on the filing date.`,
    ),
  ];
}

/** "37 CFR 1.17(e)(1)" → "37 C.F.R. § 1.17(e)(1)", as the papers cite. */
export function cfr(citation: string): string {
  return citation.replace(/^37 CFR /, '37 C.F.R. § ');
}

/** Sum of fee amounts in dollars, or null when one is unknown. */
export function feeTotal(fees: FeeLine[]): string | null {
  let cents = 0;
  for (const f of fees) {
    if (f.amount === null) return null;
    cents += Math.round(Number(f.amount) * 100);
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
