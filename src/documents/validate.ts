/** Input checks shared by the builders: a bad input fails loudly rather than filing a wrong paper. */
import { normalizeApplicationNumber } from '../domain/application-number.ts';
import { formatLongDate } from './format/dates.ts';
import { STRATEGY_CODES, type ApplicationCaption, type ClaimDisposition, type StrategyCode } from './types.ts';

export class DocumentInputError extends Error {
  override name = 'DocumentInputError';
}

export function checkDate(field: string, value: string): void {
  try {
    formatLongDate(value);
  } catch {
    throw new DocumentInputError(`${field} must be a date as YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
}

/** The caption with its application number normalized to 8 digits. */
export function checkCaption(c: ApplicationCaption): ApplicationCaption {
  const n = normalizeApplicationNumber(String(c.application_number ?? ''));
  if (!n) throw new DocumentInputError(`caption.application_number must be an 8-digit application number, got ${JSON.stringify(c.application_number)}`);
  checkDate('caption.filing_date', c.filing_date);
  for (const f of ['title', 'examiner_name', 'art_unit'] as const) {
    if (!c[f] || !String(c[f]).trim()) throw new DocumentInputError(`caption.${f} is required`);
  }
  return { ...c, application_number: n };
}

const CODES: ReadonlySet<string> = new Set(STRATEGY_CODES);

export function checkClaims(claims: readonly ClaimDisposition[], strategy: Readonly<Record<number, StrategyCode>>): void {
  const seen = new Set<number>();
  for (const c of claims) {
    if (!Number.isInteger(c.claim_number) || c.claim_number < 1) throw new DocumentInputError(`claim_number must be a positive integer, got ${c.claim_number}`);
    if (seen.has(c.claim_number)) throw new DocumentInputError(`claim ${c.claim_number} appears twice`);
    seen.add(c.claim_number);
    if (!CODES.has(c.recommendation)) throw new DocumentInputError(`claim ${c.claim_number}: unknown recommendation ${JSON.stringify(c.recommendation)}`);
  }
  for (const [k, v] of Object.entries(strategy)) {
    if (!CODES.has(v)) throw new DocumentInputError(`strategy for claim ${k}: unknown strategy ${JSON.stringify(v)}`);
  }
}
