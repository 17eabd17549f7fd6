/**
 * GET /api/docket's opaque cursor: the sort it belongs to and the last entry's key values and id,
 * as base64url JSON. A cursor from another sort, or one that does not parse, is a 400.
 */
import { validationError } from '../errors.ts';
import type { DocketSort } from '../domain/docket-sort.ts';
import { docketCursorValid } from '../queries/docket-sort-keys.ts';

const NOT_OURS = 'is not a cursor this docket gave (use next_cursor of the previous page)';

export function encodeDocketCursor(sort: DocketSort, after: string[]): string {
  return Buffer.from(JSON.stringify([sort, ...after])).toString('base64url');
}

/** The key values and id a cursor holds, checked against the sort (so the casts in SQL cannot fail). */
export function decodeDocketCursor(cursor: string, sort: DocketSort): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validationError('cursor', NOT_OURS);
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || !parsed.every((v) => typeof v === 'string')) throw validationError('cursor', NOT_OURS);
  if (parsed[0] !== sort) throw validationError('cursor', `belongs to sort=${String(parsed[0])}; send the same sort as the first page`);
  const after = parsed.slice(1) as string[];
  if (!docketCursorValid(sort, after)) throw validationError('cursor', NOT_OURS);
  return after;
}
