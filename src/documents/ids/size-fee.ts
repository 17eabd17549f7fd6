/**
 * The IDS size fee, 37 CFR 1.17(v) (in force from January 19, 2025): due with an IDS that causes
 * the cumulative number of applicant-provided items of information listed in the application's
 * IDSs to exceed 50 (1.17(v)(1)), 100 (1.17(v)(2)) or 200 (1.17(v)(3)), less any amount
 * previously paid; every IDS must assert which fee, if any, accompanies it (37 CFR 1.98(a)(4)).
 * An IDS that does not itself carry the count past a threshold owes no size fee.
 */
const SIZE_FEE_THRESHOLDS = [50, 100, 200] as const;

export interface SizeFee {
  cumulative: number;
  /** 1, 2 or 3 for 37 CFR 1.17(v)(1)-(3); null when no size fee is due. */
  paragraph: 1 | 2 | 3 | null;
  /** The highest threshold the cumulative count exceeds (0 when none). */
  exceeds: number;
}

function tier(count: number): 0 | 1 | 2 | 3 {
  if (count > 200) return 3;
  if (count > 100) return 2;
  if (count > 50) return 1;
  return 0;
}

export function idsSizeFee(previouslySubmitted: number, inThisStatement: number): SizeFee {
  if (!Number.isInteger(previouslySubmitted) || previouslySubmitted < 0)
    throw new RangeError(`items_previously_submitted must be a whole number, got ${previouslySubmitted}`);
  const cumulative = previouslySubmitted + inThisStatement;
  const before = tier(previouslySubmitted);
  const after = tier(cumulative);
  return {
    cumulative,
    paragraph: after > before ? (after as 1 | 2 | 3) : null,
    exceeds: after === 0 ? 0 : SIZE_FEE_THRESHOLDS[after - 1],
  };
}
