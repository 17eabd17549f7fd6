/**
 * A document entering the application file (issue 18 item 1), from an upload, a paste or the
 * USPTO: its text extracted (bounded, in a separate process), read into paragraphs, figures and
 * claims (in an analysis thread), checked for what its kind must have, then stored with its audit
 * row in one transaction. Every refusal is an error object naming what is wrong; a refused
 * document stores nothing and charges nothing.
 */
import type { Db } from '../../db/connect.ts';
import type { DocketItem } from '../../queries/docket.ts';
import { AppError } from '../../errors.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { checkClaimSet, ClaimSetError } from '../../domain/claims/claim-set.ts';
import type { FileDocumentKind, ReadDocument } from '../../domain/file/read-document.ts';
import { normalizePublicationNumber } from '../../domain/office-action/publication-numbers.ts';
import type { PublicationNumber } from '../../domain/office-action/types.ts';
import { extractDocument } from '../../extraction/extract.ts';
import type { ExtractedText } from '../../extraction/types.ts';
import { decodeCharacterReferences } from '../../extraction/text.ts';
import type { AnalysisEngine } from '../../analysis/analysis-engine.ts';
import { citedReferences, type CitedReferenceEntry } from '../../queries/cited-references.ts';
import { findApplicationClaims } from '../../queries/application-claims.ts';
import type { Actor } from '../actor.ts';
import { addFileDocument, type AddedDocument } from './document-adder.ts';

export interface IntakeFields {
  kind: FileDocumentKind;
  publication_number?: string;
  reference_name?: string;
  document_date?: string;
}

export type IntakeContent =
  | { type: 'text'; text: string; filename?: string | null }
  | { type: 'file'; filename: string; mimetype: string; bytes: Buffer }
  | { type: 'extracted'; filename: string; extracted: ExtractedText; source: 'uspto' };

export interface IntakeDeps {
  db: Db;
  engine: AnalysisEngine;
}

function refusal(status: number, code: string, message: string, suggestion: string): AppError {
  return new AppError(status, code, message, `${suggestion} Nothing was stored.`);
}

/** Which of the cited references a reference document is: by number, else by name. */
function matchCited(cited: readonly CitedReferenceEntry[], publication: PublicationNumber | null, name: string | undefined): CitedReferenceEntry | undefined {
  if (publication) return cited.find((c) => c.publication?.base === publication.base);
  if (name) {
    const lower = name.toLowerCase();
    return cited.find((c) => !c.publication && ((c.short_name ?? '').toLowerCase() === lower || c.label.toLowerCase() === lower));
  }
  return undefined;
}

function citedList(cited: readonly CitedReferenceEntry[]): string {
  return cited.length ? cited.map((c) => c.label).join('; ') : 'none (no office action of this application has been analysed yet)';
}

/** What a document of each kind must yield to be worth holding. */
function checkRead(kind: FileDocumentKind, read: ReadDocument, extracted: Pick<ExtractedText, 'column_lines'>): string[] {
  const warnings: string[] = [];
  if (kind === 'claims') {
    if (!read.claims)
      throw refusal(
        422,
        'claims_unreadable',
        `The claim listing could not be read: ${read.claimsProblem ?? 'no numbered claim was found'}.`,
        'Send the claims with each claim on its own line starting with its number ("1. A method ...").',
      );
    try {
      checkClaimSet(read.claims, 'claims');
    } catch (err) {
      if (err instanceof ClaimSetError)
        throw refusal(422, 'claims_unreadable', `The claim listing could not be used: ${err.field}: ${err.problem}.`, 'Correct the listing and send it again.');
      throw err;
    }
  }
  if ((kind === 'specification' || kind === 'reference' || kind === 'application') && read.paragraphs.length === 0 && !extracted.column_lines?.length) {
    throw refusal(
      422,
      'no_text_found',
      `No paragraphs of a ${kind === 'reference' ? 'reference' : 'specification'} were found in the document.`,
      'Upload the full text (PDF with a text layer, DOCX, TXT or USPTO XML).',
    );
  }
  if ((kind === 'application' || kind === 'response') && read.claimsProblem)
    warnings.push(`The claims in this document could not be read (${read.claimsProblem}); they were not taken as the docket's claims.`);
  if (kind === 'response' && read.claims && !read.claimsProblem) {
    try {
      checkClaimSet(read.claims, 'claims');
    } catch (err) {
      if (!(err instanceof ClaimSetError)) throw err;
      warnings.push(`The response's claim listing is not complete (${err.problem}); it was kept, but not taken as the docket's claims.`);
      read.claims = null;
    }
  }
  return warnings;
}

