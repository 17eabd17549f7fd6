import { formatApplicationNumber } from '../domain/application-number.ts';
import { z } from 'zod';
import type { Account, ApiKeyRow, LedgerRow, MemberRow } from '../db/schema.ts';
import { permissionsOf, ROLES } from '../domain/firm-roles.ts';
import { balanceStatus } from '../domain/balance-status.ts';
import { formatCredits } from '../domain/money.ts';
import { presentPractitionerProfile, practitionerProfileSchema } from './practitioner.ts';

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  firm_name: z.string().nullable(),
  entity_size: z
    .enum(['large', 'small', 'micro'])
    .describe("The default entity status of fees: an application's docket entry or USPTO record, when it has one, comes first"),
  model_multiplier: z.string(),
  practitioner: practitionerProfileSchema
    .nullable()
    .describe(
      "The signed-in member's own practitioner profile: signs every paper and form they submit unless the request names its own signer; null when they have none (their papers then leave the signer's name and registration number to fill)",
    ),
  watch_analyze: z
    .boolean()
    .describe('New office actions the USPTO watch records on this docket are analyzed (billed as any analysis, within the spending cap)'),
  created_at: z.string(),
});
export type AccountWire = z.infer<typeof accountSchema>;

export const balanceSchema = z.object({ balance: z.string().describe('Credits, two decimals'), status: z.enum(['healthy', 'low', 'very_low', 'critical']) });

/**
 * The person signed in (migration 032): `account` is their firm; this is who they are in it, their
 * role and what it allows (src/domain/firm-roles.ts), so the web app hides what they cannot use.
 */
export const signedInMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(['read', 'write', 'sign', 'billing', 'members', 'self'])),
});
export type SignedInMemberWire = z.infer<typeof signedInMemberSchema>;

export function presentSignedInMember(m: Pick<MemberRow, 'id' | 'email' | 'display_name' | 'role'>): SignedInMemberWire {
  return { id: m.id, email: m.email, display_name: m.display_name, role: m.role, permissions: [...permissionsOf(m.role)] };
}

/** GET /api/auth/me and PATCH /api/account. */
export const meSchema = z.object({
  account: accountSchema,
  member: signedInMemberSchema.optional(),
  credits: balanceSchema,
  authenticated_via: z.string().optional(),
});

/**
 * The firm's settings, with `practitioner` the signing profile of the member it is shown to
 * (migration 033: each person signs with their own; `accounts.practitioner` is no longer read).
 */
export function presentAccount(a: Account, memberProfile: MemberRow['practitioner']): AccountWire {
  return {
    id: a.id,
    email: a.email,
    display_name: a.display_name,
    firm_name: a.firm_name,
    entity_size: a.entity_size === 'small' || a.entity_size === 'micro' ? a.entity_size : 'large',
    model_multiplier: (a.model_multiplier_milli / 1000).toFixed(3).replace(/0{1,2}$/, ''),
    practitioner: presentPractitionerProfile(memberProfile),
    watch_analyze: a.watch_analyze === true,
    created_at: a.created_at.toISOString(),
  };
}

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("The key's first characters, to recognise it by"),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
});
export type ApiKeyWire = z.infer<typeof apiKeySchema>;

/** POST /api/keys (201): the key itself, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string().describe('The API key: shown only here, never again'), notice: z.string() });
/** GET /api/keys: the member's own keys, revoked ones included. */
export const apiKeysSchema = z.object({ keys: z.array(apiKeySchema) });

/** Never includes the key itself or its hash: the key is shown once, at creation. */
export function presentApiKey(k: ApiKeyRow): ApiKeyWire {
  return {
    id: k.id,
    name: k.name,
    prefix: k.display_prefix,
    created_at: k.created_at.toISOString(),
    last_used_at: k.last_used_at?.toISOString() ?? null,
    revoked_at: k.revoked_at?.toISOString() ?? null,
    status: k.revoked_at ? 'revoked' : 'active',
  };
}

/** One line of the credit ledger (GET /api/credits). */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  amount: z.string().describe('Credits, signed: negative for usage'),
  balance_after: z.string(),
  kind: z.string(),
  description: z.string(),
  reference: z.string().nullable().describe('Usage: the analysis or draft job charged; purchases: the Stripe session'),
  application_number: z.string().nullable().describe('Usage lines: the application the analysis or draft was for, written 17/200,011'),
  client_matter: z.string().nullable().describe("Usage lines: the client matter of the application's docket entry, for billing back"),
  member: z
    .object({ id: z.string(), name: z.string().nullable(), email: z.string() })
    .nullable()
    .describe(
      'The member of the firm who acted (ran the analysis or draft, bought the credits); null for lines no member made: the sign-up grant, a refund by the system, lines from before firms',
    ),
  created_at: z.string(),
});
export type LedgerEntryWire = z.infer<typeof ledgerEntrySchema>;

/** GET /api/credits: the balance and a page of the ledger, newest first. */
export const creditsPageSchema = balanceSchema.extend({
  model_multiplier: z.number(),
  entries: z.array(ledgerEntrySchema),
  next_cursor: z.string().nullable(),
});

export type CreditsPageWire = z.infer<typeof creditsPageSchema>;

/** The ledger part of a credits page (what GET /api/credits keeps in memory: ledger-page-cache.ts). */
export type LedgerPageWire = Pick<z.infer<typeof creditsPageSchema>, 'entries' | 'next_cursor'>;

export function presentLedgerEntry(
  e: LedgerRow & { application_number?: string | null; client_matter?: string | null; member_name?: string | null; member_email?: string | null },
): LedgerEntryWire {
  return {
    id: e.id.toString(),
    amount: formatCredits(e.amount_micro),
    balance_after: formatCredits(e.balance_after_micro),
    kind: e.kind,
    description: e.description,
    reference: e.reference,
    // Usage lines: the application the analysis or draft was for (written 17/200,011) and the
    // client matter of its docket entry, so a firm can bill the usage back; null otherwise.
    application_number: e.application_number ? formatApplicationNumber(e.application_number) : null,
    client_matter: e.client_matter ?? null,
    member: e.member_id && e.member_email ? { id: e.member_id, name: e.member_name ?? null, email: e.member_email } : null,
    created_at: e.created_at.toISOString(),
  };
}

export function presentBalance(balanceMicro: bigint): z.infer<typeof balanceSchema> {
  return { balance: formatCredits(balanceMicro), status: balanceStatus(balanceMicro) };
}
