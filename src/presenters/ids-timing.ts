/**
 * The 37 CFR 1.97 window of an IDS on the wire (GET .../ids-timing, POST /api/exports' ids_timing,
 * the MCP tool get_ids_timing): src/domain/ids-timing.ts IdsTimingResult as it is.
 */
import { z } from 'zod';
import type { IdsTimingResult } from '../domain/ids-timing.ts';

const isoDate = z.string().describe('YYYY-MM-DD');
const idsActionKind = z.enum(['non_final', 'final', 'restriction', 'quayle', 'notice_of_allowance']);
const action = z.object({ kind: idsActionKind, mailing_date: isoDate });

export const idsTimingResultSchema = z.object({
  window: z.enum(['1.97(b)', '1.97(c)', '1.97(d)', 'after_issue_fee']),
  filed_on: isoDate.describe('The day the IDS would be filed (the window is decided for it)'),
  basis: z.object({
    filing_date: isoDate,
    three_months_after_filing: isoDate.describe('End of the three months after filing, rolled to the next business day (35 U.S.C. 21(b))'),
    rce_date: isoDate.nullable().describe('The latest RCE, which restarts 1.97(b) until the next action'),
    first_action_on_merits: action.nullable().describe('The first action on the merits mailed since filing (or since the latest RCE)'),
    closing_action: action.nullable().describe('The final, allowance or Quayle action that closed prosecution (still standing)'),
    issue_fee_paid: isoDate.nullable(),
  }),
  requirement: z
    .enum(['none', 'statement_or_fee', 'statement_and_fee', 'not_considered'])
    .describe('none (1.97(b)), statement_or_fee (1.97(c)), statement_and_fee (1.97(d)), not_considered (after the issue fee)'),
  statement_required: z.boolean(),
  fee_required: z.boolean(),
  fee: z
    .object({
      code: z.string(),
      title: z.string(),
      citation: z.string(),
      amount: z.string().nullable().describe('Dollars for entity_size, "600.00"; null when no fee table covers the date'),
      amounts: z.object({ large: z.string(), small: z.string(), micro: z.string() }).nullable(),
      effective: isoDate.nullable(),
      verified: z.boolean().describe('The amount was read from the CFR text'),
      source: z.string().nullable(),
      entity_size: z.enum(['large', 'small', 'micro']),
    })
    .nullable()
    .describe("37 CFR 1.17(p) for the application's entity status when 1.97(c) or (d) can call for it; null under 1.97(b) and after the issue fee"),
  explanation: z.string(),
  citations: z.array(z.string()),
});

/** GET /api/docket/{id}/ids-timing and GET /api/applications/{number}/ids-timing. */
export const idsTimingSchema = z.object({ application_number: z.string(), ...idsTimingResultSchema.shape });
export type IdsTimingWire = z.infer<typeof idsTimingSchema>;

export function presentIdsTiming(applicationNumber: string, timing: IdsTimingResult): IdsTimingWire {
  return { application_number: applicationNumber, ...timing };
}
