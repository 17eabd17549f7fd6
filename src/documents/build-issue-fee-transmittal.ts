/**
 * Issue fee transmittal (the content of PTOL-85 Part B): the issue fee of 37 CFR 1.18(a) and
 * the publication fee of 1.18(d)(1) for the entity size, due three months from the notice of
 * allowance, a period that is not extendable (35 U.S.C. 151(a); 37 CFR 1.311(a)); the names for
 * the front page (box 2) and the assignee (box 3, 37 CFR 3.81(a)). Drafting notes: comments on the
 * statement of reasons for allowance (1.104(e)) and, when the examiner's amendment cancelled claims,
 * a continuation or divisional before the patent issues (35 U.S.C. 120 copendency).
 */
import type { Paragraph } from 'docx';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { formatLongDate } from './format/dates.ts';
import { claimsPhrase } from './format/claim-numbers.ts';
import { draftingNote, heading, para, title } from './docx/paragraphs.ts';
import { countPlaceholders, prompt, run } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { gridTable } from './docx/tables.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkDate } from './validate.ts';
import { cfr, depositAuthorization, ENTITY_RATE, entityStatus, feeTotal, unverifiedFeeNote } from './forms/fee-paragraphs.ts';
import { dollarsDisplay } from '../domain/uspto-fees.ts';
import type { IssueFeeTransmittalInput } from './forms/types.ts';

const ISSUE_FEE_TITLE = 'ISSUE FEE TRANSMITTAL (PTOL-85 PART B)';

export async function buildIssueFeeTransmittal(input: IssueFeeTransmittalInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  checkDate('notice_mailing_date', input.notice_mailing_date);
  checkDate('due_date', input.due_date);
  const fees = [input.issue_fee, input.publication_fee];
  const total = feeTotal(fees);
  const money = (a: string | null) => dollarsDisplay(a) ?? '[amount]';
  const built = countPlaceholders(() => {
    const out: (Paragraph | ReturnType<typeof gridTable>)[] = [
      para(
        `Applicant transmits the fees due under the Notice of Allowance and Fee(s) Due mailed ${formatLongDate(input.notice_mailing_date)}. The issue fee and any publication fee are due on or before ${formatLongDate(input.due_date)}, three months from the mailing of the notice; this period is not extendable (35 U.S.C. 151(a); 37 C.F.R. § 1.311(a)).`,
      ),
      heading(2, 'Fees'),
      gridTable(
        ['Fee', 'Authority', `Amount (${ENTITY_RATE[input.entity_size]})`],
        [...fees.map((f) => [f.title, cfr(f.citation), money(f.amount)]), ['Total', '', money(total)]],
        [4200, 2600, 2560],
      ),
      ...entityStatus(input.entity_size),
      depositAuthorization(input.deposit_account, 'the issue fee and publication fee set forth above'),
      heading(2, 'Printing on the patent front page'),
      para([
        run('Names of up to three registered patent attorneys or agents, or a single firm: '),
        ...(input.printing_names?.length ? [run(input.printing_names.slice(0, 3).join('; '))] : [prompt('names or firm, or leave blank for none')]),
        run('.'),
      ]),
      para([
        run('Assignee to be printed on the patent: '),
        ...(input.assignee
          ? [run(`${input.assignee.name}${input.assignee.residence ? `, ${input.assignee.residence}` : ''}`)]
          : [prompt('assignee name and residence (city and state or country), or "none"')]),
        run(
          '. Inclusion of assignee data is only appropriate when an assignment has been previously submitted to the USPTO or is being submitted under separate cover (37 C.F.R. § 3.81(a)).',
        ),
      ]),
      ...signatureBlock(input.date, input.practitioner, 'Authorized signature,'),
    ];
    return out;
  });
  const notes = [
    draftingNote(
      "Comments on the examiner's statement of reasons for allowance, if any, should be filed no later than the payment of the issue fee; failure to comment does not give rise to any implication (37 C.F.R. § 1.104(e)). Consider whether an information disclosure statement or a continuing application is needed: after the issue fee is paid an IDS is not considered, and a continuation or divisional must be filed before the patent issues.",
    ),
    ...(input.claims_cancelled_by_examiner?.length
      ? [
          draftingNote(
            `The examiner's amendment cancelled ${claimsPhrase(input.claims_cancelled_by_examiner)}: to pursue ${input.claims_cancelled_by_examiner.length === 1 ? 'it' : 'them'}, file a continuation or divisional application while this application is pending, before the patent issues (35 U.S.C. 120).`,
          ),
        ]
      : []),
    ...unverifiedFeeNote([input.issue_fee, input.publication_fee]),
    ...(built.placeholders > 0
      ? [
          draftingNote(
            `${built.placeholders} highlighted, bracketed ${built.placeholders === 1 ? 'place needs' : 'places need'} the practitioner's text before filing.`,
          ),
        ]
      : []),
  ];
  return renderPaper({
    title: ISSUE_FEE_TITLE,
    date: input.date,
    children: [...captionBlock(caption), title(ISSUE_FEE_TITLE), ...notes, ...built.value],
    headerLines: captionHeaderLines(caption, 'Issue Fee Transmittal'),
    template: input.template,
  });
}
