/**
 * The caption of a paper (application number, filing date, first named inventor, title,
 * examiner, art unit, docket and confirmation numbers) from the application record, with the
 * examiner and art unit the office action states as a fallback for records that lack them.
 *
 * The attorney docket number is the firm's own: the one resolved at submission (the request's,
 * else the docket entry's matter number: src/commands/draft-requests/paper-identity.ts) when there
 * is one; the USPTO record's number (what the firm gave at filing) only for a paper without.
 */
import type { ApplicationRow } from '../../../db/schema.ts';
import type { ApplicationCaption } from '../../../documents/types.ts';

export interface CaptionFallback {
  examiner_name?: string | null;
  art_unit?: string | null;
}

export function captionOf(app: ApplicationRow, fallback: CaptionFallback = {}, attorneyDocketNumber?: string | null): ApplicationCaption {
  const docketNumber = attorneyDocketNumber?.trim() || app.attorney_docket_number;
  return {
    application_number: app.application_number,
    filing_date: app.filing_date ?? '',
    title: app.invention_title,
    examiner_name: app.examiner_name || fallback.examiner_name || '',
    art_unit: app.art_unit || fallback.art_unit || '',
    ...(app.first_inventor_name ? { first_named_inventor: app.first_inventor_name } : {}),
    ...(docketNumber ? { attorney_docket_number: docketNumber } : {}),
    ...(app.confirmation_number ? { confirmation_number: app.confirmation_number } : {}),
    ...(app.first_applicant_name ? { applicant: app.first_applicant_name } : {}),
  };
}

/** Caption fields a paper cannot be filed without that the record lacks (checked before billing). */
export function missingCaptionFields(app: ApplicationRow, fallback: CaptionFallback = {}): string[] {
  const c = captionOf(app, fallback);
  const missing: string[] = [];
  if (!c.filing_date) missing.push('filing_date');
  if (!c.title.trim()) missing.push('invention_title');
  if (!c.examiner_name) missing.push('examiner_name');
  if (!c.art_unit) missing.push('art_unit');
  return missing;
}
