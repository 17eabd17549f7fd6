import { EXTENSION_FEE_SCHEDULES, extensionFeeCitation, feeScheduleOn, formatDollars, type EntitySize } from '../domain/deadlines/fees.ts';
import { addDays } from '../domain/deadlines/calendar.ts';

/**
 * GET /api/fees: the USPTO fees the deadline engine knows, for the account's entity size, every
 * dated table with its effective dates and citations (the fee due is the one in force on the day
 * it is paid). Today that is the extension-of-time table, 37 CFR 1.17(a)(1)-(5).
 */
export function presentFeeSchedule(entity: EntitySize, today: string) {
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
