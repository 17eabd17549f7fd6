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
export function presentPaper(p: PaperSummary) {
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
export function presentPaperWithText(p: CorrespondenceRow, applicationNumber: string) {
  const { full_text, ...rest } = p;
  return {
    ...presentPaper({ ...rest, has_text: full_text !== null }),
    application_number: applicationNumber,
    full_text,
    text_characters: full_text?.length ?? 0,
  };
}
