import { z } from 'zod';
import { EXTENSION_FEE_SCHEDULES, extensionFeeCitation, feeScheduleOn, formatDollars, type EntitySize } from '../domain/deadlines/fees.ts';
import { addDays } from '../domain/deadlines/calendar.ts';

/**
 * GET /api/fees: the USPTO fees the deadline engine knows, for the account's entity size, every
 * dated table with its effective dates and citations (the fee due is the one in force on the day
 * it is paid). Today that is the extension-of-time table, 37 CFR 1.17(a)(1)-(5).
 */
const dollars = z.string().describe('US dollars, e.g. "220.00"');

export const feeScheduleSchema = z.object({
  entity: z.enum(['large', 'small', 'micro']).describe("The account's entity size: what `fee` is for"),
  today: z.string(),
  currency: z.literal('USD'),
  fees: z.array(
    z.object({
      fee: z.string().describe('extension_of_time'),
      title: z.string(),
      citation: z.string(),
      schedules: z.array(
        z.object({
          effective: z.string().describe('First day the table is in force'),
          until: z.string().nullable().describe('Last day in force; null for the latest table'),
          in_force: z.boolean().describe('In force today'),
          citation: z.string(),
          amounts: z.array(
            z.object({
              months: z.number().int(),
              citation: z.string(),
              fee: dollars.describe("For the account's entity size"),
              fees: z.object({ large: dollars, small: dollars, micro: dollars }),
            }),
          ),
        }),
      ),
    }),
  ),
  notes: z.array(z.string()),
});
export type FeeScheduleWire = z.infer<typeof feeScheduleSchema>;

export function presentFeeSchedule(entity: EntitySize, today: string): FeeScheduleWire {
  const inForce = feeScheduleOn(today);
  const sorted = [...EXTENSION_FEE_SCHEDULES].sort((a, b) => (a.effective < b.effective ? -1 : 1));
  return {
    entity,
    today,
    currency: 'USD',
    fees: [
      {
        fee: 'extension_of_time',
        title: 'Extension of time for reply, 37 CFR 1.136(a)',
        citation: '37 CFR 1.17(a)',
        schedules: sorted.map((s, i) => ({
          effective: s.effective,
          until: sorted[i + 1] ? addDays(sorted[i + 1].effective, -1) : null,
          in_force: s === inForce,
          citation: s.citation,
          amounts: s.cents.map((c, m) => ({
            months: m + 1,
            citation: extensionFeeCitation(m + 1),
            fee: formatDollars(c[entity]),
            fees: { large: formatDollars(c.large), small: formatDollars(c.small), micro: formatDollars(c.micro) },
          })),
        })),
      },
    ],
    notes: [
      `fee is for the account's entity size (${entity}); fees lists every size. Change the size with PATCH /api/account {entity_size}.`,
      'Dates before the earliest effective date have no amount in Prosa: check the USPTO fee schedule.',
      "Prosa's own prices (credits) are at GET /api/pricing; a planned run is priced by POST /api/quote.",
    ],
  };
}
