/** The body that records an office action on the docket (POST /api/applications/{n}/correspondence, the MCP tool). */
import { z } from 'zod';
import { ACTION_DOCUMENT_CODES } from '../sources/uspto-codes.ts';
import { isoDate } from './draft-schemas.ts';

const KIND_MESSAGE =
  "must be a USPTO document code: CTNF (non-final rejection), CTFR (final rejection), CTRS (restriction/election requirement: the USPTO code, not the interface's requirement for information), CTEQ (Ex parte Quayle) or NOA (notice of allowance)";

export const recordOfficeActionBody = z
  .object({
    kind: z
      .enum(ACTION_DOCUMENT_CODES as [string, ...string[]], { error: KIND_MESSAGE })
      .describe('USPTO document code of the paper: CTNF, CTFR, CTRS (restriction/election), CTEQ, NOA'),
    mailing_date: isoDate.describe('The mailing (notification) date printed on the action, YYYY-MM-DD; not after tomorrow, not before the filing date'),
    text: z.string().min(1).optional().describe("The action's text, at most 1 MB (UTF-8); stored privately with the paper"),
    ocr_confidence: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'The text was read by OCR from a scan: the confidence POST /api/office-action-text answered (0-100). The paper is stored with text_source "ocr"',
      ),
    period_months: z
      .number()
      .int()
      .min(1)
      .max(6)
      .optional()
      .describe('The shortened statutory period the action states, when it is not the default for its kind'),
    description: z.string().trim().max(200).optional(),
  })
  .strict();
