/**
 * Third-party sign-in as the account API shows it: the providers a server offers
 * (GET /api/auth/providers) and the identities linked to the signed-in member (GET /api/auth/identities).
 */
import { z } from 'zod';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', microsoft: 'Microsoft' };

const signInProviderSchema = z.object({
  id: z.enum(['google', 'microsoft']),
  name: z.string(),
  start_url: z.string().describe('Navigate the browser here to sign in (GET /api/auth/oidc/{provider}/start)'),
});
export const signInProvidersSchema = z.object({ providers: z.array(signInProviderSchema) });
export type SignInProviderWire = z.infer<typeof signInProviderSchema>;

export function presentSignInProvider(p: { id: SignInProviderWire['id']; name: string }): SignInProviderWire {
  return { id: p.id, name: p.name, start_url: `/api/auth/oidc/${p.id}/start` };
}

const linkedIdentitySchema = z.object({
  id: z.string(),
  provider: z.string(),
  provider_name: z.string(),
  issuer: z.string(),
  email: z.string().nullable(),
  linked_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedIdentityWire = z.infer<typeof linkedIdentitySchema>;

export const identitiesSchema = z.object({
  has_password: z.boolean().describe('The member can also sign in with a password (unlinking the last identity needs one)'),
  identities: z.array(linkedIdentitySchema),
});

export function presentIdentity(i: {
  id: string;
  provider: string;
  issuer: string;
  email: string | null;
  created_at: Date;
  last_used_at: Date | null;
}): LinkedIdentityWire {
  return {
    id: i.id,
    provider: i.provider,
    provider_name: PROVIDER_NAMES[i.provider] ?? i.provider,
    issuer: i.issuer,
    email: i.email,
    linked_at: i.created_at.toISOString(),
    last_used_at: i.last_used_at?.toISOString() ?? null,
  };
}
