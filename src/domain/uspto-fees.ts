/**
 * USPTO fees the forms name, beside the extension fees of deadlines/fees.ts, as dated tables: the
 * fee due is the one in force on the day it is paid (37 CFR 1.22(a) read with each fee rule's
 * effective date). Amounts are whole dollars per entity size (37 CFR 1.27 small, 1.29 micro).
 *
 * Sources, per entry: `verified` is true only where the amounts were read in a stored copy of the
 * CFR text (eCFR or a verbatim copy of it); for 1.17(e)(1) from 2025 the copy's excerpt ends after
 * the small amount and the large one is stated by two summaries of the rule (consistent with 40 %). The Federal Register rules
 * themselves (FY2025 rule 89 FR 91898; UAIA rule 88 FR 17147) are stored only as their opening
 * pages, so their regulatory text, where the dollar amounts are, could not be read. Entries with
 * `verified: false` say in `source` exactly what a stored page states (often the large-entity amount
 * in a practitioners' summary of the rule) and what is derived (small = 40 %, micro = 20 % of it,
 * 35 U.S.C. 41(h) as amended by the UAIA). See docs/decisions/uspto-fees.md "What is verified against what".
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
  | 'publication_fee'
  | 'excess_independent_claims'
  | 'excess_claims';

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
/** Practitioners' summaries of the FY2025 rule stored in the search corpus (large-entity amounts only). */
const MONDAQ_2025_01_15 = 'Mondaq, "Important Update: USPTO Fee Changes Effective January 2025" (2025-01-15), table "Current Fee / Fee Effective 1/19/2025"';
const MONDAQ_ALERT = 'Mondaq, "Client Alert: Official US Patent Fee Increases" (2025)';
const DERIVED = 'small and micro derived as 40 % and 20 % of it (35 U.S.C. 41(h) after the UAIA)';
/** Practitioners' summaries of the FY2025 rule that state the excess claims fees (large-entity amounts, before and after). */
const EXCESS_2025 =
  'Norton Rose Fulbright, "USPTO fee increases set for January 19, 2025" ("Fees for each independent claims in excess of three will increase by 25 percent, from US$480 to US$600"; "Excess claim fees will double for each claim in excess of 20—from US$100 to US$200") and Larson Patent Law, "USPTO Fee Increases" (2025) ("Independent claims in excess of three: $600 (up from $480)"; "Claims in excess of 20: $200 (doubled from $100)")';
const RULE_TEXT_NOT_STORED = 'the regulatory text of the rule is not in the stored copy, so the amounts are not verified';

