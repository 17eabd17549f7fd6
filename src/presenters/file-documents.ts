/**
 * Wire shapes of the application file (issue 18): a document as listed and as read, and the
 * request bodies that add one. The zod schemas are the routes' request and response schemas, the
 * OpenAPI document's, and the MCP tools' output schemas (one contract, issue 23).
 */
import { z } from 'zod';
import type { FileDocumentRow } from '../db/schema.ts';
import { FILE_DOCUMENT_KINDS } from '../domain/file/read-document.ts';
import type { TextParagraph } from '../domain/file/paragraphs.ts';
import type { FigureEntry } from '../domain/file/read-document.ts';
import type { ClaimEntry } from '../domain/claims/claim-set.ts';
import { paragraphText } from '../domain/file/paragraphs.ts';
import type { FileDocumentSummary } from '../queries/file-documents.ts';

const KIND_WORDS =
  'claims (a claim listing), specification, application (as filed or published: specification and claims), reference (a document the examiner cites), response (an earlier reply)';

const documentKind = z
  .enum(FILE_DOCUMENT_KINDS as [string, ...string[]], { error: `kind must be one of ${FILE_DOCUMENT_KINDS.join(', ')}: ${KIND_WORDS}` })
  .describe(`What the document is: ${KIND_WORDS}`);

/** The fields that describe a document, whether sent as JSON or as multipart fields beside the file. */
const documentFields = {
  kind: documentKind,
  publication_number: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .optional()
    .describe('References: the publication number as the action writes it (US 2005/0025220 A1, US 7,123,456 B2, JP 2008-008593 A)'),
  reference_name: z
    .string()
    .trim()
    .min(2)
    .max(200)
    .optional()
    .describe('References without a number (non-patent literature): the name the action uses for it, e.g. "Smith"'),
  document_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional()
    .describe('The date the document bears (filing, publication, response), YYYY-MM-DD'),
};

export const addDocumentJsonBody = z
  .object({
    ...documentFields,
    text: z
      .string()
      .min(1)
      .max(4 * 1024 * 1024)
      .optional()
      .describe(
        'The document\'s text (UTF-8). Or, for a file, send multipart/form-data with the file in the field "file" and these fields beside it, or file_base64 with filename.',
      ),
    file_base64: z
      .string()
      .min(4)
      .max(14 * 1024 * 1024)
      .regex(/^[A-Za-z0-9+/=\s]+$/, 'must be base64')
      .optional()
      .describe('A file (PDF, DOCX, TXT or USPTO XML) encoded in base64, at most 10 MB decoded; give filename with it'),
    filename: z.string().trim().min(1).max(200).optional().describe("The file's name (its extension tells the format with file_base64)"),
  })
  .strict();

