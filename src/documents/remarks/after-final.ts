/**
 * After a final rejection: the request for entry under 37 CFR 1.116, and notes on timing and the
 * options that remain. 37 CFR 1.116(b): an amendment after final may be admitted if it (1) cancels
 * claims or complies with a requirement of form expressly set forth in a previous action, (2)
 * presents rejected claims in better form for appeal, or (3) touches the merits, on a showing of
 * good and sufficient reasons why it is necessary and was not earlier presented.
 */
import type { Paragraph } from 'docx';
import { addMonths } from '../../domain/deadlines/calendar.ts';
import { nextBusinessDay } from '../../domain/deadlines/business-days.ts';
import { formatLongDate } from '../format/dates.ts';
import { claimsPhrase } from '../format/claim-numbers.ts';
import { draftingNote, para } from '../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../docx/runs.ts';
import type { AmendmentPlan } from '../amendment-plan.ts';
import type { IsoDate } from '../types.ts';

/** The last day on which a request under AFCP 2.0 could be filed (89 FR 79899). */
const AFCP_LAST_DAY = '2024-12-14';

export function afterFinalRemarks(plan: AmendmentPlan, finalMailed: IsoDate, responseDate: IsoDate): Paragraph[] {
  const kinds = (k: string) => plan.claims.filter((c) => c.change.kind === k).map((c) => c.claim_number);
  const canceled = [...kinds('canceled'), ...kinds('canceled_into')];
  const allowable = [...kinds('incorporates'), ...kinds('rewritten_independent')];
  const conforming = kinds('dependency_updated');
  const merits = kinds('narrowed');
  const out: Paragraph[] = [];

  if (!plan.changes_claims) {
    out.push(para('This reply presents arguments only and amends no claim. Reconsideration and withdrawal of the final rejection are requested.'));
  } else {
    // 37 CFR 1.116(b): (1) cancelling claims or complying with a requirement of form expressly set
    // forth in a previous action; (2) presenting rejected claims in better form for appeal; (3) an
    // amendment touching the merits, on a showing of good and sufficient reasons why it is necessary
    // and was not earlier presented. Rewriting claims indicated allowable is entered as placing the
    // application in condition for allowance (MPEP 714.13).
    const reasons: string[] = [];
    if (canceled.length) reasons.push(`cancels ${claimsPhrase(canceled)} (37 C.F.R. § 1.116(b)(1))`);
    if (allowable.length)
      reasons.push(
        `presents ${claimsPhrase(allowable)} with only the subject matter the Office Action indicated allowable, placing ${allowable.length === 1 ? 'that claim' : 'those claims'} in condition for allowance (MPEP 714.13)`,
      );
    if (conforming.length)
      reasons.push(
        `conforms the dependency of ${claimsPhrase(conforming)} to the claims as amended, presenting ${conforming.length === 1 ? 'it' : 'them'} in better form for consideration on appeal (37 C.F.R. § 1.116(b)(2))`,
      );
    const children: Inline[] = [];
    if (reasons.length) {
      children.push(
        run(
          `Entry of this amendment under 37 C.F.R. § 1.116 is respectfully requested. The amendment ${reasons.join('; ')}. It requires no further search or consideration.`,
        ),
      );
    }
    if (merits.length) {
      children.push(
        run(
          `${reasons.length ? ' ' : 'Entry of this amendment under 37 C.F.R. § 1.116 is respectfully requested. '}The amendment of ${claimsPhrase(merits)} touches the merits; it is necessary and was not earlier presented because `,
        ),
      );
      children.push(prompt('state good and sufficient reasons, 37 C.F.R. § 1.116(b)(3)'));
      children.push(run('.'));
    }
    out.push(para(children));
  }

  const twoMonth = nextBusinessDay(addMonths(finalMailed, 2));
  const timing =
    responseDate <= twoMonth
      ? `This reply is dated within two months of the final Office Action (by ${formatLongDate(twoMonth)}): if the advisory action is mailed after the three-month date, the period for reply ends on its mailing date and any extension fee is computed from that date (MPEP 706.07(f)).`
      : `This reply is dated after ${formatLongDate(twoMonth)}, two months from the final Office Action, so the advisory-action rule of MPEP 706.07(f) does not extend the period; extension fees run from the three-month date.`;
  const options =
    responseDate <= AFCP_LAST_DAY
      ? 'Consider a request under the After Final Consideration Pilot 2.0 (form PTO/SB/434), accepted for requests filed on or before December 14, 2024, which requires a non-broadening amendment of at least one independent claim.'
      : "The After Final Consideration Pilot 2.0 ended on December 14, 2024 (89 FR 79899). If entry is refused, the options are a request for continued examination (37 C.F.R. § 1.114) or a notice of appeal (37 C.F.R. § 41.31), optionally with a pre-appeal brief request for review; an interview is at the Examiner's discretion (MPEP 713.09).";
  out.push(draftingNote(`${timing} ${options}`));
  if (merits.length) {
    out.push(
      draftingNote(
        `An amendment touching the merits (${claimsPhrase(merits)}) is often refused entry after final; consider filing it with a request for continued examination (37 C.F.R. § 1.114).`,
      ),
    );
  }
  return out;
}
