// Deadlines of an application's life beyond the reply to an Office action: the issue fee and
// copendency after a notice of allowance, maintenance fees after grant, the appeal brief, the reply
// brief and the oral-hearing request, and the priority and national-stage periods. Pure, no clock.
// Order of work as in calculator.ts: (1) each nominal date by month arithmetic from the event date
// (months counted like MPEP 710.01(a): the corresponding day, or the month's last day); (2) each
// date rolled on its own to a business day (35 U.S.C. 21(b); 37 CFR 1.7(a)).
import type { ApplicationType, EventKind } from './action-kinds.ts';
import { roll } from './business-days.ts';
import { addMonths, type IsoDate } from './calendar.ts';
import type { CitationTrail } from './citations.ts';
import { extensionSchedule } from './extensions.ts';
import { presentExtensions } from './extension-deadlines.ts';
import type { EntitySize } from './fees.ts';
import { MAX_EXTENSION_MONTHS } from './periods.ts';
import type { ExtensionDeadline, LifeDeadline, LifeDeadlineKind } from './types.ts';

/** 35 U.S.C. 151(a); 37 CFR 1.311(a): three months from the notice of allowance, not extendable. */
const ISSUE_FEE_MONTHS = 3;
/** 37 CFR 41.37(a): the appeal brief, two months from the notice of appeal. */
const APPEAL_BRIEF_MONTHS = 2;
/** 37 CFR 41.41(a): the reply brief; 41.47(b): the request for oral hearing — two months from the examiner's answer. */
const REPLY_BRIEF_MONTHS = 2;
const ORAL_HEARING_MONTHS = 2;
/** 35 U.S.C. 119(e)(1): twelve months from the provisional; 37 CFR 1.78(b): two more by petition. */
const PROVISIONAL_MONTHS = 12;
/** 35 U.S.C. 119(a): twelve months from the foreign filing (six for a design, 35 U.S.C. 172); 37 CFR 1.55(c): two more by petition. */
const FOREIGN_PRIORITY_MONTHS = 12;
const DESIGN_FOREIGN_PRIORITY_MONTHS = 6;
const RESTORATION_MONTHS = 2;
/** 35 U.S.C. 371(b); 37 CFR 1.495(b): thirty months from the priority date. */
const NATIONAL_STAGE_MONTHS = 30;

/** Maintenance fees, 35 U.S.C. 41(b)(1); 37 CFR 1.362(d), (e): window opens, last day without surcharge, end of the grace period (months after grant). */
const MAINTENANCE_FEES: readonly { kind: LifeDeadlineKind; label: string; opens: number; due: number; graceEnds: number; feeRule: string }[] = [
  { kind: 'maintenance_fee_3_5', label: '3.5 years', opens: 36, due: 42, graceEnds: 48, feeRule: '37 CFR 1.20(e)' },
  { kind: 'maintenance_fee_7_5', label: '7.5 years', opens: 84, due: 90, graceEnds: 96, feeRule: '37 CFR 1.20(f)' },
  { kind: 'maintenance_fee_11_5', label: '11.5 years', opens: 132, due: 138, graceEnds: 144, feeRule: '37 CFR 1.20(g)' },
];

interface Spec {
  kind: LifeDeadlineKind;
  /** Months from the event to the nominal due date. */
  months: number;
  /** The due date itself is the event date and is not rolled (copendency ends on the issue date). */
  sameDay?: boolean;
  opensMonths?: number;
  surchargeMonths?: number;
  /** Months from the event to the latest date (rolled), or null. */
  maxMonths?: number | null;
  extendable: boolean;
  citation: string;
  dueText: string;
  maxText?: string;
  surchargeText?: string;
  opensText?: string;
}

