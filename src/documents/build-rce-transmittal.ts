/**
 * Request for continued examination (37 CFR 1.114), the content of form PTO/SB/30: the action that
 * closed prosecution, the submission (1.114(c): a reply previously filed, or what is enclosed), the
 * fee of 1.17(e)(1) or (e)(2) for the entity size, an enclosed IDS (filed with an RCE it is in the
 * 1.97(b) window again), and an extension of time when the period for reply has run.
 */
import type { Paragraph } from 'docx';
import { dollarsDisplay } from '../domain/uspto-fees.ts';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { formatLongDate } from './format/dates.ts';
import { wordAndDigit } from './format/numbers.ts';
import { draftingNote, heading, para, title } from './docx/paragraphs.ts';
import { countPlaceholders, run } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { actionDescription } from './response-title.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkDate, DocumentInputError } from './validate.ts';
import { cfr, depositAuthorization, entityStatus, feeAmount, feeStatement, unverifiedFeeNote } from './forms/fee-paragraphs.ts';
import type { ExtensionLine, RceSubmissionItem, RceTransmittalInput } from './forms/types.ts';

const RCE_TITLE = 'REQUEST FOR CONTINUED EXAMINATION (RCE) TRANSMITTAL UNDER 37 C.F.R. § 1.114';

const ITEMS: Record<RceSubmissionItem, string> = {
  amendment: 'Amendment/Reply',
  ids: 'Information Disclosure Statement (IDS)',
  declaration: 'Affidavit(s)/Declaration(s)',
};

export function extensionParagraphs(ext: ExtensionLine | undefined, officeAction: string): Paragraph[] {
  if (!ext) return [];
  return [
    para([
      run(
        `Applicant petitions for an extension of time of ${wordAndDigit(ext.months)} ${ext.months === 1 ? 'month' : 'months'} under 37 C.F.R. § 1.136(a) for reply to the ${officeAction}, to ${formatLongDate(ext.extended_due)}. The fee under ${cfr(ext.fee.citation)} is `,
      ),
      feeAmount(ext.fee),
      run('.'),
    ]),
  ];
}

export async function buildRceTransmittal(input: RceTransmittalInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  checkDate('office_action.mailing_date', input.office_action.mailing_date);
  if (!Number.isInteger(input.request_number) || input.request_number < 1) throw new DocumentInputError('request_number must be 1 or more');
  const enclosed = input.submission.enclosed ?? [];
  if (!input.submission.previously_filed_on && enclosed.length === 0 && !input.submission.other) {
    throw new DocumentInputError('an RCE needs a submission (37 CFR 1.114(c)): a reply previously filed, or an amendment, IDS or declaration enclosed');
  }
  const action = `${actionDescription(input.office_action.kind)} mailed ${formatLongDate(input.office_action.mailing_date)}`;
  const built = countPlaceholders(() => [
    para(`Applicant requests continued examination of the above-identified application under 37 C.F.R. § 1.114. Prosecution was closed by the ${action}.`),
    heading(2, '1. Submission required under 37 C.F.R. § 1.114'),
    ...(input.submission.previously_filed_on
      ? [
          para(
            `Previously submitted: the reply filed ${formatLongDate(input.submission.previously_filed_on)} is to be entered and considered as the submission. Any amendment filed after the final action may be considered as a submission.`,
          ),
        ]
      : []),
    ...(enclosed.length ? [para(`Enclosed: ${enclosed.map((e) => ITEMS[e]).join('; ')}.`)] : []),
    ...(input.submission.other ? [para(`Other: ${input.submission.other}`)] : []),
    ...(enclosed.includes('ids')
      ? [
          para(
            'The enclosed information disclosure statement is filed with this request and before the mailing of a first Office action after it (37 C.F.R. § 1.97(b)(4)): no statement under 37 C.F.R. § 1.97(e) and no fee under 37 C.F.R. § 1.17(p) is required.',
          ),
        ]
      : []),
    heading(2, '2. Fees'),
    feeStatement(
      input.fee,
      input.entity_size,
      input.request_number === 1 ? 'a first request for continued examination' : 'a second or subsequent request for continued examination',
    ),
    ...extensionParagraphs(input.extension, action),
    ...entityStatus(input.entity_size),
    depositAuthorization(input.deposit_account),
    ...signatureBlock(input.date, input.practitioner),
  ]);
  const notes = [
    ...unverifiedFeeNote([input.fee, input.extension?.fee]),
    ...(built.placeholders > 0
      ? [
          draftingNote(
            `${built.placeholders} highlighted, bracketed ${built.placeholders === 1 ? 'place needs' : 'places need'} the practitioner's text before filing. File this transmittal in Patent Center with the submission; the fee under ${cfr(input.fee.citation)} is ${dollarsDisplay(input.fee.amount) ?? "not in Prosa's table for this date"}.`,
          ),
        ]
      : []),
  ];
  return renderPaper({
    title: RCE_TITLE,
    date: input.date,
    children: [...captionBlock(caption), title(RCE_TITLE), ...notes, ...built.value],
    headerLines: captionHeaderLines(caption, 'RCE Transmittal'),
    template: input.template,
  });
}
