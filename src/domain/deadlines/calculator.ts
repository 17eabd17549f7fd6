// The deadline calculator: pure, no clock (`today` comes in), following deadline-rules.md.
// Order of work: (1) every nominal date by month arithmetic from its base (MPEP 710.01(a));
// (2) each one rolled independently to a business day (35 U.S.C. 21(b); 37 CFR 1.7(a)) — a roll
// never feeds back into another date.
import { addDays, addMonths, type IsoDate } from './calendar.ts';
import { roll } from './business-days.ts';
import { CitationTrail, describeRoll, rollRule } from './citations.ts';
import { dropRedundant, earlierSchedule, extensionSchedule, type NominalExtension } from './extensions.ts';
import { presentExtensions } from './extension-deadlines.ts';
import { feeScheduleOn } from './fees.ts';
import { FINAL_RULE, planFinalRejection, type FinalRejectionPlan } from './final-rejection.ts';
import { checkEventInput, checkInput } from './input.ts';
import { MAX_EXTENSION_MONTHS, maxExtensionMonths, MINIMUM_SHORTENED_PERIOD_DAYS, PERIOD_RULES, STATUTORY_MAXIMUM_MONTHS } from './periods.ts';
import { isEventKind } from './action-kinds.ts';
import { allowanceDeadlines, eventDeadlines } from './life-events.ts';
import type { CalculatorInput, CalculatorResult, DeadlineInput, DeadlineResult, EventInput, EventResult, LifeDeadline } from './types.ts';

