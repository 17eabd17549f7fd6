/**
 * Who signs a paper (issue 19): the practitioner's name and registration number (37 CFR
 * 1.4(d)(2)), the firm, its address, telephone and e-mail, the deposit account fees are charged to
 * (37 CFR 1.25(b)) and the USPTO customer number. The account keeps one profile; a paper may
 * name its own signer. The paper's own fields win one by one, so a request that gives only a
 * telephone number still signs with the profile's name.
 */
export interface Practitioner {
  name?: string;
  registration_number?: string;
  firm?: string;
  /** Postal address, lines separated by newlines. */
  address?: string;
  telephone?: string;
  email?: string;
  deposit_account?: string;
  customer_number?: string;
}

const PRACTITIONER_FIELDS = [
  'name',
  'registration_number',
  'firm',
  'address',
  'telephone',
  'email',
  'deposit_account',
  'customer_number',
] as const satisfies readonly (keyof Practitioner)[];

/** A stored profile (a JSON object) read back as a Practitioner: only its non-blank string fields. */
export function practitionerOf(value: unknown): Practitioner | null {
  if (value === null || typeof value !== 'object') return null;
  const out: Practitioner = {};
  for (const f of PRACTITIONER_FIELDS) {
    const v = (value as Record<string, unknown>)[f];
    if (typeof v === 'string' && v.trim()) out[f] = v.trim();
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The signer of one paper: the request's fields over the profile's, field by field; blank fields
 * of the request do not erase the profile's. Name and registration number are one person's and go
 * together: a request naming another signer (either of the two) takes neither from the profile, so
 * a paper never prints one practitioner's name over another's number (the missing one is then left
 * for the signer to fill). Undefined when neither says anything.
 */
export function signerOf(given: Practitioner | undefined, profile: Practitioner | null): Practitioner | undefined {
  const own = practitionerOf(given ?? null) ?? {};
  const base = { ...(profile ?? {}) };
  if (own.name !== undefined || own.registration_number !== undefined) {
    delete base.name;
    delete base.registration_number;
  }
  const merged = { ...base, ...own };
  return Object.keys(merged).length ? merged : undefined;
}
