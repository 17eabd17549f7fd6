// Final rejections: the variable period of MPEP 706.07(f) and 714.13. Where a first reply is filed
// within two months of the final (the rolled 2-month date counts, 37 CFR 1.7(a)) and the advisory
// action is mailed after the three-month date, the shortened statutory period ends on the advisory
// action's mailing date and extension months are counted from it; never later than six months.
import { addMonths, type IsoDate } from './calendar.ts';
import { roll, type Roll } from './business-days.ts';

export const FINAL_RULE = 'MPEP 706.07(f); MPEP 714.13';

export interface FinalRejectionPlan {
  /** The 706.07(f) two-month rule applies (three-month SSP). */
  applies: boolean;
  twoMonth: Roll | null;
  replyWithin2Months: boolean | null;
  /** Nominal end of the shortened statutory period (literal reading). */
  sspDue: IsoDate;
  sspRule: string;
  sspText: string;
  /** How the docketed extension months are counted: add_months(base, offsetMonths + n). */
  base: IsoDate;
  offsetMonths: number;
  extensionBase: 'mailing_date' | 'advisory_action_date';
  provisional: boolean;
  /** Advisory action on the rolled three-month date: the literal reading's extension base. */
  alternative: { base: IsoDate; offsetMonths: number } | null;
  notes: string[];
}

export function planFinalRejection(
  mailing: IsoDate,
  sspMonths: number,
  standardSspDue: IsoDate,
  reply: IsoDate | null,
  advisory: IsoDate | null,
  statutoryBar: IsoDate,
): FinalRejectionPlan {
  const standard = {
    sspDue: standardSspDue,
    base: mailing,
    offsetMonths: sspMonths,
    extensionBase: 'mailing_date' as const,
    provisional: false,
    alternative: null,
  };
  if (sspMonths !== 3) {
    return {
      ...standard,
      applies: false,
      twoMonth: null,
      replyWithin2Months: null,
      sspRule: 'MPEP 710.02(b); MPEP 706.07(f)',
      sspText: `The final states a ${sspMonths}-month period; the two-month/advisory-action rule of MPEP 706.07(f) applies only to a three-month shortened statutory period.`,
      notes: ['MPEP 706.07(f) two-month rule not applied: the period stated is not three months.'],
    };
  }

  const three = addMonths(mailing, 3);
  const twoMonth = roll(addMonths(mailing, 2));
  const within = reply === null ? null : reply <= twoMonth.effective;
  const base = { ...standard, applies: true, twoMonth, replyWithin2Months: within, sspRule: FINAL_RULE };

  if (within !== true) {
    const why =
      within === null
        ? 'No first-reply date given, so the shortened statutory period is the three-month date.'
        : `First reply ${reply} was not filed within two months (by ${twoMonth.effective}), so the period ends three months after the final whatever the advisory action date.`;
    const notes = within === null && advisory !== null ? ["Advisory action date ignored: give the first reply's filing date to apply MPEP 706.07(f)."] : [];
    return { ...base, sspText: why, notes };
  }
  if (advisory === null) {
    return {
      ...base,
      provisional: true,
      sspText: `First reply ${reply} was filed within two months; until the advisory action is mailed the period is taken to end at the three-month date ${three} (provisional).`,
      notes: [
        'Provisional: recompute when the advisory action is mailed; if it is mailed after the three-month date the period ends on its mailing date (MPEP 706.07(f)).',
      ],
    };
  }
  if (advisory <= three) {
    return {
      ...base,
      sspText: `First reply ${reply} within two months; advisory action ${advisory} mailed on or before the three-month date ${three}, so the period ends at the three-month date.`,
      notes: [],
    };
  }
  if (advisory >= statutoryBar) {
    return {
      ...base,
      sspDue: statutoryBar,
      base: advisory,
      offsetMonths: 0,
      extensionBase: 'advisory_action_date',
      sspText: `Advisory action ${advisory} mailed on or after the six-month date ${statutoryBar}: the period ends at the six-month date and no extension is available ("in no event ... later than six months").`,
      notes: [],
    };
  }
  const threeRolled = roll(three).effective;
  const literal = {
    ...base,
    sspDue: advisory,
    base: advisory,
    offsetMonths: 0,
    extensionBase: 'advisory_action_date' as const,
    sspText: `First reply ${reply} within two months; advisory action mailed ${advisory}, after the three-month date ${three}: the shortened statutory period expires on the advisory action's mailing date and extension fees run from it.`,
    notes: [] as string[],
  };
  if (advisory > threeRolled) return literal;
  // deadline-rules.md section 9 item 2: advisory action mailed after the nominal three-month date
  // but on or before its rolled date. Show the literal period; docket the earlier extension dates.
  return {
    ...literal,
    base: mailing,
    offsetMonths: 3,
    extensionBase: 'mailing_date',
    alternative: { base: advisory, offsetMonths: 0 },
    notes: [
      `Advisory action ${advisory} was mailed after the three-month date ${three} but not after its rolled date ${threeRolled}. ssp_due follows the literal reading of MPEP 706.07(f) (the advisory action date); the extension dates docketed are the earlier ones, counted from the final's mailing date. The literal reading's dates are in alternative_extensions.`,
    ],
  };
}
