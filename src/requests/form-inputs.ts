/**
 * Input schemas of the issue-11 forms on POST /api/exports (and the MCP tools that wrap it). Dates
 * default to today; `entity_size` to the application's (else the account's); the signer, deposit
 * account and attorney docket number to the submitting member's practitioner profile and the docket entry; fees and
 * docket facts are computed.
 */
import { z } from 'zod';
import { attorneyDocketNumber, isoDate, practitionerSchema } from './draft-schemas.ts';

const text = (max = 500) => z.string().max(max);
const entity = z
  .enum(['large', 'small', 'micro'])
  .optional()
  .describe("Default: the application's entity status (its docket entry, the USPTO record), else the account's (37 CFR 1.27, 1.29)");
const common = {
  date: isoDate.optional().describe('Date of the paper (default today); fees are those in force on it'),
  deposit_account: text(32).optional().describe("Default: your own practitioner profile's"),
  practitioner: practitionerSchema.optional(),
  attorney_docket_number: attorneyDocketNumber,
};
const claimNumbers = z.array(z.number().int().min(1).max(9999)).max(500);

export const rceInput = z.object({
  submission: z
    .object({
      previously_filed_on: isoDate.optional().describe('A reply already filed (e.g. an after-final amendment) to be the submission'),
      enclosed: z
        .array(z.enum(['amendment', 'ids', 'declaration']))
        .max(3)
        .optional(),
      other: text(1000).optional(),
    })
    .describe('The submission of 37 CFR 1.114(c), as PTO/SB/30 item 1'),
  entity_size: entity,
  ...common,
});

export const noticeOfAppealInput = z.object({
  claims: claimNumbers.optional().describe('Claims appealed; default: the rejected claims'),
  with_pre_appeal_request: z.boolean().optional(),
  entity_size: entity,
  ...common,
});

export const preAppealInput = z.object({
  arguments: z
    .array(
      z.object({
        ground_id: text(40).optional().describe('A rejection ground of the analysis (r1-103, ...) the argument answers'),
        heading: text(300).optional().describe('Without an analysis: the rejection argued'),
        text: text(20_000).optional().describe('The argument; at most five pages in all (about 1,750 words)'),
      }),
    )
    .max(30)
    .optional(),
  date: common.date,
  practitioner: common.practitioner,
  attorney_docket_number: common.attorney_docket_number,
});

export const terminalDisclaimerInput = z.object({
  reference: z
    .object({ kind: z.enum(['patent', 'application']), number: text(32) })
    .optional()
    .describe("The patent or application the double patenting rejection is over; default: the one the analysis's DP ground names"),
  owner: z.object({ name: text(300).optional(), percent_interest: z.number().optional() }).optional(),
  entity_size: entity,
  ...common,
});

export const issueFeeInput = z.object({
  printing_names: z.array(text(200)).max(3).optional().describe('PTOL-85B box 2: up to three registered practitioners, or one firm'),
  assignee: z
    .object({ name: text(300), residence: text(200).optional() })
    .optional()
    .describe('PTOL-85B box 3 (37 CFR 3.81(a))'),
  claims_cancelled_by_examiner: claimNumbers.optional(),
  entity_size: entity,
  ...common,
});

export const clientReportInput = z.object({
  client: z.object({ name: text(300).optional(), reference: text(100).optional(), attention: text(200).optional() }).optional(),
  recommendation: text(5000).optional().describe('Your recommendation; default: one written from the analysis'),
  office_action_date: isoDate.optional(),
  entity_size: entity,
  date: common.date,
  practitioner: common.practitioner,
  attorney_docket_number: common.attorney_docket_number,
});
