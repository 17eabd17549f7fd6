/**
 * The claims of an application as the docket holds them (issue 11, "carry claims forward"), and
 * the checks a set of claims must pass before the next response marks its amendments against it.
 *
 * A claim is `pending` (its text is the clean text now before the examiner), `withdrawn` (still
 * pending after a restriction, not examined; text kept) or `cancelled` (no text). A claim added or
 * amended in an earlier paper is `previously_presented`: the next listing calls it "(Previously
 * Presented)" unless it amends it again (37 CFR 1.121(c); MPEP 714(II)(C)).
 *
 * Pure: no I/O. The one import, `claim-text.ts`, is a dependency-free string module (the same
 * exception as the response plans' markup, docs/decisions/response-plans.md "Response plans").
 */
import { parentClaimOf, stripClaimNumber } from './claim-text.ts';

export type ClaimState = 'pending' | 'withdrawn' | 'cancelled';

export interface ClaimEntry {
  number: number;
  status: ClaimState;
  /** Clean text without the claim number; null for a cancelled claim. */
  text: string | null;
  previously_presented: boolean;
}

/** A problem with a set of claims: the field it concerns and what is wrong. */
export class ClaimSetError extends Error {
  readonly field: string;
  readonly problem: string;
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`);
    this.field = field;
    this.problem = problem;
  }
}

export const MAX_CLAIMS = 1000;
const MAX_CLAIM_CHARS = 20_000;

/** A status identifier of 37 CFR 1.121(c)(1) (and the older "Previously Amended") → the claim's state. */
const IDENTIFIERS: readonly { re: RegExp; status: ClaimState | 'not_entered'; previously: boolean; amended: boolean }[] = [
  { re: /^withdrawn\s*[-–—]\s*currently\s+amended$/i, status: 'withdrawn', previously: true, amended: true },
  { re: /^withdrawn\s*[-–—]\s*previously\s+presented$/i, status: 'withdrawn', previously: true, amended: false },
  { re: /^withdrawn$/i, status: 'withdrawn', previously: false, amended: false },
  { re: /^currently\s+amended$/i, status: 'pending', previously: true, amended: true },
  { re: /^previously\s+(?:presented|amended)$/i, status: 'pending', previously: true, amended: false },
  { re: /^new$/i, status: 'pending', previously: true, amended: true },
  { re: /^original$/i, status: 'pending', previously: false, amended: false },
  { re: /^cancell?ed$/i, status: 'cancelled', previously: false, amended: false },
  { re: /^not\s+entered$/i, status: 'not_entered', previously: false, amended: false },
];

/** The start of a claim in a pasted listing: "3. ", "3) ", "5-7. (Canceled)", "Claim 3. ". */
const CLAIM_START = /^\s*(?:claim\s+)?(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?\s*[.)]\s*(?:\(([^)]{2,60})\)\s*)?/i;

export interface ParsedListing {
  claims: ClaimEntry[];
  /** Advice that does not stop the claims being stored (shown to the caller). */
  warnings: string[];
}

/**
 * A claim listing pasted as text ("1. (Original) A method ...\n2. (Canceled)\n3. The method of
 * claim 1, ..."): each claim starts on a line with its number; a claim runs until the next line
 * that starts with a higher number. Lines before the first claim ("What is claimed is:") are
 * skipped. Status identifiers, when present, give each claim's state.
 */
export function parseClaimListing(text: string): ParsedListing {
  const claims: ClaimEntry[] = [];
  const warnings: string[] = [];
  let current: { entry: ClaimEntry; lines: string[]; amended: boolean } | null = null;
  const close = () => {
    if (!current) return;
    const body = current.lines.join(' ').replace(/\s+/g, ' ').trim();
    if (current.entry.status !== 'cancelled') current.entry.text = body || null;
    else if (body) throw new ClaimSetError(`text (claim ${current.entry.number})`, 'a claim marked (Canceled) must have no text (37 CFR 1.121(c)(4)(i))');
    if (current.amended && body)
      warnings.push(
        `Claim ${current.entry.number} was marked (${current.entry.status === 'withdrawn' ? 'Withdrawn - ' : ''}Currently Amended or New): check that its text is the clean version, since struck-through text survives a plain-text paste.`,
      );
    current = null;
  };
  const last = () => claims[claims.length - 1]?.number ?? 0;
  for (const line of text.split(/\r?\n/)) {
    const m = CLAIM_START.exec(line);
    const first = m ? Number(m[1]) : 0;
    // A numbered line inside a claim ("2) determining ...") is not a new claim: a claim starts at the
    // next number, or at a higher one with a status identifier or a capitalised opening word.
    const starts = m !== null && first > last() && (first === last() + 1 || m[3] !== undefined || /^[A-Z]/.test(line.slice(m[0].length)));
    if (m && starts) {
      close();
      const to = m[2] ? Number(m[2]) : first;
      if (to < first) throw new ClaimSetError('text', `the claim range "${first}-${to}" runs backwards`);
      const identifier = m[3]?.trim();
      const known = identifier ? IDENTIFIERS.find((i) => i.re.test(identifier)) : undefined;
      if (identifier && !known && to !== first) throw new ClaimSetError(`text (claims ${first}-${to})`, `unknown status identifier "(${identifier})"`);
      if (known?.status === 'not_entered') {
        throw new ClaimSetError(`text (claim ${first})`, 'a claim marked (Not Entered) was never entered: paste the claim as it now stands in the application');
      }
      if (to !== first && known?.status !== 'cancelled')
        throw new ClaimSetError(`text (claims ${first}-${to})`, 'only cancelled claims may be listed as a range (37 CFR 1.121(c)(4)(i))');
      for (let n = first; n < to; n++) claims.push({ number: n, status: 'cancelled', text: null, previously_presented: false });
      const entry: ClaimEntry = {
        number: to,
        status: known ? (known.status as ClaimState) : 'pending',
        text: null,
        previously_presented: known?.previously ?? false,
      };
      claims.push(entry);
      // An unrecognised parenthesis is part of the claim's text ("1. (a) ..." is unusual but possible).
      const rest = line.slice(m[0].length);
      current = { entry, lines: [identifier && !known ? `(${identifier}) ${rest}` : rest], amended: known?.amended ?? false };
    } else if (current) {
      current.lines.push(line);
    }
  }
  close();
  if (claims.length === 0)
    throw new ClaimSetError('text', 'no numbered claim found: each claim must start on its own line with its number, e.g. "1. A method ..."');
  return { claims, warnings };
}

/** Claims given one by one; the number in front of a text ("1. A method") is dropped. */
export function claimsFromEntries(
  entries: readonly { number: number; text?: string | null; status?: ClaimState; previously_presented?: boolean }[],
): ClaimEntry[] {
  return entries
    .map((e) => {
      const status = e.status ?? 'pending';
      const text = status === 'cancelled' || e.text == null ? null : stripClaimNumber(e.text).replace(/\s+/g, ' ').trim() || null;
      return { number: e.number, status, text, previously_presented: e.previously_presented ?? false };
    })
    .sort((a, b) => a.number - b.number);
}

/**
 * The checks a claim set must pass (each failure names the claim):
 * - numbers 1 to 9999, each once, at most MAX_CLAIMS claims;
 * - a pending or withdrawn claim has text, clean (no "[[...]]" deletion markup: 37 CFR 1.121(c)(3)
 *   clean text is what the next amendment is marked against), within MAX_CLAIM_CHARS;
 * - a dependent claim refers back to a preceding claim that is in the set and not cancelled
 *   (35 U.S.C. 112(d); 37 CFR 1.75(c); MPEP 608.01(n)).
 */
export function checkClaimSet(claims: readonly ClaimEntry[], field = 'claims'): void {
  if (claims.length === 0) throw new ClaimSetError(field, 'at least one claim is required');
  if (claims.length > MAX_CLAIMS) throw new ClaimSetError(field, `at most ${MAX_CLAIMS} claims`);
  const byNumber = new Map<number, ClaimEntry>();
  for (const c of claims) {
    if (!Number.isInteger(c.number) || c.number < 1 || c.number > 9999) throw new ClaimSetError(field, `claim numbers run from 1 to 9999 (got ${c.number})`);
    if (byNumber.has(c.number)) throw new ClaimSetError(`${field} (claim ${c.number})`, `claim ${c.number} appears more than once`);
    byNumber.set(c.number, c);
  }
  for (const c of claims) {
    if (c.status === 'cancelled') continue;
    const where = `${field} (claim ${c.number})`;
    if (!c.text) throw new ClaimSetError(where, `claim ${c.number} is ${c.status} but has no text (only a cancelled claim has none)`);
    if (c.text.length > MAX_CLAIM_CHARS) throw new ClaimSetError(where, `claim ${c.number} is longer than ${MAX_CLAIM_CHARS} characters`);
    if (/\[\[|\]\]/.test(c.text))
      throw new ClaimSetError(where, `claim ${c.number} contains "[[...]]" deletion markup: give the clean text of the claim as it now stands`);
    const parent = parentClaimOf(c.text);
    if (parent === null) continue;
    if (parent >= c.number)
      throw new ClaimSetError(where, `claim ${c.number} depends from claim ${parent}: a dependent claim must refer back to a preceding claim (37 CFR 1.75(c))`);
    const p = byNumber.get(parent);
    if (!p) throw new ClaimSetError(where, `claim ${c.number} depends from claim ${parent}, which is not in the listing`);
    if (p.status === 'cancelled') throw new ClaimSetError(where, `claim ${c.number} depends from claim ${parent}, which is cancelled`);
  }
}

/** `{ "1": text }` for every claim with text (pending and withdrawn): the response's `claims` input. */
export function claimTexts(claims: readonly ClaimEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of claims) if (c.status !== 'cancelled' && c.text) out[String(c.number)] = c.text;
  return out;
}
