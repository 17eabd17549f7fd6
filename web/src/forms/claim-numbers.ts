/**
 * "1-8, 10" into [1, 2, ..., 8, 10] for the forms that name claims (notice of appeal, issue-fee
 * transmittal); a sentence naming the bad part when it is not a claim list. Claims are numbered
 * from 1 (37 CFR 1.126); the server caps a list at 500 numbers.
 */
export function parseClaimNumbers(text: string): number[] | string {
  const out = new Set<number>();
  for (const raw of text.split(/[,;\s]+/).filter(Boolean)) {
    const m = /^(\d{1,4})(?:[-–](\d{1,4}))?$/.exec(raw);
    if (!m) return `"${raw}" is not a claim number or range (e.g. 1-8, 10).`;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to < from) return `"${raw}" is not a claim range: claims count from 1, lowest first.`;
    if (to - from >= 500) return `"${raw}" names more than 500 claims.`;
    for (let n = from; n <= to; n++) out.add(n);
  }
  if (out.size > 500) return 'At most 500 claims can be listed.';
  return [...out].sort((a, b) => a - b);
}