export async function intakeDocument(
  deps: IntakeDeps,
  actor: Actor,
  accountId: string,
  item: DocketItem,
  fields: IntakeFields,
  content: IntakeContent,
): Promise<AddedDocument> {
  const { kind } = fields;
  if (kind !== 'reference' && (fields.publication_number || fields.reference_name)) {
    throw refusal(
      400,
      'validation_error',
      'publication_number and reference_name are for documents of kind "reference".',
      'Leave them out for this kind of document.',
    );
  }
  // A reference must be one the examiner cites: checked before the file is read.
  let publication: PublicationNumber | null = null;
  let cited: CitedReferenceEntry[] = [];
  if (kind === 'reference') {
    if (fields.publication_number) {
      publication = normalizePublicationNumber(fields.publication_number);
      if (!publication)
        throw refusal(
          400,
          'validation_error',
          `publication_number: "${fields.publication_number.slice(0, 40)}" is not a publication number (e.g. US 2005/0025220 A1, US 7,123,456 B2, EP 1 234 567 A1).`,
          'Write the number as the action cites it.',
        );
    }
    cited = await citedReferences(deps.db, accountId, item.application);
  }

  let extracted: ExtractedText;
  let source: 'upload' | 'paste' | 'uspto';
  let filename: string | null;
  if (content.type === 'text') {
    const text = decodeCharacterReferences(
      content.text
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n')
        .replace(/\u0000/g, ''),
    );
    if (!text.trim()) throw refusal(400, 'validation_error', 'text: must not be empty.', "Send the document's text.");
    extracted = { format: 'txt', text, pages: null, column_lines: null, bibliography: null, warnings: [], text_source: 'text', ocr_confidence: null };
    source = 'paste';
    filename = content.filename ?? null;
  } else if (content.type === 'file') {
    extracted = await extractDocument({ filename: content.filename, mimetype: content.mimetype, bytes: content.bytes }, { purpose: 'document' });
    source = 'upload';
    filename = content.filename;
  } else {
    extracted = content.extracted;
    source = content.source;
    filename = content.filename;
  }

  if (kind === 'reference') {
    // The number the document states about itself (USPTO XML), when the caller gave none.
    const bib = extracted.bibliography;
    if (!publication && !fields.reference_name && bib?.doc_number)
      publication = normalizePublicationNumber(`${bib.country ?? 'US'} ${bib.doc_number} ${bib.kind ?? ''}`.trim());
    if (!publication && !fields.reference_name)
      throw refusal(
        400,
        'validation_error',
        'A reference needs publication_number (or, for non-patent literature, reference_name).',
        `Give the number as the action cites it. References cited: ${citedList(cited)}.`,
      );
    if (!matchCited(cited, publication, fields.reference_name)) {
      throw refusal(
        422,
        'reference_not_cited',
        `${publication?.display ?? fields.reference_name} is not among the references the analysed office actions of ${item.application.application_number} cite: ${citedList(cited)}.`,
        'Upload a reference the examiner relies on (analyse the office action first), or check the number.',
      );
    }
  }

  const text = kind === 'response' && extracted.clean_text ? extracted.clean_text : extracted.text;
  const read = await deps.engine.readDocument({ text, kind });
  const warnings = [...extracted.warnings, ...checkRead(kind, read, extracted)];
  const match = kind === 'reference' ? matchCited(cited, publication, fields.reference_name) : undefined;
  const pub = match?.publication ?? publication;

  let claimsBecomeCurrent = kind === 'claims' || (kind === 'response' && read.claims !== null);
  if (kind === 'application' && read.claims) {
    const held = await findApplicationClaims(deps.db, accountId, item.application.id);
    claimsBecomeCurrent = !held;
    if (held)
      warnings.push(
        "The docket already holds claims for this application: they were kept; the claims of this document are stored as the application's claims as filed.",
      );
  }

  return addFileDocument(deps.db, actor, {
    accountId,
    applicationId: item.application.id,
    docketEntryId: item.entry.id,
    kind,
    source,
    filename,
    format: extracted.format,
    sha256: sha256Hex(text),
    text,
    read,
    columnLines: extracted.column_lines,
    pages: extracted.pages,
    warnings,
    textSource: extracted.text_source,
    ocrConfidence: extracted.ocr_confidence,
    title: extracted.bibliography?.title ?? read.title,
    publication: kind === 'reference' && pub ? { number: pub.base, display: pub.display } : null,
    referenceName: kind === 'reference' ? (fields.reference_name ?? match?.short_name ?? null) : null,
    documentDate: fields.document_date ?? extracted.bibliography?.date ?? null,
    claimsBecomeCurrent,
  });
}
