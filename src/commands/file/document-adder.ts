/**
 * Adds a document to an application's file (issue 18 item 1): its text as read, with paragraphs,
 * figures and claims, and its audit row, in one transaction. A claim listing, an uploaded
 * response (filed by the practitioner) or an application when the docket holds no claims yet
 * also becomes the docket's current claims in the same transaction, so nothing is stored
 * half-way. The same file added again for the same application and kind is the same document.
 */
import type { Db } from '../../db/connect.ts';
import type { FileDocumentRow } from '../../db/schema.ts';
import type { ClaimEntry } from '../../domain/claims/claim-set.ts';
import type { FileDocumentKind, ReadDocument } from '../../domain/file/read-document.ts';
import type { ColumnLine } from '../../extraction/types.ts';
import { randomBase62 } from '../../auth/secrets.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { storeApplicationClaims } from '../application-claims-recorder.ts';

export interface AddDocumentProps {
  accountId: string;
  applicationId: string;
  docketEntryId: string;
  kind: FileDocumentKind;
  source: 'upload' | 'paste' | 'uspto';
  filename: string | null;
  format: 'txt' | 'docx' | 'pdf' | 'xml';
  sha256: string;
  text: string;
  read: ReadDocument;
  columnLines: ColumnLine[] | null;
  pages: number | null;
  warnings: string[];
  /** Where the text came from: the file's own text, or OCR of a scan (with its mean confidence). */
  textSource?: 'text' | 'ocr';
  ocrConfidence?: number | null;
  title: string | null;
  publication?: { number: string; display: string } | null;
  referenceName?: string | null;
  documentDate?: string | null;
  /** The document's claims become the docket's current claims. */
  claimsBecomeCurrent: boolean;
}

export interface AddedDocument {
  row: FileDocumentRow;
  /** True when the same file was already in the file (nothing was written). */
  duplicate: boolean;
  claimsMadeCurrent: boolean;
}

export async function addFileDocument(db: Db, actor: Actor, props: AddDocumentProps): Promise<AddedDocument> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('file_documents')
      .selectAll()
      .where('account_id', '=', props.accountId)
      .where('application_id', '=', props.applicationId)
      .where('kind', '=', props.kind)
      .where('sha256', '=', props.sha256)
      .executeTakeFirst();
    if (existing) return { row: existing, duplicate: true, claimsMadeCurrent: false };
    const claims: ClaimEntry[] | null = props.read.claims;
    const row = await trx
      .insertInto('file_documents')
      .values({
        id: `doc_${randomBase62(24)}`,
        account_id: props.accountId,
        application_id: props.applicationId,
        kind: props.kind,
        source: props.source,
        filename: props.filename,
        format: props.format,
        sha256: props.sha256,
        title: props.title,
        publication_number: props.publication?.number ?? null,
        publication_display: props.publication?.display ?? null,
        reference_name: props.referenceName ?? null,
        document_date: props.documentDate ?? null,
        text: props.text,
        paragraphs: JSON.stringify(props.read.paragraphs),
        figures: JSON.stringify(props.read.figures),
        column_lines: props.columnLines ? JSON.stringify(props.columnLines) : null,
        claims: claims ? JSON.stringify(claims) : null,
        pages: props.pages,
        warnings: JSON.stringify([...props.warnings, ...props.read.warnings]),
        text_source: props.textSource ?? 'text',
        ocr_confidence: props.ocrConfidence ?? null,
        status: props.kind === 'response' ? 'filed' : 'held',
        filed_at: props.kind === 'response' ? new Date() : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const current = props.claimsBecomeCurrent && claims !== null && claims.length > 0;
    if (current) {
      await storeApplicationClaims(trx, {
        accountId: props.accountId,
        applicationId: props.applicationId,
        claims: claims!,
        source: 'document',
        sourceDocumentId: row.id,
      });
    }
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'docket.document_added',
      targetType: 'docket_entry',
      targetId: props.docketEntryId,
      details: {
        document_id: row.id,
        kind: props.kind,
        source: props.source,
        ...(props.filename ? { filename: props.filename.slice(0, 200) } : {}),
        ...(props.publication ? { publication_number: props.publication.display } : {}),
        paragraphs: props.read.paragraphs.length,
        claims: claims?.length ?? 0,
        claims_made_current: current,
        ...(props.textSource === 'ocr' ? { text_source: 'ocr', ocr_confidence: props.ocrConfidence ?? null } : {}),
      },
    });
    return { row, duplicate: false, claimsMadeCurrent: current };
  });
}
