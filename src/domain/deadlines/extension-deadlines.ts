// Turns nominal extension dates into the output entries: the 35 U.S.C. 21(b) roll, the 37 CFR
// 1.17(a) fee in force on the computation date, and a citation for each date.
import { roll } from './business-days.ts';
import type { IsoDate } from './calendar.ts';
import type { CitationTrail } from './citations.ts';
import type { NominalExtension } from './extensions.ts';
import { extensionFee, extensionFeeCitation, type EntitySize } from './fees.ts';
import { FINAL_RULE } from './final-rejection.ts';
import type { ExtensionDeadline } from './types.ts';

export interface PresentContext {
  mailing: IsoDate;
  today: IsoDate;
  entity: EntitySize | null;
  trail: CitationTrail;
}

export function presentExtensions(list: NominalExtension[], field: string, ctx: PresentContext): ExtensionDeadline[] {
  return list.map((e, i) => {
    const r = roll(e.due);
    const fromAdvisory = e.base !== ctx.mailing;
    const citation = [
      '37 CFR 1.136(a)',
      extensionFeeCitation(e.months),
      'MPEP 710.01(a)',
      ...(fromAdvisory ? [FINAL_RULE] : []),
      ...(e.capped ? ['35 U.S.C. 133'] : []),
    ].join('; ');
    const from = fromAdvisory ? `the advisory action date ${e.base}` : `the mailing date ${e.base}`;
    ctx.trail.add(
      `${field}[${i}].due`,
      citation,
      e.capped
        ? `Extension for reply within the ${ordinal(e.months)} month, cut short at the statutory maximum ${e.due} (the full month's fee is still due).`
        : `Extension for reply within the ${ordinal(e.months)} month: the day corresponding to ${from}, counted from that date, not from the previous (or a rolled) due date.`,
    );
    ctx.trail.addRoll(`${field}[${i}].due_effective`, r);
    const fee = extensionFee(e.months, ctx.today);
    return {
      months: e.months,
      due: e.due,
      due_effective: r.effective,
      capped_at_statutory_bar: e.capped,
      fee,
      fee_for_entity: fee && ctx.entity ? fee[ctx.entity] : null,
      citation,
    };
  });
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}
