// Extension-of-time fees, 37 CFR 1.17(a)(1)-(5), as a dated table: append a new entry with its
// `effective` date when the fees change; the entry in force on a date is the latest one whose
// `effective` date is on or before it ("The fee due is the one in force on the date the fee is paid").
import type { IsoDate } from './calendar.ts';

export type EntitySize = 'large' | 'small' | 'micro';
export const ENTITY_SIZES: readonly EntitySize[] = ['large', 'small', 'micro'];

export interface FeeAmounts {
  large: string;
  small: string;
  micro: string;
}

export interface FeeSchedule {
  effective: IsoDate;
  citation: string;
  source: string;
  /** Whole-cent amounts for an extension of 1..5 months (index 0 = one month). */
  cents: readonly { large: number; small: number; micro: number }[];
}

const row = (large: number, small: number, micro: number) => ({ large: large * 100, small: small * 100, micro: micro * 100 });

export const EXTENSION_FEE_SCHEDULES: readonly FeeSchedule[] = [
  {
    // Amounts in force before 2025-01-19 (deadline-rules.md section 5.1 [V]). They start on
    // 2022-12-29, when the Unleashing American Innovators Act of 2022 (small entity 60 %, micro 80 %
    // reduction) took effect on enactment [S: calfee.com and Foley & Lardner (mondaq.com) notes].
    // Earlier dates have no entry: the fee is then reported as null, never guessed.
    effective: '2022-12-29',
    citation: '37 CFR 1.17(a) (amounts 2022-12-29 to 2025-01-18); Pub. L. 117-328 (Unleashing American Innovators Act of 2022)',
    source: 'deadline-rules.md section 5.1 (prior amounts, casetext copy of 37 CFR 1.17(a)); start date from secondary sources',
    cents: [row(220, 88, 44), row(640, 256, 128), row(1480, 592, 296), row(2320, 928, 464), row(3160, 1264, 632)],
  },
  {
    effective: '2025-01-19',
    citation: '37 CFR 1.17(a); 89 FR 91898 (Nov. 20, 2024), corrected 90 FR 3036 (Jan. 14, 2025)',
    source: 'deadline-rules.md section 5.1 (eCFR text of 37 CFR 1.17(a))',
    cents: [row(235, 94, 47), row(690, 276, 138), row(1590, 636, 318), row(2495, 998, 499), row(3395, 1358, 679)],
  },
];

/** "235.00" from 23500. */
export function formatDollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents - whole * 100).padStart(2, '0')}`;
}

/** The fee schedule in force on a date, or null before the earliest entry. */
export function feeScheduleOn(date: IsoDate): FeeSchedule | null {
  let found: FeeSchedule | null = null;
  for (const s of EXTENSION_FEE_SCHEDULES) if (s.effective <= date && (!found || s.effective >= found.effective)) found = s;
  return found;
}

/** The fee for an extension of `months` (1..5) under the schedule in force on `date`. */
export function extensionFee(months: number, date: IsoDate): FeeAmounts | null {
  const schedule = feeScheduleOn(date);
  const amounts = schedule?.cents[months - 1];
  if (!amounts) return null;
  return { large: formatDollars(amounts.large), small: formatDollars(amounts.small), micro: formatDollars(amounts.micro) };
}

export function extensionFeeCitation(months: number): string {
  return `37 CFR 1.17(a)(${months})`;
}
