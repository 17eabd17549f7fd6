/**
 * Whether the reply is timely on its date, and what makes it so (issue 19 B6). The period for
 * reply is the one the action's kind sets by default (the deadline engine, MPEP 710.02(b)):
 * - filed within it: nothing to say;
 * - filed after it but within the six-month statutory period (35 U.S.C. 133): the paper carries
 *   an explicit petition for an extension of time under 37 CFR 1.136(a) naming the months, with
 *   the fee of 37 CFR 1.17(a) for those months charged to the deposit account;
 * - filed after the statutory period: the application is abandoned by operation of law; the reply
 *   is not presented as timely but as the required reply of a petition to revive under 37 CFR
 *   1.137(a) (MPEP 711.03(c)).
 * The period assumed is named in a drafting note: an action may set another one.
 */
import type { Paragraph } from 'docx';
import { calculateDeadlines } from '../../domain/deadlines/index.ts';
import type { ActionKind } from '../../domain/deadlines/index.ts';
import { formatLongDate } from '../format/dates.ts';
import { wordAndDigit } from '../format/numbers.ts';
import { draftingNote, para } from '../docx/paragraphs.ts';
import { run } from '../docx/runs.ts';
import { actionDescription } from '../response-title.ts';
import type { IsoDate, PaperKind } from '../types.ts';

export type Timeliness =
  | { kind: 'timely' }
  | { kind: 'extension'; months: number; periodMonths: number; replyDue: IsoDate; extendedDue: IsoDate }
  | { kind: 'abandoned'; periodMonths: number; lastDay: IsoDate; abandonedOn: IsoDate };

const KINDS: Readonly<Partial<Record<PaperKind, ActionKind>>> = {
  non_final: 'non_final',
  final: 'final',
  restriction: 'restriction',
  requirement_for_information: 'requirement_for_information',
  quayle: 'quayle',
};

/** The reply's standing on its date; `timely` where the action's kind sets no period the engine knows. */
export function timelinessOf(kind: PaperKind, mailed: IsoDate, replied: IsoDate): Timeliness {
  const action = KINDS[kind];
  if (!action || replied < mailed) return { kind: 'timely' };
  const d = calculateDeadlines({ action, mailingDate: mailed, today: replied });
  if (!d.extendable || replied <= d.response_deadline) return { kind: 'timely' };
  const within = d.extensions.find((e) => replied <= e.due_effective);
  if (within && replied <= d.critical_deadline_date) {
    return { kind: 'extension', months: within.months, periodMonths: d.ssp_months, replyDue: d.ssp_due, extendedDue: within.due };
  }
  return { kind: 'abandoned', periodMonths: d.ssp_months, lastDay: d.critical_deadline_date, abandonedOn: d.abandonment_date_if_no_reply };
}

const months = (n: number) => `${wordAndDigit(n)} ${n === 1 ? 'month' : 'months'}`;

/** The paragraphs on page 1 that make a late reply what it is: a petition for extension, or the notice of abandonment and the path to revival. */
export function timelinessParagraphs(t: Timeliness, kind: PaperKind, mailed: IsoDate): Paragraph[] {
  const assumed = (n: number) =>
    `The period for reply is taken to be ${months(n)} from the mailing date, the period usually set for a ${actionDescription(kind)} (MPEP 710.02(b)); if the Office Action sets another period, correct this paragraph.`;
  if (t.kind === 'extension') {
    return [
      para([
        run('Petition for Extension of Time. ', { bold: true }),
        run(
          `Applicant petitions for an extension of time of ${months(t.months)} under 37 C.F.R. § 1.136(a) for reply to the ${actionDescription(kind)} mailed ${formatLongDate(mailed)}, ` +
            `extending the period for reply from ${formatLongDate(t.replyDue)} to ${formatLongDate(t.extendedDue)}. ` +
            `The Director is authorized to charge the fee for an extension of ${months(t.months)} under 37 C.F.R. § 1.17(a)(${t.months}) to the deposit account named at the end of this paper.`,
        ),
      ]),
      draftingNote(
        `${assumed(t.periodMonths)} If an extension was already petitioned for in this period, claim only the months still needed (37 C.F.R. § 1.136(a)(1)).`,
      ),
    ];
  }
  if (t.kind === 'abandoned') {
    return [
      draftingNote(
        `NOT A TIMELY REPLY: the last day to reply to the Office Action, with every extension of time, was ${formatLongDate(t.lastDay)} (35 U.S.C. 133; 37 C.F.R. § 1.136(a)). ` +
          'No extension of time is available after it. File this paper only as the required reply of a petition to revive under 37 C.F.R. § 1.137(a) (form PTO/SB/64), with the petition fee of 37 C.F.R. § 1.17(m) and the statement that the entire delay was unintentional, which the practitioner must be able to make. ' +
          assumed(t.periodMonths),
      ),
      para([
        run('Petition to Revive. ', { bold: true }),
        run(
          `No reply to the ${actionDescription(kind)} mailed ${formatLongDate(mailed)} was filed within the period for reply, and the application became abandoned by operation of law on ${formatLongDate(t.abandonedOn)} (35 U.S.C. 133; MPEP 711.02). ` +
            'Applicant petitions to revive the application under 37 C.F.R. § 1.137(a) by the petition filed herewith, of which this paper is the required reply (37 C.F.R. § 1.137(a)(1)). ' +
            'The Director is authorized to charge the petition fee under 37 C.F.R. § 1.17(m) to the deposit account named at the end of this paper.',
        ),
      ]),
    ];
  }
  return [];
}