/** Builds one deadline entry and its citation trail (fields `deadlines[i].*`). */
function build(event: IsoDate, spec: Spec, index: number, trail: CitationTrail): LifeDeadline {
  const field = `deadlines[${index}]`;
  const due = spec.sameDay ? event : addMonths(event, spec.months);
  trail.add(`${field}.due`, spec.citation, spec.dueText);
  let dueEffective = due;
  if (spec.sameDay) {
    trail.add(`${field}.due_effective`, spec.citation, `${due} itself: the day ends the period and is not moved to a business day.`);
  } else {
    const r = roll(due);
    dueEffective = r.effective;
    trail.addRoll(`${field}.due_effective`, r);
  }
  let opens: IsoDate | null = null;
  if (spec.opensMonths !== undefined) {
    opens = addMonths(event, spec.opensMonths);
    trail.add(`${field}.opens`, spec.citation, spec.opensText ?? `Opens ${spec.opensMonths} months after ${event}.`);
  }
  let surcharge: IsoDate | null = null;
  if (spec.surchargeMonths !== undefined) {
    const r = roll(addMonths(event, spec.surchargeMonths));
    surcharge = r.effective;
    trail.add(`${field}.surcharge_until`, spec.citation, spec.surchargeText ?? '');
    trail.addRoll(`${field}.surcharge_until`, r);
  }
  let max: IsoDate | null = null;
  if (spec.maxMonths !== undefined && spec.maxMonths !== null) {
    const r = roll(addMonths(event, spec.maxMonths));
    max = r.effective;
    trail.add(`${field}.max_extended_due`, spec.citation, spec.maxText ?? '');
    trail.addRoll(`${field}.max_extended_due`, r);
  }
  return {
    kind: spec.kind,
    opens,
    due,
    due_effective: dueEffective,
    surcharge_until: surcharge,
    extendable: spec.extendable,
    max_extended_due: max,
    citation: spec.citation,
  };
}

export interface LifeDeadlines {
  deadlines: LifeDeadline[];
  notes: string[];
  /** The appeal brief's 37 CFR 1.136(a) months (notice of appeal only), else null. */
  extensions: ExtensionDeadline[] | null;
}

export interface LifeContext {
  applicationType: ApplicationType | null;
  today: IsoDate;
  entity: EntitySize | null;
  trail: CitationTrail;
  /** Index of the first `deadlines[]` entry (for the citation fields). */
  firstIndex?: number;
}

const ISSUE_FEE_CITATION = '35 U.S.C. 151(a); 37 CFR 1.311(a); not extendable (37 CFR 1.136 does not apply); MPEP 1306';
const COPENDENCY_CITATION = '35 U.S.C. 120; 37 CFR 1.78(d); MPEP 211.01(b)';

/** The deadlines a notice of allowance starts (mailing date): the issue fee and continuation copendency. */
export function allowanceDeadlines(mailing: IsoDate, ctx: LifeContext): LifeDeadlines {
  const first = ctx.firstIndex ?? 0;
  const issueFee = build(
    mailing,
    {
      kind: 'issue_fee',
      months: ISSUE_FEE_MONTHS,
      extendable: false,
      citation: ISSUE_FEE_CITATION,
      dueText: `Issue fee (and any publication fee) due three months from the notice of allowance mailed ${mailing} (35 U.S.C. 151(a); 37 CFR 1.311(a): "This three-month period is not extendable").`,
    },
    first,
    ctx.trail,
  );
  const copendency = build(
    mailing,
    {
      kind: 'continuation_copendency',
      months: ISSUE_FEE_MONTHS,
      extendable: false,
      citation: `${COPENDENCY_CITATION}; 35 U.S.C. 151(a)`,
      dueText:
        'A continuation or divisional must be filed while the parent is pending (35 U.S.C. 120). Unpaid, the issue fee ends pendency after its last day (35 U.S.C. 151(a)); once the patent issues, the issue date ends copendency (a continuation filed on the issue date is copending, MPEP 211.01(b)).',
    },
    first + 1,
    ctx.trail,
  );
  return {
    deadlines: [issueFee, copendency],
    notes: [
      `continuation_copendency: ${copendency.due_effective} holds only while the issue fee is unpaid; once the patent's issue date is known, copendency ends on that date (a continuation filed on the issue date is still copending, MPEP 211.01(b)) — compute the grant for it.`,
    ],
    extensions: null,
  };
}

