/**
 * The texts a support search reads (issue 18 item 5): the application's specification as the
 * file holds it, and the references of the art (those an analysis cites, or every reference in
 * the application's file).
 */
import type { Db } from '../db/connect.ts';
import type { SearchableText } from '../domain/art/support.ts';
import { AppError } from '../errors.ts';
import { findAnalysisForAccount } from './analyses.ts';
import { chartSources } from './chart-sources.ts';
import type { DocketItem } from './docket.ts';
import { heldSpecifications } from './file-documents.ts';
import { referencesOfRecord } from '../domain/office-action/references-of-record.ts';

export interface SupportSources {
  specification: SearchableText[];
  references: SearchableText[];
  /** The cited references with no text in the file (said in the answer). */
  references_without_text: string[];
}

export async function supportSources(db: Db, accountId: string, item: DocketItem, analysisId: string | null): Promise<SupportSources> {
  const specs = await heldSpecifications(db, accountId, item.application.id);
  const specification = specs.map((s) => ({ document_id: s.document_id, label: 'specification', text: s.text, paragraphs: s.paragraphs }));
  if (analysisId) {
    const analysis = await findAnalysisForAccount(db, accountId, analysisId);
    if (!analysis || analysis.application_number !== item.application.application_number) {
      throw new AppError(
        404,
        'analysis_not_found',
        'Analysis was not found for this application.',
        'Pass the analysis_id of an analysis of this docket application, or leave it out to search every reference in the file.',
      );
    }
    const sources = await chartSources(db, accountId, analysis);
    const cited = referencesOfRecord(analysis.record).filter((r) => r.kind !== 'aapa' && r.kind !== 'official_notice');
    const labelOf = (base: string | null, name: string | null) =>
      cited.find((c) => (base && c.publication?.base === base) || (!c.publication && name && c.short_name?.toLowerCase() === name.toLowerCase()))?.label ??
      base ??
      name ??
      'reference';
    return {
      specification,
      references: sources.references.map((r) => ({
        document_id: r.document_id,
        label: labelOf(r.publication_base, r.name),
        text: r.text,
        paragraphs: r.paragraphs,
      })),
      references_without_text: cited
        .filter(
          (c) =>
            !sources.references.some(
              (r) => (c.publication && r.publication_base === c.publication.base) || (!c.publication && r.name?.toLowerCase() === c.short_name?.toLowerCase()),
            ),
        )
        .map((c) => c.label),
    };
  }
  const refs = await db
    .selectFrom('file_documents')
    .select(['id', 'publication_display', 'reference_name', 'title', 'text', 'paragraphs'])
    .where('account_id', '=', accountId)
    .where('application_id', '=', item.application.id)
    .where('kind', '=', 'reference')
    .execute();
  return {
    specification,
    references: refs.map((r) => ({
      document_id: r.id,
      label: r.publication_display ?? r.reference_name ?? r.title ?? 'reference',
      text: r.text,
      paragraphs: r.paragraphs as SearchableText['paragraphs'],
    })),
    references_without_text: [],
  };
}
