/**
 * USPTO fees the forms name, beside the extension fees of deadlines/fees.ts, as dated tables: the
 * fee due is the one in force on the day it is paid (37 CFR 1.22(a) read with each fee rule's
 * effective date). Amounts are whole dollars per entity size (37 CFR 1.27 small, 1.29 micro).
 *
 * Sources, per entry: `verified` is true only where the amounts were read from a copy of the CFR
 * text (eCFR or a verbatim copy of it); the others are from the FY2025 fee rule as we know it and
 * must be checked against the USPTO fee schedule before relying on them (docs/decisions.md,
 * "Fees of the forms").
 */
import type { IsoDate } from './deadlines/calendar.ts';
import { formatDollars, type EntitySize, type FeeAmounts } from './deadlines/fees.ts';

export type UsptoFeeCode =
  | 'ids_1_17_p'
  | 'rce_first'
  | 'rce_subsequent'
  | 'notice_of_appeal'
  | 'terminal_disclaimer'
  | 'issue_fee_utility'
  | 'publication_fee';

interface DatedAmounts {
  effective: IsoDate;
  large: number;
  small: number;
  micro: number;
  source: string;
  verified: boolean;
}

export interface UsptoFeeDefinition {
  code: UsptoFeeCode;
  title: string;
  citation: string;
  schedules: readonly DatedAmounts[];
}

const UAIA = '2022-12-29'; // Unleashing American Innovators Act of 2022: small 60 %, micro 80 % reductions.
const FY2025 = '2025-01-19'; // 89 FR 91898 (Nov. 20, 2024), corrected 90 FR 3036.
const UNVERIFIED_2025 = 'FY2025 fee rule, 89 FR 91898 (amounts not verified against a stored copy of the rule or the fee schedule)';

export const USPTO_FEES: Readonly<Record<UsptoFeeCode, UsptoFeeDefinition>> = {
  ids_1_17_p: {
    code: 'ids_1_17_p',
    title: 'Information disclosure statement under 37 CFR 1.97(c) or (d)',
    citation: '37 CFR 1.17(p)',
    schedules: [
      { effective: UAIA, large: 260, small: 104, micro: 52, source: '37 CFR 1.17(p) as amended by the UAIA rule, 88 FR 17158 (Mar. 22, 2023); unchanged by the FY2025 rule as far as known (not verified)', verified: false },
    ],
  },
  rce_first: {
    code: 'rce_first',
    title: 'Request for continued examination, first request',
    citation: '37 CFR 1.17(e)(1)',
    schedules: [
      { effective: UAIA, large: 1360, small: 544, micro: 272, source: '37 CFR 1.17(e)(1), casetext copy of the eCFR text (amounts before 2025-01-19)', verified: true },
      { effective: FY2025, large: 1500, small: 600, micro: 300, source: '37 CFR 1.17(e)(1), govregs copy of the eCFR text', verified: true },
    ],
  },
  rce_subsequent: {
    code: 'rce_subsequent',
    title: 'Request for continued examination, second or subsequent request',
    citation: '37 CFR 1.17(e)(2)',
    schedules: [
      { effective: UAIA, large: 2000, small: 800, micro: 400, source: '37 CFR 1.17(e)(2), casetext copy of the eCFR text (amounts before 2025-01-19)', verified: true },
      { effective: FY2025, large: 2860, small: 1144, micro: 572, source: UNVERIFIED_2025, verified: false },
    ],
  },
  notice_of_appeal: {
    code: 'notice_of_appeal',
    title: 'Notice of appeal from the examiner to the Patent Trial and Appeal Board',
    citation: '37 CFR 41.20(b)(1)',
    schedules: [
      { effective: UAIA, large: 840, small: 336, micro: 168, source: '37 CFR 41.20(b)(1), patentutils copy of the CFR text (amounts before 2025-01-19)', verified: true },
      { effective: FY2025, large: 905, small: 362, micro: 181, source: '37 CFR 41.20(b)(1), eCFR text as of 2026-04-05 (lexbuild copy), amended 89 FR 92011', verified: true },
    ],
  },
  terminal_disclaimer: {
    code: 'terminal_disclaimer',
    title: 'Statutory disclaimer, including a terminal disclaimer (no small or micro entity reduction)',
    citation: '37 CFR 1.20(d)',
    schedules: [
      { effective: UAIA, large: 170, small: 170, micro: 170, source: '37 CFR 1.20(d) (amount before 2025-01-19; not verified against a stored copy)', verified: false },
      { effective: FY2025, large: 200, small: 200, micro: 200, source: UNVERIFIED_2025, verified: false },
    ],
  },
  issue_fee_utility: {
    code: 'issue_fee_utility',
    title: 'Issue fee, utility or reissue patent',
    citation: '37 CFR 1.18(a)(1)',
    schedules: [
      { effective: UAIA, large: 1200, small: 480, micro: 240, source: '37 CFR 1.18(a)(1) after the UAIA reductions (not verified against a stored copy)', verified: false },
      { effective: FY2025, large: 1290, small: 516, micro: 258, source: UNVERIFIED_2025, verified: false },
    ],
  },
  publication_fee: {
    code: 'publication_fee',
    title: 'Publication fee on allowance',
    citation: '37 CFR 1.18(d)(1)',
    schedules: [
      { effective: UAIA, large: 0, small: 0, micro: 0, source: '37 CFR 1.18(d)(1): $0 since January 1, 2014 (78 FR 4212; not verified against a stored copy)', verified: false },
    ],
  },
};

export interface UsptoFeeQuote {
  code: UsptoFeeCode;
  title: string;
  citation: string;
  /** Dollars for the entity size, `"600.00"`; null when no table covers the date. */
  amount: string | null;
  amounts: FeeAmounts | null;
  effective: IsoDate | null;
  verified: boolean;
  source: string | null;
}

/** The fee `code` in force on `date` for `entity`; amount null before the earliest table (never guessed). */
export function usptoFee(code: UsptoFeeCode, entity: EntitySize, date: IsoDate): UsptoFeeQuote {
  const def = USPTO_FEES[code];
  let found: DatedAmounts | null = null;
  for (const s of def.schedules) if (s.effective <= date && (!found || s.effective >= found.effective)) found = s;
  const dollars = (n: number) => formatDollars(n * 100);
  return {
    code,
    title: def.title,
    citation: def.citation,
    amount: found ? dollars(found[entity]) : null,
    amounts: found ? { large: dollars(found.large), small: dollars(found.small), micro: dollars(found.micro) } : null,
    effective: found?.effective ?? null,
    verified: found?.verified ?? false,
    source: found?.source ?? null,
  };
}

/** "$1,500.00" for a document; a placeholder-worthy null stays null. */
export function dollarsDisplay(amount: string | null): string | null {
  if (amount === null) return null;
  const [whole, cents] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
