/**
 * The USPTO fees a form's paper pays or names, read from its stored request (`fee`, `extension`,
 * `issue_fee`, `publication_fee`): shown with the submission beside Prosa's own price, so the
 * caller sees both before filing.
 */
export interface UsptoFeeShown {
  citation: string;
  title: string;
  /** Dollars for the entity size; null when Prosa's table has no amount for the date. */
  amount: string | null;
}

export function usptoFeesOf(request: unknown): UsptoFeeShown[] {
  const r = (request ?? {}) as Record<string, unknown>;
  const out: UsptoFeeShown[] = [];
  const push = (f: unknown) => {
    const fee = f as UsptoFeeShown | undefined;
    if (fee && typeof fee.citation === 'string') out.push({ citation: fee.citation, title: fee.title, amount: fee.amount ?? null });
  };
  push(r.fee);
  push((r.extension as { fee?: unknown } | undefined)?.fee);
  push(r.issue_fee);
  push(r.publication_fee);
  return out;
}
