/**
 * Notice of appeal (37 CFR 41.31): the applicant appeals from the last decision of the examiner to
 * the Patent Trial and Appeal Board; the claims must have been twice rejected (41.31(a)(1), checked
 * by the caller from the docket). Fee 41.20(b)(1) for the entity size; the appeal brief is due two
 * months from the notice's filing (41.37(a)), extendable under 1.136(a).
 */
import { captionBlock, captionHeaderLines } from './caption.ts';
import { formatLongDate } from './format/dates.ts';
import { claimsPhrase } from './format/claim-numbers.ts';
import { draftingNote, para, title } from './docx/paragraphs.ts';
import { countPlaceholders } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { actionDescription } from './response-title.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkDate } from './validate.ts';
import { depositAuthorization, entityStatus, feeStatement, unverifiedFeeNote } from './forms/fee-paragraphs.ts';
import { extensionParagraphs } from './build-rce-transmittal.ts';
import type { NoticeOfAppealInput } from './forms/types.ts';
import { addMonths } from '../domain/deadlines/calendar.ts';

const APPEAL_TITLE = 'NOTICE OF APPEAL FROM THE EXAMINER TO THE PATENT TRIAL AND APPEAL BOARD UNDER 37 C.F.R. § 41.31';

export async function buildNoticeOfAppeal(input: NoticeOfAppealInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  checkDate('office_action.mailing_date', input.office_action.mailing_date);
  const action = `${actionDescription(input.office_action.kind)} mailed ${formatLongDate(input.office_action.mailing_date)}`;
  const claims = input.claims?.length ? claimsPhrase(input.claims) : 'the claims';
  const built = countPlaceholders(() => [
    para(
      `Applicant hereby appeals to the Patent Trial and Appeal Board from the last decision of the examiner rejecting ${claims}, in the ${action}. The claims have been twice rejected (37 C.F.R. § 41.31(a)(1)).`,
    ),
    feeStatement(input.fee, input.entity_size, 'filing a notice of appeal'),
    ...extensionParagraphs(input.extension, action),
    ...entityStatus(input.entity_size),
    ...(input.with_pre_appeal_request ? [para('A Pre-Appeal Brief Request for Review is filed with this notice of appeal.')] : []),
    depositAuthorization(input.deposit_account),
    ...signatureBlock(input.date, input.practitioner),
  ]);
  const briefDue = addMonths(input.date, 2);
  const notes = [
    draftingNote(
      `The appeal brief is due two months from the filing of this notice, ${formatLongDate(briefDue)} if filed ${formatLongDate(input.date)} (37 C.F.R. § 41.37(a)); the time may be extended under 37 C.F.R. § 1.136(a). No fee is due with the brief (37 C.F.R. § 41.20(b)(2)); the forwarding fee of 37 C.F.R. § 41.20(b)(4) is due after the examiner's answer.`,
    ),
    ...unverifiedFeeNote([input.fee]),
    ...(built.placeholders > 0
      ? [
          draftingNote(
            `${built.placeholders} highlighted, bracketed ${built.placeholders === 1 ? 'place needs' : 'places need'} the practitioner's text before filing.`,
          ),
        ]
      : []),
  ];
  return renderPaper({
    title: APPEAL_TITLE,
    date: input.date,
    children: [...captionBlock(caption), title(APPEAL_TITLE), ...notes, ...built.value],
    headerLines: captionHeaderLines(caption, 'Notice of Appeal'),
    template: input.template,
  });
}
