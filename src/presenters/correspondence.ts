import { z } from 'zod';
import type { CorrespondenceRow } from '../db/schema.ts';
import type { PaperSummary } from '../queries/correspondence.ts';
import { actionKindForDocumentCode, interfaceTypeForDocumentCode } from '../sources/uspto-codes.ts';

/**
 * One paper of an application's file (a `correspondence` row). `document_code` is the USPTO's
 * (CTRS = restriction); `office_action_type` is the interface's code for it (CTED for a
 * restriction; null where the interface has none) and `action_kind` the deadline engine's kind,
 * both from the one map in sources/uspto-codes.ts. `recorded_by_account` marks a paper this
 * account recorded itself (visible to it alone).
 */
export const paperSchema = z.object({
  id: z.string(),
  document_code: z.string().describe("The USPTO's document code (CTNF, CTFR, CTRS = restriction, ...)"),
  description: z.string().nullable(),
  mailing_date: z.string(),
  direction: z.string().nullable().describe('INCOMING, OUTGOING or INTERNAL'),
  period_months: z.number().int().nullable().describe('The shortened statutory period the paper states, when known'),
  office_action_type: z.string().nullable().describe("The interface's code (CTED for a restriction); null where it has none"),
  action_kind: z
    .enum(['non_final', 'final', 'restriction', 'quayle', 'notice_of_allowance'])
    .nullable()
    .describe("The deadline engine's kind; null when the paper sets no reply period"),
  has_text: z.boolean().describe('GET /api/correspondence/{id} can return the full text'),
  text_source: z.enum(['text', 'ocr']).describe('ocr: read by OCR from a scan (check quotations against the original)'),
  ocr_confidence: z.number().nullable().describe('OCR: mean word confidence 0-100'),
  recorded_by_account: z.boolean().describe('A paper this account recorded itself (visible to it alone)'),
  source: z.string(),
});
export type PaperWire = z.infer<typeof paperSchema>;

/** GET /api/applications/{number}/correspondence. */
export const paperPageSchema = z.object({
  application_number: z.string(),
  correspondence: z.array(paperSchema),
  next_cursor: z.string().nullable().describe('Pass as `before` for the next (older) page; null on the last page'),
});

/** GET /api/correspondence/{id}. */
export const paperWithTextSchema = paperSchema.extend({
  application_number: z.string(),
  full_text: z.string().nullable().describe('Null when the text is not stored'),
  text_characters: z.number().int(),
});

export function presentPaper(p: PaperSummary): PaperWire {
  return {
    id: p.id,
    document_code: p.document_code,
    description: p.description,
    mailing_date: p.mailing_date,
    direction: p.direction,
    period_months: p.period_months,
    office_action_type: interfaceTypeForDocumentCode(p.document_code),
    action_kind: actionKindForDocumentCode(p.document_code),
    has_text: p.has_text,
    // 'ocr': the text was read by OCR from a scan (confidence 0-100): check quotations against the original.
    text_source: p.text_source === 'ocr' ? ('ocr' as const) : ('text' as const),
    ocr_confidence: p.ocr_confidence,
    recorded_by_account: p.owner_account_id !== null,
    source: p.source,
  };
}

/** The single paper: the list fields, the application's number and the full text (null when not stored). */
export function presentPaperWithText(p: CorrespondenceRow, applicationNumber: string): z.infer<typeof paperWithTextSchema> {
  const { full_text, ...rest } = p;
  return {
    ...presentPaper({ ...rest, has_text: full_text !== null }),
    application_number: applicationNumber,
    full_text,
    text_characters: full_text?.length ?? 0,
  };
}
