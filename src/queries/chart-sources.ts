/**
 * What a claim chart of an analysis is built from (issue 18 item 4): the action's text, the
 * claims as the action examined them (the docket's claims of record, or the claims before the
 * response answering it), and the held text of every reference the action cites. Reads only the
 * account's own data and the public reference cache.
 */
import type { Db } from '../db/connect.ts';
import type { ChartReferenceText } from '../domain/art/chart.ts';
import type { ClaimEntry } from '../domain/claims/claim-set.ts';
import { findApplicationForAccount } from './applications.ts';
import { claimsOfRecord, findApplicationClaims } from './application-claims.ts';
import { referencesOfRecord } from '../domain/office-action/references-of-record.ts';
import { heldReferences } from './file-documents.ts';

export interface ChartSources {
  applicationId: string | null;
  claims: ClaimEntry[] | null;
  claimsSource: { source: string; document_id: string | null; updated_at: string } | null;
  references: ChartReferenceText[];
}

/** The mailing date the analysis states, when it found one. */
function mailingDateOf(record: unknown): string | null {
  const v = (record as { office_action?: { metadata?: { mailing_date?: { value?: string } | null } } })?.office_action?.metadata?.mailing_date?.value;
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

export async function chartSources(db: Db, accountId: string, analysis: { id: string; application_number: string; record: unknown }): Promise<ChartSources> {
  const application = await findApplicationForAccount(db, accountId, analysis.application_number);
  const stored = application
    ? claimsOfRecord(await findApplicationClaims(db, accountId, application.id), analysis.id, mailingDateOf(analysis.record))
    : undefined;
  return {
    applicationId: application?.id ?? null,
    claims: stored?.claims.length ? stored.claims : null,
    claimsSource: stored ? { source: stored.source, document_id: stored.source_document_id, updated_at: stored.updated_at.toISOString() } : null,
    references: await chartReferences(db, accountId, analysis.record),
  };
}

/**
 * The held text of every reference the analysed action cites (one statement): all a chart needs
 * when the caller already has the claims (a draft's submission, whose request carries them).
 */
export async function chartReferences(db: Db, accountId: string, record: unknown): Promise<ChartReferenceText[]> {
  const refs = referencesOfRecord(record);
  const numbers = [...new Set(refs.flatMap((r) => (r.publication ? [r.publication.base] : [])))];
  const names = [...new Set(refs.filter((r) => !r.publication && r.short_name).map((r) => r.short_name!))];
  const held = await heldReferences(db, accountId, { numbers, names });
  return held.map((h) => ({
    document_id: h.document_id,
    publication_base: h.publication_number,
    name: h.reference_name,
    text: h.text,
    paragraphs: h.paragraphs,
    figures: h.figures,
    column_lines: h.column_lines,
  }));
}
