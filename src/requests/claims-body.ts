/** The body that records an application's claims (PUT /api/applications/{n}/claims, the MCP tool). */
import { z } from 'zod';
import { MAX_CLAIMS } from '../domain/claims/claim-set.ts';

export const claimsBody = z
  .object({
    text: z
      .string()
      .max(2_000_000)
      .optional()
      .describe(
        'A claim listing pasted as text: each claim on a new line starting with its number ("1. A method ..."), status identifiers such as (Original), (Previously Presented), (Withdrawn), (Canceled) optional; "5-7. (Canceled)" for ranges',
      ),
    claims: z
      .array(
        z
          .object({
            number: z.number().int().min(1).max(9999),
            text: z.string().max(20_000).nullable().optional().describe('Clean text as the claim now stands (no markup); none for a cancelled claim'),
            status: z.enum(['pending', 'withdrawn', 'cancelled']).optional().describe('Default pending'),
            previously_presented: z
              .boolean()
              .optional()
              .describe('Amended or added in an earlier paper: listed "(Previously Presented)" rather than "(Original)"'),
          })
          .strict(),
      )
      .max(MAX_CLAIMS)
      .optional()
      .describe('The claims one by one (instead of text)'),
    previously_presented: z
      .array(z.number().int().min(1).max(9999))
      .max(MAX_CLAIMS)
      .optional()
      .describe('Claim numbers amended or added in an earlier paper (added to what the identifiers say)'),
  })
  .strict();
