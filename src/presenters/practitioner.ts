/**
 * The practitioner profile (issue 19) on the wire: as PATCH /api/account takes it, and as the
 * account shows it. The profile signs every paper whose request names no signer of its own, so it
 * is checked as strictly as a paper would be read: a registration number is digits, a deposit
 * account is the USPTO's two digits, a dash and four to seven digits, and so on.
 */
import { z } from 'zod';
import { practitionerOf } from '../domain/practitioner.ts';

const line = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
/**
 * An optional field: null, or "" (what the web form sends for an empty box), leaves it out of the
 * profile. Each pattern admits "" itself rather than through a union, so a wrong value is refused
 * with the field's own message.
 */
const optional = (max: number, pattern?: RegExp, message?: string) => {
  const text = z.string().trim().max(max, `must be at most ${max} characters`);
  return (pattern ? text.regex(new RegExp(`^$|${pattern.source}`, pattern.flags), message) : text).nullable().optional();
};

export const practitionerProfileInput = z
  .object({
    name: line(200).describe('The practitioner who signs, as the signature block prints it'),
    registration_number: z
      .string()
      .trim()
      .regex(/^(?:\d{2,6}|\d{1,3},\d{3})$/, 'must be a USPTO registration number: digits, with an optional thousands comma (71234 or 71,234)')
      .describe('USPTO registration number, e.g. 71,234'),
    firm: optional(200),
    address: optional(500).describe('Postal address; lines separated by newlines'),
    telephone: optional(
      40,
      /^\+?[\d\s().\-/]{7,}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i,
      'must be a telephone number, e.g. (415) 555-0100 or +1 415 555 0100 ext. 12',
    ),
    email: optional(254, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address'),
    deposit_account: optional(
      12,
      /^(?:\d{2}-\d{4,7}|\d{6,9})$/,
      'must be a USPTO deposit account number: two digits, a dash and four to seven digits (50-1234)',
    ).describe('Deposit account the papers authorize fees to be charged to (37 CFR 1.25(b))'),
    customer_number: optional(10, /^\d{3,10}$/, 'must be a USPTO customer number: digits only'),
  })
  .strict();
export type PractitionerProfileInput = z.infer<typeof practitionerProfileInput>;

export const practitionerProfileSchema = z.object({
  name: z.string(),
  registration_number: z.string(),
  firm: z.string().nullable(),
  address: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  deposit_account: z.string().nullable(),
  customer_number: z.string().nullable(),
});
export type PractitionerProfile = z.infer<typeof practitionerProfileSchema>;

/** A stored profile (members.practitioner) as shown; null when none is set. */
export function presentPractitionerProfile(stored: unknown): PractitionerProfile | null {
  const p = practitionerOf(stored);
  // A profile is stored whole (name and registration number required), so both are there.
  return p?.name && p.registration_number
    ? {
        name: p.name,
        registration_number: p.registration_number,
        firm: p.firm ?? null,
        address: p.address ?? null,
        telephone: p.telephone ?? null,
        email: p.email ?? null,
        deposit_account: p.deposit_account ?? null,
        customer_number: p.customer_number ?? null,
      }
    : null;
}
