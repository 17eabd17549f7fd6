// Examiner names as the USPTO writes them: `LAST, FIRST MIDDLE` ("DOVE, TRACY MAE"), with full
// middle names in ODP, initials in older data ("TRAN, ANHTAI V") or none ("SABOURI, MAZDA")
// (uspto-data.md §1.4 "Gotchas"). Matching ignores case, spacing and punctuation, so every name is
// reduced to parts: a compact last name, a compact first name and the middle-name tokens.
// Pure: no I/O.

export interface NameParts {
  /** Letters and digits only, upper case: "VAN DER BERG" → "VANDERBERG", "O'BRIEN" → "OBRIEN". */
  last: string;
  /** First given name, compacted the same way ("JEAN-PAUL" → "JEANPAUL"). */
  first: string;
  /** Middle-name tokens, upper case, punctuation removed ("M." → "M"; "MARY ANN" → ["MARY", "ANN"]). */
  middle: string[];
}

/** Upper case without accents; '+' (a space in form-encoded URLs) reads as a space. */
function fold(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/\+/g, ' ');
}

/** Letters and digits only. */
function compact(token: string): string {
  return token.replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whitespace-separated tokens after dropping punctuation inside each (periods, apostrophes, hyphens). */
function tokens(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map(compact)
    .filter((t) => t.length > 0);
}

/**
 * The parts of a name written `LAST, FIRST MIDDLE` (the USPTO's form; also how Prosa stores it).
 * Without a comma the first token is read as the last name (see nameReadings for queries).
 * Null when no last name is left.
 */
export function parseExaminerName(raw: string | null | undefined): NameParts | null {
  if (raw === null || raw === undefined) return null;
  const text = fold(raw);
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = compact(text.slice(0, comma));
    if (last === '') return null;
    const given = tokens(text.slice(comma + 1));
    return { last, first: given[0] ?? '', middle: given.slice(1) };
  }
  const all = tokens(text);
  if (all.length === 0) return null;
  return { last: all[0], first: all[1] ?? '', middle: all.slice(2) };
}

/**
 * Every way a query can be read. With a comma the reading is fixed. Without one ("dove tracy
 * mae") the last name may span several tokens ("van der berg jan"), so each split point gives a
 * reading: last = tokens before it (compacted), first = the next token, middle = the rest.
 */
export function nameReadings(raw: string): NameParts[] {
  const text = fold(raw);
  if (text.includes(',')) {
    const one = parseExaminerName(raw);
    return one ? [one] : [];
  }
  const all = tokens(text);
  const readings: NameParts[] = [];
  for (let split = 1; split <= Math.max(1, all.length - 1); split++) {
    if (split > all.length) break;
    readings.push({ last: all.slice(0, split).join(''), first: all[split] ?? '', middle: all.slice(split + 1) });
  }
  return readings;
}

/** A middle name given in full (some token longer than an initial). */
export function isFullMiddle(middle: readonly string[]): boolean {
  return middle.some((t) => t.length > 1);
}

export function middleKey(middle: readonly string[]): string {
  return middle.join(' ');
}

/**
 * Could two middle names belong to the same person? Equal; or one is missing; or they agree
 * token by token where each pair is equal or an initial and a name it starts ("M" ↔ "MAE");
 * or one is a single initial of the other's first token ("M" ↔ "MARY ANN").
 */
export function middlesCompatible(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  if (a.join('') === b.join('')) return true;
  const initialOf = (x: string, y: string) => x === y || (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
  if (a.length === b.length) return a.every((t, i) => initialOf(t, b[i]));
  if (a.length === 1 && a[0].length === 1) return b[0].startsWith(a[0]);
  if (b.length === 1 && b[0].length === 1) return a[0].startsWith(b[0]);
  return false;
}

/** The display form Prosa stores: `LAST, FIRST MIDDLE` from separate parts (PatEx 2014–2017 columns). */
export function composeExaminerName(last: string | null, first: string | null, middle: string | null): string | null {
  const l = (last ?? '').trim().replace(/\s+/g, ' ');
  if (l === '') return null;
  const given = [first, middle]
    .map((p) => (p ?? '').trim().replace(/\s+/g, ' '))
    .filter((p) => p !== '')
    .join(' ');
  return given === '' ? l : `${l}, ${given}`;
}