export function calculateDeadlines(input: DeadlineInput): DeadlineResult {
  const inp = checkInput(input);
  const rule = PERIOD_RULES[inp.action];
  const mailing = inp.mailingDate;
  const months = inp.periodMonths;
  const trail = new CitationTrail();
  const notes = [...rule.notes];

  trail.add('mailing_date', 'MPEP 710.01(a)', 'All periods for reply run from the mailing (notification) date printed on the action.');

  // (1) Nominal end of the period set: the corresponding day of the month (MPEP 710.01(a)).
  let sspDue = addMonths(mailing, months);
  let sspRule = `${rule.periodCitation}; MPEP 710.01(a)`;
  let sspText = `${months}-month period (${inp.periodSource === 'stated' ? 'as stated in the action' : `default for ${inp.action}`}) from ${mailing}: the corresponding day of the month, or the month's last day where that day does not exist.`;
  if (rule.periodType === 'shortened_statutory' && months === 1) {
    // 35 U.S.C. 133: a shortened period is "not less than thirty days" (1 month or 30 days, whichever is longer).
    const thirty = addDays(mailing, MINIMUM_SHORTENED_PERIOD_DAYS);
    if (thirty > sspDue) {
      sspDue = thirty;
      sspRule += '; 35 U.S.C. 133';
      sspText += ` A shortened statutory period is not less than thirty days (35 U.S.C. 133), so it runs to ${thirty}.`;
    }
  }

  // Maximum: 35 U.S.C. 133 six months; 35 U.S.C. 151(a) for the issue fee; for missing parts the
  // five extension months of 37 CFR 1.136(a)(1) (MPEP 710.02(d)).
  const statutoryBar =
    rule.periodType === 'shortened_statutory' ? addMonths(mailing, STATUTORY_MAXIMUM_MONTHS) : rule.periodType === 'statutory' ? sspDue : null;
  const max1136a = rule.periodType === 'non_statutory' ? addMonths(mailing, months + MAX_EXTENSION_MONTHS) : null;
  const limit = statutoryBar ?? max1136a;

  // Final rejections: MPEP 706.07(f).
  let plan: FinalRejectionPlan | null = null;
  if (inp.action === 'final' && statutoryBar !== null) {
    plan = planFinalRejection(mailing, months, sspDue, inp.replyFiledDate, inp.advisoryDate, statutoryBar);
    notes.push(...plan.notes);
    if (plan.applies) {
      sspDue = plan.sspDue;
      sspRule = plan.sspRule;
      sspText = plan.sspText;
    } else {
      sspText += ` ${plan.sspText}`;
    }
  } else if (inp.replyFiledDate !== null) {
    notes.push(`replyFiledDate only changes the period of a final rejection (MPEP 706.07(f)); it does not affect a ${inp.action} period.`);
  }

  const base = plan?.base ?? mailing;
  const offset = plan?.offsetMonths ?? months;
  const fromAdvisory = plan?.extensionBase === 'advisory_action_date';
  const maxMonths = fromAdvisory ? MAX_EXTENSION_MONTHS : maxExtensionMonths(rule, months);
  let nominal = extensionSchedule(base, offset, maxMonths, limit);
  let alternativeNominal: NominalExtension[] | null = null;
  if (plan?.alternative) {
    alternativeNominal = extensionSchedule(plan.alternative.base, plan.alternative.offsetMonths, MAX_EXTENSION_MONTHS, limit);
    nominal = earlierSchedule(nominal, alternativeNominal);
  }

  // Fees: the 37 CFR 1.17(a) table in force on the computation date.
  const schedule = feeScheduleOn(inp.today);
  if (nominal.length > 0 && schedule === null) {
    notes.push(`No 37 CFR 1.17(a) fee table in this calculator covers ${inp.today}; extension fees are not shown.`);
  }
  const ctx = { mailing, today: inp.today, entity: inp.entity, trail };

  const sspRoll = roll(sspDue);
  trail.add('ssp_due', sspRule, sspText);
  trail.addRoll('ssp_due_effective', sspRoll);

  const effectiveOf = (d: IsoDate) => roll(d).effective;
  const docketed = dropRedundant(nominal, sspRoll.effective, effectiveOf);
  for (const e of docketed.dropped) {
    notes.push(
      `A ${e.months}-month extension would end on ${e.due}, which rolls to the same last day as the period before it (${effectiveOf(e.due)}): it buys no time and is not listed.`,
    );
  }
  const extensions = presentExtensions(docketed.kept, 'extensions', ctx);
  const alternative = alternativeNominal
    ? presentExtensions(dropRedundant(alternativeNominal, sspRoll.effective, effectiveOf).kept, 'alternative_extensions', ctx)
    : null;

  let statutoryBarEffective: IsoDate | null = null;
  if (statutoryBar !== null) {
    const r = roll(statutoryBar);
    statutoryBarEffective = r.effective;
    if (rule.periodType === 'statutory') {
      trail.add('statutory_bar', rule.maximumCitation, `The ${months}-month period is itself the statutory limit and cannot be extended.`);
    } else {
      trail.add(
        'statutory_bar',
        rule.maximumCitation,
        `Six months after ${mailing} (35 U.S.C. 133): no extension of any kind can go past it (37 CFR 1.136(a)(1), (a)(2), (b)).`,
      );
    }
    trail.addRoll('statutory_bar_effective', r);
  }
  let max1136aEffective: IsoDate | null = null;
  if (max1136a !== null) {
    const r = roll(max1136a);
    max1136aEffective = r.effective;
    trail.add(
      'max_period_1136a',
      rule.maximumCitation,
      `Period set (${months} months) plus five extension months under 37 CFR 1.136(a)(1); not a 35 U.S.C. 133 period. After it only 37 CFR 1.136(b) or revival.`,
    );
    trail.addRoll('max_period_1136a_effective', r);
  }

  if (plan?.twoMonth) {
    trail.add(
      'two_month_date',
      FINAL_RULE,
      `Two months after the final's mailing date ${mailing}; a first reply by then (rolled date counts) can move the period to the advisory action date.`,
    );
    trail.add(
      'two_month_date_effective',
      `${rollRule(plan.twoMonth)}; ${FINAL_RULE}`,
      `${describeRoll(plan.twoMonth)} A first reply filed by this date is "within two months" (MPEP 706.07(f)(A)).`,
    );
  }

  const abandonment = addDays(sspRoll.effective, 1);
  trail.add(
    'abandonment_date_if_no_reply',
    rule.periodType === 'statutory' ? '35 U.S.C. 151(a); 37 CFR 1.316; MPEP 711.04(a)' : 'MPEP 710.01(a); MPEP 711.04(a)',
    `Abandoned after midnight of the last day of the period (${sspRoll.effective}, after any roll) when no reply (and no extension) is filed: the next calendar day, whatever day of the week it is.`,
  );

  const responseDeadline = sspRoll.effective;
  const last = extensions[extensions.length - 1];
  const criticalDeadline = last ? last.due_effective : responseDeadline;
  trail.add('response_deadline', `${sspRule}; 35 U.S.C. 21(b)`, 'Last day to reply without an extension fee: ssp_due_effective.');
  trail.add(
    'critical_deadline_date',
    last ? `${last.citation}; 35 U.S.C. 21(b)` : `${rule.maximumCitation}; 35 U.S.C. 21(b)`,
    last
      ? `Last day a reply can be filed at all: end of the last available extension month (${last.months}), rolled.`
      : 'No extension is available, so the last day to reply is the end of the period set, rolled.',
  );

  // The deadlines list: a notice of allowance's issue fee and copendency; for every other action
  // its response (the same dates as the fields above).
  let deadlines: LifeDeadline[];
  if (inp.action === 'notice_of_allowance') {
    // Their own trail: the Office-action fields' citations stay exactly as they were (each entry carries its citation).
    const life = allowanceDeadlines(mailing, { applicationType: null, today: inp.today, entity: inp.entity, trail: new CitationTrail() });
    deadlines = life.deadlines;
    notes.push(...life.notes);
  } else {
    const citation = trail.entries.find((c) => c.field === 'ssp_due')?.rule ?? sspRule;
    deadlines = [
      {
        kind: 'response',
        opens: null,
        due: sspDue,
        due_effective: sspRoll.effective,
        surcharge_until: null,
        extendable: extensions.length > 0,
        max_extended_due: criticalDeadline,
        citation: last ? `${citation}; 37 CFR 1.136(a)` : citation,
      },
    ];
  }

  return {
    action: inp.action,
    mailing_date: mailing,
    period_type: rule.periodType,
    ssp_months: months,
    period_source: inp.periodSource,
    extendable: extensions.length > 0,
    ssp_due: sspDue,
    ssp_due_effective: sspRoll.effective,
    statutory_bar: statutoryBar,
    statutory_bar_effective: statutoryBarEffective,
    max_period_1136a: max1136a,
    max_period_1136a_effective: max1136aEffective,
    extensions,
    abandonment_date_if_no_reply: abandonment,
    response_deadline: responseDeadline,
    critical_deadline_date: criticalDeadline,
    advisory_action_date: inp.advisoryDate,
    reply_filed_date: inp.replyFiledDate,
    reply_within_2_months: plan ? plan.replyWithin2Months : null,
    two_month_date: plan?.twoMonth?.nominal ?? null,
    two_month_date_effective: plan?.twoMonth?.effective ?? null,
    extension_base: plan ? plan.extensionBase : null,
    provisional_pending_advisory_action: plan?.provisional ?? false,
    alternative_extensions: alternative,
    entity: inp.entity,
    computed_on: inp.today,
    fee_schedule: schedule ? { effective: schedule.effective, citation: schedule.citation } : null,
    notes,
    citations: trail.entries,
    deadlines,
  };
}

