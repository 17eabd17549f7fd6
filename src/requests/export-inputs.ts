/** Input schemas of the IDS, extension, interview and drawing exports (POST /api/exports and the MCP form tools). */
import { z } from 'zod';
import { attorneyDocketNumber, isoDate, practitionerSchema, strategySelectionsSchema } from './draft-schemas.ts';

const text = (max = 500) => z.string().max(max);

const usDocument = z.object({
  number: text(32),
  kind_code: text(8).optional(),
  date: isoDate,
  patentee_or_applicant: text(200),
  relevant_passages: text(500).optional(),
});

export const idsInput = z.object({
  timing: z
    .enum(['1.97(b)', '1.97(c)', '1.97(d)'])
    .optional()
    .describe(
      'Default: the window the docket gives (GET /api/applications/{number}/ids-timing); a stated timing that does not fit is refused (422 ids_timing_mismatch).',
    ),
  statement: z.enum(['1.97(e)(1)', '1.97(e)(2)']).optional(),
  pay_fee_1_17_p: z.boolean().optional(),
  us_patents: z.array(usDocument).max(1000).optional(),
  us_publications: z.array(usDocument).max(1000).optional(),
  foreign_documents: z
    .array(
      usDocument.extend({
        country_code: z.string().regex(/^[A-Z]{2}$/),
        translation_attached: z.boolean().optional(),
        concise_explanation: text(2000)
          .optional()
          .describe(
            'Concise explanation of relevance for a document not in English without a translation (37 CFR 1.98(a)(3)(i)); without it the paper leaves a counted place',
          ),
      }),
    )
    .max(1000)
    .optional(),
  non_patent_literature: z
    .array(
      z.object({
        citation: text(2000),
        translation_attached: z.boolean().optional(),
        english: z.boolean().optional().describe('false for an item not in English: it then needs concise_explanation or a translation'),
        concise_explanation: text(2000).optional(),
      }),
    )
    .max(1000)
    .optional(),
  items_previously_submitted: z.number().int().min(0).max(100_000).optional(),
  date: isoDate.optional(),
  deposit_account: text(32).optional().describe("Default: your own practitioner profile's"),
  practitioner: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
});

export const extensionInput = z.object({
  months: z.number().int().min(1).max(5).optional().describe('Default: the fewest months that make petition_date timely, per the deadline engine.'),
  entity_size: z
    .enum(['large', 'small', 'micro'])
    .optional()
    .describe("Default: the application's entity status (docket entry, USPTO record), else the account's"),
  petition_date: isoDate.optional(),
  deposit_account: text(32).optional().describe("Default: your own practitioner profile's"),
  practitioner: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
});

export const interviewInput = z.object({
  interview_type: z.enum(['telephonic', 'video', 'in_person']),
  strategy_selections: strategySelectionsSchema,
  participants: z
    .array(z.object({ name: text(200), role: z.enum(['attorney', 'agent', 'applicant', 'inventor', 'other']), registration_number: text(32).optional() }))
    .max(20)
    .optional(),
  proposed_slots: z
    .array(z.object({ date: isoDate, time: text(64).optional() }))
    .max(10)
    .optional(),
  exhibit: text(2000).optional(),
  request_date: isoDate.optional(),
  office_action_date: isoDate.optional(),
  practitioner: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
});

export const drawingInput = z.object({
  title: text(500).optional(),
  figure_label: text(32),
  kind: z.enum(['block', 'flow']),
  nodes: z
    .array(
      z.object({
        id: text(64),
        label: text(200),
        ref_numeral: z.union([text(16), z.number().int().min(0)]),
        shape: z.enum(['box', 'decision', 'terminal', 'io', 'storage']).optional(),
      }),
    )
    .max(60),
  edges: z.array(z.object({ from: text(64), to: text(64), label: text(100).optional() })).max(200),
  paper: z.enum(['letter', 'a4']).optional(),
  sheet: z.object({ number: z.number().int().min(1), of: z.number().int().min(1) }).optional(),
  application_number: text(64).optional(),
  first_named_inventor: text(200).optional(),
  attorney_docket_number: text(64).optional(),
  sheet_label: z
    .enum(['replacement', 'new', 'annotated'])
    .optional()
    .describe(
      'For a sheet filed after the filing date: "Replacement Sheet", "New Sheet" or "Annotated Sheet Showing Changes" in the top margin (37 CFR 1.121(d))',
    ),
});