export const USPTO_FEES: Readonly<Record<UsptoFeeCode, UsptoFeeDefinition>> = {
  ids_1_17_p: {
    code: 'ids_1_17_p',
    title: 'Information disclosure statement under 37 CFR 1.97(c) or (d)',
    citation: '37 CFR 1.17(p)',
    schedules: [
      {
        effective: UAIA,
        large: 260,
        small: 104,
        micro: 52,
        source: `37 CFR 1.17(p) before 2025-01-19: large $260 stated as the current "IDS filing fee" in ${MONDAQ_2025_01_15}; ${DERIVED}; no stored copy of the CFR table (the UAIA rule 88 FR 17147 is stored without its regulatory text); not verified`,
        verified: false,
      },
      // Corrected: this table once ran $260 past 2025-01-19 ("unchanged by the FY2025 rule"); the
      // stored summary of the FY2025 rule gives "IDS filing fee $260 $280 8%".
      {
        effective: FY2025,
        large: 280,
        small: 112,
        micro: 56,
        source: `37 CFR 1.17(p) as amended by the FY2025 rule, 89 FR 91898: large $280 stated in ${MONDAQ_2025_01_15} ("IDS filing fee $260 $280"); ${DERIVED}; ${RULE_TEXT_NOT_STORED}`,
        verified: false,
      },
    ],
  },
  rce_first: {
    code: 'rce_first',
    title: 'Request for continued examination, first request',
    citation: '37 CFR 1.17(e)(1)',
    schedules: [
      {
        effective: UAIA,
        large: 1360,
        small: 544,
        micro: 272,
        source:
          '37 CFR 1.17(e)(1), casetext copy of the eCFR text, "Table 8 to Paragraph (e)(1)": micro $272.00, small 544.00, other 1,360.00 (amounts before 2025-01-19)',
        verified: true,
      },
      {
        effective: FY2025,
        large: 1500,
        small: 600,
        micro: 300,
        source: `37 CFR 1.17(e)(1), govregs copy of the eCFR text: micro $300.00, small 600.00 (large cut off in the stored excerpt); large $1,500 stated in ${MONDAQ_2025_01_15} and ${MONDAQ_ALERT}`,
        verified: true,
      },
    ],
  },
  rce_subsequent: {
    code: 'rce_subsequent',
    title: 'Request for continued examination, second or subsequent request',
    citation: '37 CFR 1.17(e)(2)',
    schedules: [
      {
        effective: UAIA,
        large: 2000,
        small: 800,
        micro: 400,
        source:
          '37 CFR 1.17(e)(2), casetext copy of the eCFR text, "Table 9 to Paragraph (e)(2)": micro $400.00, small 800.00, other 2,000.00 (amounts before 2025-01-19)',
        verified: true,
      },
      {
        effective: FY2025,
        large: 2860,
        small: 1144,
        micro: 572,
        source: `37 CFR 1.17(e)(2) as amended by the FY2025 rule, 89 FR 91898: large $2,860 stated in ${MONDAQ_2025_01_15} ("Second and subsequent RCE $2,000 $2,860") and ${MONDAQ_ALERT} ("increases to $2,860 from $2,000"); ${DERIVED}; ${RULE_TEXT_NOT_STORED}`,
        verified: false,
      },
    ],
  },
  notice_of_appeal: {
    code: 'notice_of_appeal',
    title: 'Notice of appeal from the examiner to the Patent Trial and Appeal Board',
    citation: '37 CFR 41.20(b)(1)',
    schedules: [
      {
        effective: UAIA,
        large: 840,
        small: 336,
        micro: 168,
        source: '37 CFR 41.20(b)(1) as amended by 88 FR 17158 (Mar. 22, 2023), patentutils copy of the CFR text (amounts before 2025-01-19)',
        verified: true,
      },
      {
        effective: FY2025,
        large: 905,
        small: 362,
        micro: 181,
        source:
          '37 CFR 41.20(b)(1) as amended by 89 FR 92011 (Nov. 20, 2024), eCFR text (lexbuild and self-law copies), "Table 1 to Paragraph (b)(1)": micro $181.00, small 362.00, other 905.00',
        verified: true,
      },
    ],
  },
  terminal_disclaimer: {
    code: 'terminal_disclaimer',
    title: 'Statutory disclaimer, including a terminal disclaimer (no small or micro entity reduction)',
    citation: '37 CFR 1.20(d)',
    schedules: [
      {
        effective: UAIA,
        large: 170,
        small: 170,
        micro: 170,
        source:
          '37 CFR 1.20(d) before 2025-01-19: no stored page states the amount (the stored copies of 1.20 show its paragraph (d) without amounts, or omit it); not verified',
        verified: false,
      },
      {
        effective: FY2025,
        large: 200,
        small: 200,
        micro: 200,
        source: `37 CFR 1.20(d) after the FY2025 rule, 89 FR 91898: no stored page states the amount adopted (stored pages give only the proposed, later withdrawn, tiered terminal disclaimer fees, the lowest $200); ${RULE_TEXT_NOT_STORED}`,
        verified: false,
      },
    ],
  },
  issue_fee_utility: {
    code: 'issue_fee_utility',
    title: 'Issue fee, utility or reissue patent',
    // 1.18(a) has no subparagraphs: the stored eCFR copy (lawstack, "verified against eCFR.gov as of
    // June 20, 2026") lists "(a) Issue fee for issuing each original patent, except a design or plant
    // patent, or for issuing each reissue patent" and then "(b)(1)"; FindLaw's copy: "Table 1 to Paragraph (a)".
    citation: '37 CFR 1.18(a)',
    schedules: [
      {
        effective: UAIA,
        large: 1200,
        small: 480,
        micro: 240,
        source: `37 CFR 1.18(a) before 2025-01-19: large $1,200.00 in FindLaw's copy of the CFR ("Table 1 to Paragraph (a)"; its small $600 and micro $300 are the pre-UAIA 50 %/75 % amounts) and in ${MONDAQ_2025_01_15}; ${DERIVED} (MPEP 1306: the issue fee is "reduced by 60 per centum for small entities and 80 per centum for micro entities"); not verified`,
        verified: false,
      },
      {
        effective: FY2025,
        large: 1290,
        small: 516,
        micro: 258,
        source: `37 CFR 1.18(a) as amended by the FY2025 rule, 89 FR 91898: large $1,290 stated in ${MONDAQ_2025_01_15} ("Utility patent application issue fees $1,200 $1,290") and ${MONDAQ_ALERT} ("increases to $1,290 from $1,200"); ${DERIVED}; ${RULE_TEXT_NOT_STORED}`,
        verified: false,
      },
    ],
  },
  publication_fee: {
    code: 'publication_fee',
    title: 'Publication fee on allowance',
    citation: '37 CFR 1.18(d)(1)',
    schedules: [
      {
        effective: UAIA,
        large: 0,
        small: 0,
        micro: 0,
        source:
          '37 CFR 1.18(d)(1): $0 since January 1, 2014 (78 FR 4212), as MPEP 1303 states ("the publication fee was reset to $0.00 effective January 1, 2014", quoted by blueironip); no entity reduction (MPEP 1126); no stored copy of the CFR text of 1.18(d) after 2014, so not verified',
        verified: false,
      },
    ],
  },
  excess_independent_claims: {
    code: 'excess_independent_claims',
    title: 'Excess claims fee, each independent claim in excess of three',
    citation: '37 CFR 1.16(h)',
    schedules: [
      {
        effective: UAIA,
        large: 480,
        small: 192,
        micro: 96,
        source: `37 CFR 1.16(h) before 2025-01-19: large $480 stated as the amount before the FY2025 rule in ${EXCESS_2025}; ${DERIVED}; no stored copy of the CFR table; not verified`,
        verified: false,
      },
      {
        effective: FY2025,
        large: 600,
        small: 240,
        micro: 120,
        source: `37 CFR 1.16(h) as amended by the FY2025 rule, 89 FR 91898: large $600 stated in ${EXCESS_2025}; ${DERIVED}; ${RULE_TEXT_NOT_STORED}`,
        verified: false,
      },
    ],
  },
  excess_claims: {
    code: 'excess_claims',
    title: 'Excess claims fee, each claim in excess of twenty',
    citation: '37 CFR 1.16(i)',
    schedules: [
      {
        effective: UAIA,
        large: 100,
        small: 40,
        micro: 20,
        source: `37 CFR 1.16(i) before 2025-01-19: large $100 stated as the amount before the FY2025 rule in ${EXCESS_2025}; ${DERIVED}; no stored copy of the CFR table; not verified`,
        verified: false,
      },
      {
        effective: FY2025,
        large: 200,
        small: 80,
        micro: 40,
        source: `37 CFR 1.16(i) as amended by the FY2025 rule, 89 FR 91898: large $200 stated in ${EXCESS_2025}; ${DERIVED}; ${RULE_TEXT_NOT_STORED}`,
        verified: false,
      },
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
