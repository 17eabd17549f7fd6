import { normalizeApplicationNumber } from '../../domain/application-number.ts';
import { text } from './json-values.ts';
import { SKIP, type MapResult } from './skip-reasons.ts';

/**
 * ODP `applicationNumberText` → Prosa's 8-digit number. PCT numbers (ODP writes them
 * `PCTIB2013001896`, uspto-data.md §6) are international applications, not US ones: Prosa
 * does not hold them, so they are skipped with their own reason rather than "invalid".
 */
export function mapApplicationNumber(value: unknown): MapResult<string> {
  const raw = text(value);
  if (raw === null) return { ok: false, reason: SKIP.missingNumber };
  if (/^PCT/i.test(raw)) return { ok: false, reason: SKIP.pctNumber };
  const number = normalizeApplicationNumber(raw);
  if (number === null) return { ok: false, reason: SKIP.invalidNumber };
  return { ok: true, value: number };
}
