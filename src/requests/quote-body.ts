/** The body of POST /api/quote (and the MCP tool that wraps it). */
import { z } from 'zod';
import { FORM_KINDS } from '../domain/form-kinds.ts';

export const quoteBody = z
  .object({
    analyze: z
      .object({
        office_action_text: z.string().min(1).describe('The office action text the analysis would read (at most 1 MB)'),
        office_action_type: z.enum(['CTNF', 'CTFR', 'CTED', 'CTRS']).default('CTNF').describe("The interface's type code, as for analyze"),
      })
      .strict()
      .optional(),
    draft: z.boolean().optional().describe('A response-to-office-action draft (49.00)'),
    exports: z
      .array(
        z
          .object({
            type: z.enum(['ids', 'form', 'drawing']),
            form: z.enum(FORM_KINDS).optional().describe('For type form: which form, so the quote shows the USPTO fees its paper carries'),
            count: z.number().int().min(1).max(100).default(1),
          })
          .strict(),
      )
      .max(20)
      .optional(),
    application_number: z
      .string()
      .max(64)
      .optional()
      .describe("The application the papers are for: their USPTO fees are then for its entity status (docket entry, USPTO record), not the account's default"),
  })
  .strict();
