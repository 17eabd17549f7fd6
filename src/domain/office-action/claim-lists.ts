/**
 * Claim lists as examiners write them (PTOL-326 "Claim(s) 1-20 is/are pending", MPEP form
 * paragraphs "Claim(s) [1] is/are rejected ..."): "1-5, 8 and 10-12", "1 to 5", "1 through 5",
 * en and em dashes, "1 & 4", "1, 8; 2 and 9", ranges broken across lines, "claim 1", "claims 1 and 2".
 * Hand-written scanners: linear, no regular-expression backtracking.
 */

const MAX_CLAIM = 999;
const MAX_RANGE = 500;

export interface ClaimListMatch {
  numbers: number[];
  /** Offsets of the list itself (first digit to last digit). */
  start: number;
  end: number;
}

const DASHES = new Set([45, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xfe58, 0xfe63, 0xff0d]);

type Sep = { end: number; range: boolean } | null;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;
}
function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Reads a number at `i`; five or more digits can never be a claim number. */
function readNumber(s: string, i: number): { value: number; end: number } | null {
  if (!isDigit(s.charCodeAt(i))) return null;
  let j = i;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  return { value: j - i > 4 ? Number.POSITIVE_INFINITY : Number(s.slice(i, j)), end: j };
}

function wordAt(s: string, i: number, word: string): boolean {
  if (s.length < i + word.length) return false;
  for (let k = 0; k < word.length; k++) {
    const c = s.charCodeAt(i + k) | 0x20;
    if (c !== word.charCodeAt(k)) return false;
  }
  return !isLetter(s.charCodeAt(i + word.length));
}

/** Reads the separator after a number; returns where the next number must start. */
function readSeparator(s: string, i: number): Sep {
  let j = i;
  let range = false;
  let sawSeparator = false;
  let steps = 0;
  while (j < s.length && steps < 12) {
    steps++;
    const c = s.charCodeAt(j);
    if (isWs(c)) {
      j++;
      continue;
    }
    if (DASHES.has(c)) {
      range = true;
      sawSeparator = true;
      j++;
      continue;
    }
    if (c === 44 || c === 59 || c === 38) {
      sawSeparator = true;
      j++;
      continue;
    } // , ; &
    if (c === 47 && wordAt(s, j + 1, 'or')) {
      sawSeparator = true;
      j += 3;
      continue;
    } // and/or
    if (wordAt(s, j, 'and')) {
      sawSeparator = true;
      j += 3;
      continue;
    }
    if (wordAt(s, j, 'or')) {
      sawSeparator = true;
      j += 2;
      continue;
    }
    if (wordAt(s, j, 'to')) {
      range = true;
      sawSeparator = true;
      j += 2;
      continue;
    }
    if (wordAt(s, j, 'through')) {
      range = true;
      sawSeparator = true;
      j += 7;
      continue;
    }
    if (wordAt(s, j, 'thru')) {
      range = true;
      sawSeparator = true;
      j += 4;
      continue;
    }
    if (wordAt(s, j, 'claims')) {
      j += 6;
      continue;
    }
    if (wordAt(s, j, 'claim')) {
      j += 5;
      if (s.startsWith('(s)', j)) j += 3;
      continue;
    }
    break;
  }
  if (!sawSeparator || !isDigit(s.charCodeAt(j))) return null;
  return { end: j, range };
}

function addRange(out: Set<number>, a: number, b: number): void {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (lo < 1 || hi > MAX_CLAIM || hi - lo > MAX_RANGE) return;
  for (let k = lo; k <= hi; k++) out.add(k);
}

/**
 * Reads a claim list starting at `pos` (after "claims"/"claim(s)"), stopping at the first token
 * that is not a number or a list separator. Returns null when no number starts the list.
 */
export function readClaimList(s: string, pos: number): ClaimListMatch | null {
  let i = pos;
  while (i < s.length && isWs(s.charCodeAt(i)) && i - pos < 40) i++;
  // "Claim No. 5", "claims Nos. 1-3"
  if (wordAt(s, i, 'nos') || wordAt(s, i, 'no')) {
    i += wordAt(s, i, 'nos') ? 3 : 2;
    if (s.charCodeAt(i) === 46) i++;
    while (i < s.length && isWs(s.charCodeAt(i)) && i - pos < 50) i++;
  }
  const first = readNumber(s, i);
  if (!first || !Number.isFinite(first.value)) return null;
  if (isLetter(s.charCodeAt(first.end))) return null; // "claim 1a" / "claim 2nd" is not a list
  const out = new Set<number>();
  const start = i;
  let end = first.end;
  let prev = first.value;
  addRange(out, prev, prev);
  for (let count = 0; count < 2000; count++) {
    const sep = readSeparator(s, end);
    if (!sep) break;
    const num = readNumber(s, sep.end);
    const invalid = !num || !Number.isFinite(num.value) || num.value < 1 || num.value > MAX_CLAIM;
    if (invalid && sep.range) return null; // "1-999999": not a claim range at all
    if (!num || invalid || isLetter(s.charCodeAt(num.end))) break;
    // A period right after a number followed by more digits is a decimal ("1.5"), not a list.
    if (s.charCodeAt(num.end) === 46 && isDigit(s.charCodeAt(num.end + 1))) break;
    if (sep.range) addRange(out, prev, num.value);
    else addRange(out, num.value, num.value);
    prev = num.value;
    end = num.end;
  }
  if (out.size === 0) return null;
  return { numbers: [...out].sort((a, b) => a - b), start, end };
}

// A number written after these is a document number ("U.S. Patent No. 10,072,876"), not a claim.
const DOCUMENT_PREFIX = /(?:\bNos?\.?|\bPatent|\bPub\.?|\bUS|U\.S\.|\bEP|\bWO|\bJP|#)\s{0,3}$/i;

/**
 * Parses a written claim list into sorted unique claim numbers: "1-5, 8 and 10-12", "Claims 1 to 5",
 * "1 through 5", "1–5", "1 & 4", "1, 8; 2 and 9", "claim 1", "claims 1 and 2". Numbers outside
 * 1..999, and document numbers ("Patent No. 10,072,876"), are ignored.
 */
export function parseClaimList(s: string): number[] {
  const out = new Set<number>();
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isDigit(c) && (i === 0 || !isDigit(s.charCodeAt(i - 1)))) {
      if (DOCUMENT_PREFIX.test(s.slice(Math.max(0, i - 12), i))) {
        while (i < s.length && (isDigit(s.charCodeAt(i)) || (s.charCodeAt(i) === 44 && isDigit(s.charCodeAt(i + 1))))) i++;
        continue;
      }
      const m = readClaimList(s, i);
      if (m) {
        for (const n of m.numbers) out.add(n);
        i = m.end;
        continue;
      }
      i = readNumber(s, i)?.end ?? i + 1;
      continue;
    }
    i++;
  }
  return [...out].sort((a, b) => a - b);
}

/** Formats claim numbers compactly: [1,2,3,5] → "1-3, 5". */
export function formatClaimList(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(', ');
}
