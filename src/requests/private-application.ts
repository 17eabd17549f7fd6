/** A docket entry for an application the USPTO has not published (POST /api/docket, the MCP docket tool). */
import { z } from 'zod';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'must be a real calendar date');
const text = (max: number) => z.string().trim().max(max);

export const privateApplication = z
  .object({
    invention_title: text(500).min(1),
    filing_date: isoDate.nullable().optional(),
    examiner_name: text(200).nullable().optional(),
    art_unit: z
      .string()
      .regex(/^\d{4}$/, 'must be a 4-digit art unit')
      .nullable()
      .optional(),
    attorney_docket_number: text(100).nullable().optional(),
    confirmation_number: z
      .string()
      .regex(/^\d{4}$/, 'must be a 4-digit confirmation number')
      .nullable()
      .optional(),
    first_inventor_name: text(200).nullable().optional(),
    entity_status: z.enum(['large', 'small', 'micro']).nullable().optional(),
  })
  .strict();
