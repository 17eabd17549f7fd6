/**
 * The application's file papers from the USPTO (issue 18 item 1): with PROSA_USPTO_API_KEY set,
 * the latest claims (CLM), the specification and abstract as filed (SPEC, ABST) and the
 * applicant's replies (REM and amendments) are fetched from the Open Data Portal, one request at a
 * time, read like an upload, and added to the file. A paper that cannot be had or read is
 * reported and skipped; the others are kept.
 */
import type { Db } from '../../db/connect.ts';
import type { AnalysisEngine } from '../../analysis/analysis-engine.ts';
import { AppError } from '../../errors.ts';
import { extractDocument } from '../../extraction/extract.ts';
import type { DocketItem } from '../../queries/docket.ts';
import type { OdpClient } from '../../sources/odp/odp-client.ts';
import { fetchFileDocuments } from '../../sources/odp/file-documents.ts';
import type { FileDocumentKind as OdpKind } from '../../sources/odp/select-file-documents.ts';
import type { Actor } from '../actor.ts';
import type { AddedDocument } from './document-adder.ts';
import { intakeDocument } from './document-intake.ts';

/** Replies kept at most (newest first): older ones rarely matter and each is a download. */
const MAX_REPLIES = 3;

export interface ImportedPaper {
  document_code: string;
  description: string;
  official_date: string;
  outcome: 'added' | 'already_held' | 'skipped';
  reason: string | null;
  added: AddedDocument | null;
}

export async function importFromUspto(
  deps: { db: Db; engine: AnalysisEngine; client: OdpClient },
  actor: Actor,
  accountId: string,
  item: DocketItem,
  kinds: readonly OdpKind[],
): Promise<ImportedPaper[]> {
  const skipped: ImportedPaper[] = [];
  const papers = await fetchFileDocuments(deps.client, item.application.application_number, {
    kinds,
    onSkip: (p, reason) =>
      skipped.push({
        document_code: p.documentCode,
        description: p.description,
        official_date: p.officialDate,
        outcome: 'skipped',
        reason:
          reason === 'too_large'
            ? 'the file is larger than Prosa downloads'
            : reason === 'refused'
              ? "its address is outside the USPTO's download paths"
              : 'the USPTO has no file for it',
        added: null,
      }),
  });
  if (papers === null) {
    throw new AppError(
      404,
      'app_not_found',
      `The USPTO has no record of application ${item.application.application_number}.`,
      'Check the number; an unpublished application has no public file: upload its papers instead.',
    );
  }
  let replies = 0;
  const out: ImportedPaper[] = [...skipped];
  for (const p of papers) {
    if (p.kind === 'response' && ++replies > MAX_REPLIES) continue;
    const base = { document_code: p.documentCode, description: p.description, official_date: p.officialDate };
    try {
      const extracted = await extractDocument({ filename: p.file.filename, mimetype: p.file.mimetype, bytes: p.file.bytes }, { purpose: 'document' });
      const added = await intakeDocument(
        deps,
        actor,
        accountId,
        item,
        { kind: p.kind, document_date: p.officialDate },
        { type: 'extracted', filename: p.file.filename, extracted, source: 'uspto' },
      );
      out.push({ ...base, outcome: added.duplicate ? 'already_held' : 'added', reason: null, added });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ ...base, outcome: 'skipped', reason: err.message, added: null });
    }
  }
  return out;
}
