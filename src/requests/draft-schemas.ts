/** zod schemas shared by the draft and export routes. */
import { z } from 'zod';
import { STRATEGY_CODES } from '../domain/response-plan/strategies.ts';

export const isoDate = z.iso.date();
const text = (max = 500) => z.string().max(max);

/** The paper's own signer: each field given wins over the submitting member's own practitioner profile (PATCH /api/account), the others come from it. */
export const practitionerSchema = z
  .object({
    name: text(200).optional(),
    registration_number: text(32).optional(),
    firm: text(200).optional(),
    address: text(500).optional(),
    telephone: text(64).optional(),
    email: text(254).optional(),
    deposit_account: text(32).optional(),
    customer_number: text(32).optional(),
  })
  .describe(
    "Who signs this paper; fields left out come from your own practitioner profile (the submitting member's) (a name or registration number given replaces both)",
  );

/** The caption's "Attorney Docket No." for this paper; default the docket entry's matter number (client_matter), else the USPTO record's. */
export const attorneyDocketNumber = text(100)
  .optional()
  .describe("Attorney Docket No. printed on this paper; default: the docket entry's client_matter, else the USPTO record's");

export const electionSchema = z
  .object({
    group: text(32).optional().describe('The group elected, as the requirement labels it ("II").'),
    species: text(500).optional().describe('The species elected, where the requirement requires an election of species.'),
    // A careful attorney's default: a traverse keeps the requirement open to review (37 CFR 1.143, 1.144).
    with_traverse: z
      .boolean()
      .default(true)
      .describe(
        'Default true: the election is made with traverse (the paper leaves a place for the reasons). false waives the right to petition the requirement.',
      ),
  })
  .describe('Required when the analysed action is a restriction requirement (422 election_required otherwise).');

/** Values are checked per key by the command (400 naming the key), so any string passes here. */
export const strategySelectionsSchema = z
  .record(text(64), text(64))
  .nullable()
  .optional()
  .describe(
    `Map from claim_<n> to a strategy code: ${STRATEGY_CODES.join(', ')}; claim_<n>:<ground id> (e.g. claim_1:r3-dp) chooses the answer to one ground of rejection of the claim, where the strategy can answer that ground and fits the claim's own (an answer by amendment is the claim's own amending strategy). Empty or omitted: the analysis' recommendations (each ground answered consistently: double patenting disclaimed beside an amendment, the other grounds of a disclaimed claim and the art grounds of a claim amended to clarify argued).`,
  );

export const draftJobSchema = z
  .object({
    job_id: z.string(),
    status: z.enum(['queued', 'in_progress', 'complete', 'failed']),
    progress: z.number().int().min(0).max(100).optional(),
    current_step: z.string().optional(),
    download_url: z.string().optional(),
    error_message: z.string().optional(),
  })
  .loose();

export const submissionSchema = z.object({ job_id: z.string(), status: z.string(), poll_url: z.string() }).loose();

export const jobIdParams = z.object({ job_id: z.string().max(100) });
