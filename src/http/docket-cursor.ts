/**
 * GET /api/docket's opaque cursor: the sort it belongs to and the last entry's key values and id,
 * as base64url JSON. A cursor from another sort, or one that does not parse, is a 400.
 */
import { validationError } from '../errors.ts';
import type { DocketSort } from '../queries/docket-page.ts';

export function encodeDocketCursor(sort: DocketSort, after: string[]): string {
  return Buffer.from(JSON.stringify([sort, ...after])).toString('base64url');
}

export function decodeDocketCursor(cursor: string, sort: DocketSort, keyCount: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validationError('cursor', 'is not a cursor this docket gave (use next_cursor of the previous page)');
  }
  if (!Array.isArray(parsed) || parsed.length !== keyCount + 2 || !parsed.every((v) => typeof v === 'string')) {
    throw validationError('cursor', 'is not a cursor this docket gave (use next_cursor of the previous page)');
  }
  if (parsed[0] !== sort) throw validationError('cursor', `belongs to sort=${String(parsed[0])}; send the same sort as the first page`);
  return parsed.slice(1) as string[];
}