export const documentSummarySchema = z.object({
  document_id: z.string(),
  kind: z.string(),
  /** upload | paste | uspto | prosa */
  source: z.string().describe('upload, paste, uspto (Open Data Portal) or prosa (a response Prosa drafted)'),
  status: z.string().describe('held; responses Prosa drafted: draft until marked filed, then filed'),
  filename: z.string().nullable(),
  format: z.string(),
  title: z.string().nullable(),
  publication_number: z.string().nullable().describe('References: the publication number as displayed (US 2005/0025220 A1)'),
  publication_base: z.string().nullable().describe('The publication number without kind code (US20050025220)'),
  reference_name: z.string().nullable(),
  document_date: z.string().nullable(),
  paragraphs: z.number().int().describe('Paragraphs read from the text (numbered [0001]... where the text numbers them)'),
  claims: z.number().int().describe('Claims read from the text'),
  figures: z.number().int(),
  pages: z.number().int().nullable(),
  column_layout: z.boolean().describe('A grant PDF whose column and line numbers were read: "col. 3, ll. 4-10" pinpoints resolve'),
  warnings: z.array(z.string()),
  text_source: z
    .enum(['text', 'ocr'])
    .describe(
      "text: the file's own text (or a paste, or USPTO data); ocr: a scan with no text layer, read by OCR, which may misread characters (check quotations against the original)",
    ),
  ocr_confidence: z.number().int().min(0).max(100).nullable().describe('OCR only: the mean confidence of the words read, 0-100'),
  created_at: z.string(),
  filed_at: z.string().nullable(),
  draft_job_id: z.string().nullable(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const addedDocumentSchema = documentSummarySchema.extend({
  duplicate: z.boolean().describe('The same file was already in the file: nothing new was stored'),
  claims_made_current: z.boolean().describe("The document's claims became the docket's current claims"),
});

export const documentListSchema = z.object({
  docket_entry_id: z.string(),
  application_number: z.string(),
  documents: z.array(documentSummarySchema),
});

export const documentDetailSchema = documentSummarySchema.extend({
  text_chars: z.number().int(),
  paragraph_list: z.array(z.object({ number: z.number().int().nullable(), label: z.string(), section: z.string().nullable(), text: z.string() })),
  claim_list: z.array(z.object({ number: z.number().int(), status: z.string(), text: z.string().nullable() })),
  figure_list: z.array(z.object({ label: z.string(), figures: z.array(z.string()), paragraph: z.number().int().nullable() })),
});

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());
const day = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

type SummaryInput = Pick<
  FileDocumentRow,
  | 'id'
  | 'kind'
  | 'source'
  | 'status'
  | 'filename'
  | 'format'
  | 'title'
  | 'publication_number'
  | 'publication_display'
  | 'reference_name'
  | 'document_date'
  | 'pages'
  | 'warnings'
  | 'text_source'
  | 'ocr_confidence'
  | 'created_at'
  | 'filed_at'
  | 'draft_job_id'
> & {
  paragraph_count: number;
  claim_count: number;
  figure_count: number;
  has_column_lines: boolean;
};

export function presentDocumentSummary(d: SummaryInput | FileDocumentSummary): DocumentSummary {
  return {
    document_id: d.id,
    kind: d.kind,
    source: d.source,
    status: d.status,
    filename: d.filename,
    format: d.format,
    title: d.title,
    publication_number: d.publication_display,
    publication_base: d.publication_number,
    reference_name: d.reference_name,
    document_date: day(d.document_date as Date | string | null),
    paragraphs: d.paragraph_count,
    claims: d.claim_count,
    figures: d.figure_count,
    pages: d.pages,
    column_layout: d.has_column_lines,
    warnings: d.warnings,
    text_source: d.text_source === 'ocr' ? 'ocr' : 'text',
    ocr_confidence: d.ocr_confidence,
    created_at: iso(d.created_at)!,
    filed_at: iso(d.filed_at),
    draft_job_id: d.draft_job_id,
  };
}

/** A whole row as a summary (counts taken from its arrays). */
export function summaryOfRow(row: FileDocumentRow): SummaryInput {
  return {
    ...row,
    paragraph_count: (row.paragraphs as unknown[]).length,
    claim_count: ((row.claims as unknown[] | null) ?? []).length,
    figure_count: (row.figures as unknown[]).length,
    has_column_lines: row.column_lines !== null,
  };
}

export function presentAddedDocument(row: FileDocumentRow, added: { duplicate: boolean; claimsMadeCurrent: boolean }): z.infer<typeof addedDocumentSchema> {
  return { ...presentDocumentSummary(summaryOfRow(row)), duplicate: added.duplicate, claims_made_current: added.claimsMadeCurrent };
}

export function presentDocumentDetail(row: FileDocumentRow): z.infer<typeof documentDetailSchema> {
  const paragraphs = row.paragraphs as TextParagraph[];
  return {
    ...presentDocumentSummary(summaryOfRow(row)),
    text_chars: row.text.length,
    paragraph_list: paragraphs.map((p) => ({ number: p.number, label: p.label, section: p.section, text: paragraphText(row.text, p) })),
    claim_list: ((row.claims as ClaimEntry[] | null) ?? []).map((c) => ({ number: c.number, status: c.status, text: c.text })),
    figure_list: (row.figures as FigureEntry[]).map((f) => ({ label: f.label, figures: f.figures, paragraph: f.paragraph })),
  };
}
