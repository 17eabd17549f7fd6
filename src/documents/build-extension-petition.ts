/**
 * Petition for extension of time under 37 CFR 1.136(a): the months requested (one to five,
 * 1.136(a)(1)), the period extended (dates computed by the caller's deadline engine), the fee of
 * 37 CFR 1.17(a)(n) for the entity size, in force on the date of the petition (the fee due is the
 * one in force when it is paid; 1.136(a)(2) dates the extension by the filing of petition and fee),
 * and the authorization to charge a deposit account.
 */
import { extensionFee } from '../domain/deadlines/fees.ts';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { formatDayAndDate, formatLongDate, rollReasons } from './format/dates.ts';
import { formatDollarAmount, wordAndDigit } from './format/numbers.ts';
import { para, title } from './docx/paragraphs.ts';
import { prompt, run } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { actionDescription } from './response-title.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkDate, DocumentInputError } from './validate.ts';
import type { EntitySize, ExtensionPetitionInput } from './types.ts';

export const PETITION_TITLE = 'PETITION FOR EXTENSION OF TIME UNDER 37 C.F.R. § 1.136(a)';

const ENTITY: Record<EntitySize, string> = {
  large: 'undiscounted (large entity)',
  small: 'small entity (37 C.F.R. § 1.27)',
  micro: 'micro entity (37 C.F.R. § 1.29)',
};

/** The fee for the petition: the caller's amount, else the 37 CFR 1.17(a) table in force on the petition date. */
export function petitionFee(input: Pick<ExtensionPetitionInput, 'months' | 'entity_size' | 'petition_date' | 'fee_amount'>): string {
  if (input.fee_amount) return formatDollarAmount(input.fee_amount);
  const fees = extensionFee(input.months, input.petition_date);
  if (!fees) throw new DocumentInputError(`no 37 CFR 1.17(a) fee is on record for ${input.petition_date}; pass fee_amount`);
  return formatDollarAmount(fees[input.entity_size]);
}

/**
 * The petition states the periods as counted; a last day that falls on a weekend or holiday is
 * noted, not substituted, with the days named as the deadline engine's calendar gives them (the
 * weekday of each, the holiday's name) and the engine's own next business day.
 */
function rolledNote(input: ExtensionPetitionInput) {
  const e = input.period.extended_due_effective;
  if (!e || e === input.period.extended_due) return [];
  const why = rollReasons(input.period.extended_due, e);
  return [
    para(
      `The extended period ends on ${formatDayAndDate(input.period.extended_due)}. ${why ? `${why[0].toUpperCase()}${why.slice(1)}, so a` : 'A'} reply filed on ${formatDayAndDate(e)}, the next succeeding business day, is timely (35 U.S.C. 21(b); 37 C.F.R. § 1.7(a)).`,
    ),
  ];
}

export async function buildExtensionPetition(input: ExtensionPetitionInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > 5) {
    throw new DocumentInputError(`months must be 1 to 5 (37 CFR 1.136(a)(1)), got ${input.months}`);
  }
  if (!(input.entity_size in ENTITY)) throw new DocumentInputError(`entity_size must be large, small or micro, got ${JSON.stringify(input.entity_size)}`);
  for (const [f, v] of [
    ['office_action.mailing_date', input.office_action.mailing_date],
    ['period.reply_due', input.period.reply_due],
    ['period.extended_due', input.period.extended_due],
    ['petition_date', input.petition_date],
  ] as const)
    checkDate(f, v);
  if (input.period.extended_due <= input.period.reply_due) throw new DocumentInputError('period.extended_due must be after period.reply_due');

  const fee = petitionFee(input);
  const months = wordAndDigit(input.months);
  const monthWord = input.months === 1 ? 'month' : 'months';
  const citation = `37 C.F.R. § 1.17(a)(${input.months})`;
  const children = [
    ...captionBlock(caption),
    title(PETITION_TITLE),
    para(
      `Applicant petitions for an extension of time of ${months} ${monthWord} under 37 C.F.R. § 1.136(a) for reply to the ${actionDescription(input.office_action.kind)} mailed ${formatLongDate(input.office_action.mailing_date)}, ` +
        `extending the period for reply from ${formatLongDate(input.period.reply_due)} to ${formatLongDate(input.period.extended_due)}.`,
    ),
    para(`The fee for an extension of ${months} ${monthWord} under ${citation}, at the ${ENTITY[input.entity_size]} rate, is $${fee}.`),
    ...(input.entity_size === 'large'
      ? []
      : [
          para(
            `Applicant ${input.entity_size === 'small' ? 'has established small entity status under 37 C.F.R. § 1.27' : 'has filed a certification of micro entity status under 37 C.F.R. § 1.29'}, which remains in effect.`,
          ),
        ]),
    para([
      run(`The Director is authorized to charge the fee of $${fee}, and any further fee required for this extension, to Deposit Account No. `),
      input.deposit_account ? run(input.deposit_account) : prompt('deposit account number'),
      run('.'),
    ]),
    para('The period of extension and the fee are determined by the date on which this petition and the fee are filed (37 C.F.R. § 1.136(a)(2)).'),
    ...rolledNote(input),
    ...signatureBlock(input.petition_date, input.practitioner),
  ];
  return renderPaper({
    title: PETITION_TITLE,
    date: input.petition_date,
    children,
    headerLines: captionHeaderLines(caption, 'Petition for Extension of Time'),
    template: input.template,
  });
}
