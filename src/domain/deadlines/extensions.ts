// Nominal extension-of-time dates under 37 CFR 1.136(a). Each month is counted from the base date
// (the action's mailing date, or for a final the advisory action per MPEP 706.07(f)), never from a
// previous due date and never from a rolled date: MPEP 710.01(a) ("A 1-month extension of time
// extends the time for reply to the date corresponding to the Office action date in the following
// month"; Jan 31 + 3 = Apr 30, + 1-month EOT = May 31).
import { addMonths, type IsoDate } from './calendar.ts';

export interface NominalExtension {
  months: number;
  /** The date the months are counted from. */
  base: IsoDate;
  due: IsoDate;
  /** Cut short at the limit (the statutory maximum). */
  capped: boolean;
}

/**
 * EOT_n = add_months(base, offsetMonths + n) for n = 1..maxMonths, never later than `limit`
 * (35 U.S.C. 133; 37 CFR 1.136(a)(2): "in no situation may an applicant reply later than the
 * maximum time period set by statute"). Stops once the previous month already reached the limit.
 */
export function extensionSchedule(base: IsoDate, offsetMonths: number, maxMonths: number, limit: IsoDate | null): NominalExtension[] {
  const list: NominalExtension[] = [];
  for (let n = 1; n <= maxMonths; n++) {
    const previousEnd = addMonths(base, offsetMonths + n - 1);
    if (limit !== null && previousEnd >= limit) break;
    const raw = addMonths(base, offsetMonths + n);
    const capped = limit !== null && raw > limit;
    list.push({ months: n, base, due: capped && limit !== null ? limit : raw, capped });
  }
  return list;
}

/**
 * Element-wise earlier of two schedules for the same months (for docketing the earlier of two
 * readings, deadline-rules.md section 9 item 2). On a tie the first schedule's entry is kept.
 */
export function earlierSchedule(a: NominalExtension[], b: NominalExtension[]): NominalExtension[] {
  return a.map((x, i) => {
    const y = b[i];
    return y !== undefined && y.due < x.due ? y : x;
  });
}

/**
 * Drops a month whose rolled last day is no later than the rolled last day before it (possible only
 * for a month cut short at the statutory maximum, e.g. a Saturday EOT date followed by a Sunday
 * six-month date): it buys no time, and the fee for a reply is that of the smallest month whose
 * effective date the reply meets (37 CFR 1.136(a)(2); deadline-rules.md section 5).
 */
export function dropRedundant(
  list: NominalExtension[],
  periodEndEffective: IsoDate,
  effectiveOf: (d: IsoDate) => IsoDate,
): { kept: NominalExtension[]; dropped: NominalExtension[] } {
  const kept: NominalExtension[] = [];
  const dropped: NominalExtension[] = [];
  let last = periodEndEffective;
  for (const e of list) {
    const eff = effectiveOf(e.due);
    if (eff > last) {
      kept.push(e);
      last = eff;
    } else {
      dropped.push(e);
    }
  }
  return { kept, dropped };
}
