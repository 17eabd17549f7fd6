// Readers for values inside untrusted ODP JSON. The API's own types drift (generated clients
// show `applicationConfirmationNumber` as float32, status codes as int or float; uspto-data.md
// §1.4), so every field is read defensively and a wrong type becomes null, never an exception.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A trimmed non-empty string (numbers are accepted and written in decimal); otherwise null. */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  return s === '' ? null : s;
}

/** An integer (4114, 4114.0 or "4114"); otherwise null. */
export function integer(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*-?\d+(\.0+)?\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

/**
 * The calendar date a value starts with, as written: "2021-01-05" and
 * "2023-10-03T09:18:25.000-0400" both give their first ten characters. No time-zone conversion:
 * the USPTO's date is the date printed on the paper (the Eastern-time day), and converting to UTC
 * would move late-evening papers to the next day. Impossible dates (2023-02-30) give null.
 */
export function calendarDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The array at `value`, or an empty one. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
