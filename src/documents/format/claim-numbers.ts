/** Claim numbers in prose: "claims 1-3, 5, and 7", "claim 4". */

/** Sorted, de-duplicated ranges: [1,2,3,5] → [[1,3],[5,5]]. */
function claimRanges(claims: readonly number[]): [number, number][] {
  const sorted = [...new Set(claims)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

/** "1-3, 5, and 7" (a range of two is written "1 and 2" inside a longer list as "1, 2"). */
export function formatClaimNumbers(claims: readonly number[]): string {
  const items: string[] = [];
  for (const [a, b] of claimRanges(claims)) {
    if (a === b) items.push(String(a));
    else if (b === a + 1) items.push(String(a), String(b));
    else items.push(`${a}-${b}`);
  }
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** "claim 4" / "claims 1-3 and 5". */
export function claimsPhrase(claims: readonly number[], capitalized = false): string {
  const unique = new Set(claims);
  const word = unique.size === 1 ? 'claim' : 'claims';
  const w = capitalized ? word[0].toUpperCase() + word.slice(1) : word;
  return `${w} ${formatClaimNumbers(claims)}`;
}

/** "is" / "are" for a set of claims. */
export function verbFor(claims: readonly number[], singular: string, plural: string): string {
  return new Set(claims).size === 1 ? singular : plural;
}
