// Readers for PatEx CSV cells. Real rows write missing values as the literal `None` as well as
// empty fields (shared/data/patex-samples/README.md; patex-2017-example-rows.txt), and tools that
// re-export the files turn integers into floats ("150.0") and drop leading zeros.
import { normalizeApplicationNumber } from '../../domain/application-number.ts';
import { calendarDate } from '../odp/json-values.ts';
import { PATEX_SKIP, type RowResult } from './skip-reasons.ts';

/** The trimmed cell, or null for empty / `None`. */
export function cell(value: string | undefined): string | null {
  if (value === undefined) return null;
  const s = value.trim();
  return s === '' || s === 'None' ? null : s;
}

/** An integer written "150" or "150.0"; otherwise null. */
export function integerCell(value: string | undefined): number | null {
  const s = cell(value);
  if (s === null || !/^-?\d+(\.0+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/** An identifier that may have been written as a float ("66459.0" → "66459"). */
export function codeCell(value: string | undefined): string | null {
  const s = cell(value);
  if (s === null) return null;
  return /^\d+\.0+$/.test(s) ? s.replace(/\.0+$/, '') : s;
}

/** A YYYY-MM-DD date (a time part is ignored); impossible dates are null. */
export function dateCell(value: string | undefined): string | null {
  return calendarDate(cell(value) ?? undefined);
}

/**
 * PatEx application numbers are 8-character strings with leading zeros ("02045760"); a
 * re-exported file may have lost the zero ("2045760" or "2045760.0"), so 7 digits are padded.
 * PCT numbers are not US applications (skipped with their own reason, as the ODP importer does).
 */
export function applicationNumberCell(value: string | undefined): RowResult<string> {
  const raw = cell(value);
  if (raw === null) return { ok: false, reason: PATEX_SKIP.missingNumber };
  if (/^PCT/i.test(raw)) return { ok: false, reason: PATEX_SKIP.pctNumber };
  const digits = /^\d{7}(\.0+)?$/.test(raw) ? `0${raw.replace(/\.0+$/, '')}` : raw.replace(/\.0+$/, '');
  const number = normalizeApplicationNumber(digits);
  return number === null ? { ok: false, reason: PATEX_SKIP.invalidNumber } : { ok: true, value: number };
}
