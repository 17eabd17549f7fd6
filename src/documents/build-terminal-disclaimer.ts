/**
 * Terminal disclaimer to obviate a nonstatutory double patenting rejection (37 CFR 1.321(b) and
 * (c); content of PTO/AIA/25 over a prior patent and PTO/AIA/26 over a reference application):
 * the owner disclaims the term beyond the reference's full statutory term, agrees that the patent
 * is enforceable only while commonly owned with the reference (1.321(c)(3)), and the paper is
 * signed per 1.321(b)(1)(iv) with the fee of 1.20(d). The reference is the one the rejection
 * names, never "claim 1" (issue 11, finding 5).
 */
import { formatApplicationNumber, normalizeApplicationNumber } from '../domain/application-number.ts';
import { formatUsPatentNumber } from './ids/sb08-list.ts';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { draftingNote, para, title } from './docx/paragraphs.ts';
import { countPlaceholders, prompt, run } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkDate, DocumentInputError } from './validate.ts';
import { cfr, depositAuthorization, feeAmount, unverifiedFeeNote } from './forms/fee-paragraphs.ts';
import type { TerminalDisclaimerInput } from './forms/types.ts';

const TD_TITLE = 'TERMINAL DISCLAIMER TO OBVIATE A DOUBLE PATENTING REJECTION UNDER 37 C.F.R. § 1.321(c)';

/** "U.S. Patent No. 10,123,456" or "Application No. 17/123,456", refusing a number that is neither. */
export function referenceName(ref: TerminalDisclaimerInput['reference']): string {
  if (ref.kind === 'patent') {
    const digits = ref.number
      .replace(/^US\s*/i, '')
      .replace(/[,\s]/g, '')
      .replace(/[A-Z]\d?$/i, '');
    if (!/^(RE)?\d{5,8}$/i.test(digits)) throw new DocumentInputError(`reference.number must be a U.S. patent number, got ${JSON.stringify(ref.number)}`);
    return `U.S. Patent No. ${formatUsPatentNumber(digits)}`;
  }
  const n = normalizeApplicationNumber(ref.number);
  if (!n) throw new DocumentInputError(`reference.number must be a U.S. application number, got ${JSON.stringify(ref.number)}`);
  return `Application No. ${formatApplicationNumber(n)}`;
}

export async function buildTerminalDisclaimer(input: TerminalDisclaimerInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  const ref = referenceName(input.reference);
  const pct = input.owner.percent_interest;
  if (pct !== undefined && (!(pct > 0) || pct > 100)) throw new DocumentInputError('owner.percent_interest must be more than 0 and at most 100');
  const owner = input.owner.name ? run(input.owner.name) : prompt('name of the owner (applicant or assignee)');
  const interest = pct !== undefined ? run(`${pct} percent`) : prompt('percent');
  const term =
    input.reference.kind === 'patent'
      ? `the full statutory term of prior ${ref}`
      : `the full statutory term of any patent granted on pending reference ${ref}, as the term of any patent granted on that reference application may be shortened by any terminal disclaimer filed before the grant of any patent on it`;
  const built = countPlaceholders(() => [
    para([
      run('The owner, '),
      owner,
      run(', of '),
      interest,
      run(
        ' interest in the instant application hereby disclaims, except as provided below, the terminal part of the statutory term of any patent granted on the instant application which would extend beyond the expiration date of ',
      ),
      run(
        `${term}. The owner hereby agrees that any patent so granted on the instant application shall be enforceable only for and during such period that it and ${input.reference.kind === 'patent' ? 'the prior patent are' : 'any patent granted on the reference application are'} commonly owned (37 C.F.R. § 1.321(c)(3)). This agreement runs with any patent granted on the instant application and is binding upon the grantee, its successors or assigns.`,
      ),
    ]),
    para(
      `In making the above disclaimer, the owner does not disclaim the terminal part of the term of any patent granted on the instant application that would extend to the expiration date of ${input.reference.kind === 'patent' ? 'the full statutory term of the prior patent' : 'the full statutory term of any patent granted on the reference application'}, "as the term of ${input.reference.kind === 'patent' ? 'said prior patent' : 'any patent granted on said reference application'} is presently shortened by any terminal disclaimer," in the event that it later expires for failure to pay a maintenance fee, is held unenforceable, is found invalid by a court of competent jurisdiction, is statutorily disclaimed in whole or terminally disclaimed under 37 C.F.R. § 1.321, has all claims canceled by a reexamination certificate, is reissued, or is in any manner terminated prior to the expiration of its full statutory term as presently shortened by any terminal disclaimer.`,
    ),
    // 1.20(d) has one amount for every entity size: no rate is named.
    para([run(`The fee for a terminal disclaimer under ${cfr(input.fee.citation)} is `), feeAmount(input.fee), run('.')]),
    depositAuthorization(input.deposit_account, 'the fee set forth above'),
    para([
      run('The undersigned is '),
      prompt('an attorney or agent of record, or the applicant, or the assignee with a statement under 37 C.F.R. § 3.73(c)'),
      run(' (37 C.F.R. § 1.321(b)(1)(iv)).'),
    ]),
    ...signatureBlock(input.date, input.practitioner, 'Signed,'),
  ]);
  const notes = [
    draftingNote(
      `Filed in Patent Center as an eTerminal Disclaimer (eTD), a disclaimer that meets the form's conditions is recorded and approved at once; a paper disclaimer waits for review by the Office. The disclaimer is over ${ref}, the reference the double patenting rejection names; it answers only that ground. The fee of ${input.fee.citation} has no small or micro entity reduction.`,
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
    title: TD_TITLE,
    date: input.date,
    children: [...captionBlock(caption), title(TD_TITLE), ...notes, ...built.value],
    headerLines: captionHeaderLines(caption, 'Terminal Disclaimer'),
    template: input.template,
  });
}