/** The calculator on any kind: an Office action (calculateDeadlines) or an event of the application's life. */
export function calculate(input: CalculatorInput): CalculatorResult {
  if (typeof input === 'object' && input !== null && isEventKind(input.action)) return calculateEventDeadlines(input as EventInput);
  return calculateDeadlines(input as DeadlineInput);
}

/** The deadlines an event starts; the Office-action fields are null (see EventResult). */
export function calculateEventDeadlines(input: EventInput): EventResult {
  const inp = checkEventInput(input);
  const trail = new CitationTrail();
  trail.add('mailing_date', EVENT_DATE_RULE[inp.action], EVENT_DATE_TEXT[inp.action]);
  const life = eventDeadlines(inp.action, inp.eventDate, { applicationType: inp.applicationType, today: inp.today, entity: inp.entity, trail });
  const notes = [...life.notes];
  if (inp.applicationType !== null) notes.push(`Computed for a ${inp.applicationType} application (application_type).`);
  const schedule = life.extensions ? feeScheduleOn(inp.today) : null;
  if (life.extensions && life.extensions.length > 0 && schedule === null) {
    notes.push(`No 37 CFR 1.17(a) fee table in this calculator covers ${inp.today}; extension fees are not shown.`);
  }
  return {
    action: inp.action,
    mailing_date: inp.eventDate,
    period_type: null,
    ssp_months: null,
    period_source: null,
    extendable: null,
    ssp_due: null,
    ssp_due_effective: null,
    statutory_bar: null,
    statutory_bar_effective: null,
    max_period_1136a: null,
    max_period_1136a_effective: null,
    extensions: life.extensions,
    abandonment_date_if_no_reply: null,
    response_deadline: null,
    critical_deadline_date: null,
    advisory_action_date: null,
    reply_filed_date: null,
    reply_within_2_months: null,
    two_month_date: null,
    two_month_date_effective: null,
    extension_base: null,
    provisional_pending_advisory_action: null,
    alternative_extensions: null,
    entity: inp.entity,
    computed_on: inp.today,
    fee_schedule: schedule ? { effective: schedule.effective, citation: schedule.citation } : null,
    notes,
    citations: trail.entries,
    deadlines: life.deadlines,
  };
}

const EVENT_DATE_RULE: Record<EventInput['action'], string> = {
  grant: '35 U.S.C. 41(b); 37 CFR 1.362(d)',
  notice_of_appeal: '37 CFR 41.31; 37 CFR 41.37(a)',
  examiners_answer: '37 CFR 41.39; 37 CFR 41.41(a)',
  provisional_filing: '35 U.S.C. 119(e)(1); 37 CFR 1.53(c)',
  foreign_filing: '35 U.S.C. 119(a); 37 CFR 1.55(d)',
  pct_priority: '35 U.S.C. 371(b); PCT Article 2(xi); 37 CFR 1.495(b)',
};

const EVENT_DATE_TEXT: Record<EventInput['action'], string> = {
  grant: "The patent's issue (grant) date: maintenance fee periods run from it.",
  notice_of_appeal: 'The filing date of the notice of appeal: the appeal brief period runs from it.',
  examiners_answer: "The mailing date of the examiner's answer: the reply brief and oral-hearing periods run from it.",
  provisional_filing: "The provisional application's filing date: the twelve months of 35 U.S.C. 119(e)(1) run from it.",
  foreign_filing: "The foreign application's filing date: the priority year of 35 U.S.C. 119(a) runs from it.",
  pct_priority: 'The earliest priority date of the international application (PCT Article 2(xi)): the thirty months of 35 U.S.C. 371(b) run from it.',
};