/** The deadlines an event starts, with their notes. */
export function eventDeadlines(kind: EventKind, event: IsoDate, ctx: LifeContext): LifeDeadlines {
  const trail = ctx.trail;
  const type = ctx.applicationType;
  const notes: string[] = [];
  const list: Spec[] = [];
  let extensions: ExtensionDeadline[] | null = null;

  switch (kind) {
    case 'grant': {
      if (type === 'design' || type === 'plant') {
        notes.push(`A ${type} patent owes no maintenance fees (35 U.S.C. 41(b)(2); MPEP 2504): none are listed.`);
      } else {
        for (const m of MAINTENANCE_FEES) {
          const citation = `35 U.S.C. 41(b); 37 CFR 1.362(d), (e); ${m.feeRule}; 37 CFR 1.20(h) (surcharge); MPEP 2506`;
          list.push({
            kind: m.kind,
            months: m.due,
            opensMonths: m.opens,
            surchargeMonths: m.graceEnds,
            extendable: false,
            citation,
            opensText: `The window opens ${m.opens / 12} years after the grant ${event}: the fee is accepted from this day (37 CFR 1.362(d)).`,
            dueText: `${m.label} after the grant ${event} (${m.due} months): the last day to pay without the surcharge (35 U.S.C. 41(b)(1); 37 CFR 1.362(d)).`,
            surchargeText: `The six-month grace period with the 37 CFR 1.20(h) surcharge ends ${m.graceEnds / 12} years after the grant (37 CFR 1.362(e)); unpaid, the patent expires at its end (35 U.S.C. 41(b)(1); 37 CFR 1.362(g)).`,
          });
        }
        notes.push(
          'Design patents (application numbers 29/...) and plant patents owe no maintenance fees (35 U.S.C. 41(b)(2)): pass application_type design or plant to omit them.',
          "A reissue patent does not restart the schedule: its maintenance fees follow the original patent's grant date (MPEP 2504) — give that date.",
          'Expired for non-payment: acceptance of a delayed fee only by petition under 37 CFR 1.378 (unintentional delay).',
        );
      }
      list.push({
        kind: 'continuation_copendency',
        months: 0,
        sameDay: true,
        extendable: false,
        citation: COPENDENCY_CITATION,
        dueText: `A continuation or divisional must be filed no later than the issue date ${event}: filed on the issue date it is copending (35 U.S.C. 120; MPEP 211.01(b)).`,
      });
      break;
    }
    case 'notice_of_appeal': {
      list.push({
        kind: 'appeal_brief',
        months: APPEAL_BRIEF_MONTHS,
        maxMonths: APPEAL_BRIEF_MONTHS + MAX_EXTENSION_MONTHS,
        extendable: true,
        citation: '37 CFR 41.37(a); extendable under 37 CFR 1.136(a) (41.37(e)); 37 CFR 1.17(a); MPEP 1205.01',
        dueText: `Appeal brief due two months from the filing of the notice of appeal on ${event} (37 CFR 41.37(a)).`,
        maxText: 'Two months plus the five extension months of 37 CFR 1.136(a) (MPEP 1205.01): the last day an appeal brief can be filed with an extension.',
      });
      const nominal = extensionSchedule(event, APPEAL_BRIEF_MONTHS, MAX_EXTENSION_MONTHS, null);
      extensions = presentExtensions(nominal, 'extensions', { mailing: event, today: ctx.today, entity: ctx.entity, trail });
      notes.push(
        "The appeal brief's time may be extended under 37 CFR 1.136(a) (extensions lists each month with its 37 CFR 1.17(a) fee); without a brief the appeal is dismissed (37 CFR 41.37(b)).",
      );
      break;
    }
    case 'examiners_answer': {
      list.push({
        kind: 'reply_brief',
        months: REPLY_BRIEF_MONTHS,
        extendable: false,
        citation: '37 CFR 41.41(a); 37 CFR 1.136(a) does not apply, only 1.136(b) for sufficient cause (37 CFR 41.41(c))',
        dueText: `Reply brief (optional) due two months from the examiner's answer mailed ${event} (37 CFR 41.41(a)).`,
      });
      list.push({
        kind: 'oral_hearing_request',
        months: ORAL_HEARING_MONTHS,
        extendable: false,
        citation: '37 CFR 41.47(b); 37 CFR 41.20(b)(3) fee; 37 CFR 1.136(a) does not apply, only 1.136(b) for sufficient cause',
        dueText: `Request for oral hearing due two months from the examiner's answer mailed ${event} (37 CFR 41.47(b)).`,
      });
      notes.push(
        'Neither period can be extended under 37 CFR 1.136(a); only a 1.136(b) request for sufficient cause, filed before the period ends.',
        "The appeal forwarding fee (37 CFR 41.20(b)(4)) is also due within two months of the examiner's answer, or the appeal is dismissed (37 CFR 41.45).",
      );
      break;
    }
    case 'provisional_filing': {
      if (type === 'design') {
        notes.push('A design application cannot claim the benefit of a provisional application (35 U.S.C. 172; 37 CFR 1.78(a)): no deadline is listed.');
        break;
      }
      list.push({
        kind: 'nonprovisional_claiming_provisional',
        months: PROVISIONAL_MONTHS,
        maxMonths: PROVISIONAL_MONTHS + RESTORATION_MONTHS,
        extendable: false,
        citation: '35 U.S.C. 119(e)(1), (e)(3); 37 CFR 1.78(a)(1); restoration by petition under 37 CFR 1.78(b) with the 37 CFR 1.17(m) fee',
        dueText: `A nonprovisional (or PCT) application claiming the provisional filed ${event} must be filed within twelve months (35 U.S.C. 119(e)(1); 37 CFR 1.78(a)(1)); a last day on a weekend or holiday moves to the next business day (35 U.S.C. 119(e)(3)).`,
        maxText:
          'Fourteen months: the latest filing date for which the benefit can be restored, only by petition under 37 CFR 1.78(b) (unintentional delay) with the 37 CFR 1.17(m) fee.',
      });
      notes.push(
        'max_extended_due is not an extension: filing after the twelve-month date needs a petition to restore the benefit (37 CFR 1.78(b)), within fourteen months, stating the delay was unintentional.',
      );
      break;
    }
    case 'foreign_filing': {
      if (type === 'design') {
        list.push({
          kind: 'us_filing_claiming_foreign_priority',
          months: DESIGN_FOREIGN_PRIORITY_MONTHS,
          maxMonths: null,
          extendable: false,
          citation: '35 U.S.C. 172; 35 U.S.C. 119(a); 37 CFR 1.55(d); no restoration for a design (37 CFR 1.55(c))',
          dueText: `A design application claiming the foreign application filed ${event} must be filed within six months (35 U.S.C. 172).`,
        });
        notes.push('Design applications have six months and no restoration of the priority right (35 U.S.C. 172; 37 CFR 1.55(c) does not apply to designs).');
      } else {
        list.push({
          kind: 'us_filing_claiming_foreign_priority',
          months: FOREIGN_PRIORITY_MONTHS,
          maxMonths: FOREIGN_PRIORITY_MONTHS + RESTORATION_MONTHS,
          extendable: false,
          citation: '35 U.S.C. 119(a); 37 CFR 1.55(d); restoration by petition under 37 CFR 1.55(c) with the 37 CFR 1.17(m) fee',
          dueText: `A U.S. application claiming priority to the foreign application filed ${event} must be filed within twelve months (35 U.S.C. 119(a); 37 CFR 1.55(d)).`,
          maxText:
            'Fourteen months: the latest filing date for which the right of priority can be restored, only by petition under 37 CFR 1.55(c) (unintentional delay) with the 37 CFR 1.17(m) fee.',
        });
        notes.push(
          'max_extended_due is not an extension: filing after the twelve-month date needs a petition to restore the right of priority (37 CFR 1.55(c)), within fourteen months.',
          'Design applications have six months (35 U.S.C. 172) and no restoration: pass application_type design.',
        );
      }
      break;
    }
    case 'pct_priority': {
      if (type === 'design')
        notes.push(
          'Designs are not protected through the PCT (international design registrations use the Hague Agreement); computed as for a utility application.',
        );
      list.push({
        kind: 'us_national_stage',
        months: NATIONAL_STAGE_MONTHS,
        maxMonths: null,
        extendable: false,
        citation: '35 U.S.C. 371(b); 37 CFR 1.495(b); not extendable; late entry only by petition to revive under 37 CFR 1.137',
        dueText: `U.S. national stage: the basic national fee (and a copy of the international application) within thirty months from the priority date ${event} (35 U.S.C. 371(b); 37 CFR 1.495(b)).`,
      });
      notes.push(
        'The thirty-month date cannot be extended; after it the application is abandoned as to the United States, and entry is possible only by a petition to revive under 37 CFR 1.137 (unintentional delay).',
      );
      break;
    }
  }
  const first = ctx.firstIndex ?? 0;
  return { deadlines: list.map((spec, i) => build(event, spec, first + i, trail)), notes, extensions };
}
