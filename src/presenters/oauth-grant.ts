import { z } from 'zod';
import type { OAuthGrantView } from '../queries/oauth-grants.ts';

const oauthGrantSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  redirect_host: z.string().nullable().describe('The host the app redirects to, to recognise it by'),
  no_purchase_offers: z.boolean().describe("Registered from ChatGPT's connector: no credit purchases are offered to it"),
  first_used_at: z.string(),
  last_used_at: z.string(),
});
export type OAuthGrantWire = z.infer<typeof oauthGrantSchema>;

/** GET /api/oauth/grants: the member's own connected apps. */
export const oauthGrantsSchema = z.object({ grants: z.array(oauthGrantSchema) });

/** A connected app as GET /api/oauth/grants shows it. */
export function presentOAuthGrant(g: OAuthGrantView): OAuthGrantWire {
  const host = g.redirectUris.map((u) => URL.parse(u)?.host).find((h) => !!h) ?? (URL.parse(g.clientId)?.host || null);
  return {
    id: g.id,
    client_id: g.clientId,
    client_name: g.clientName,
    redirect_host: host,
    /** Registered from ChatGPT's connector: no credit purchases are offered to it. */
    no_purchase_offers: g.noPurchaseOffers,
    first_used_at: g.createdAt.toISOString(),
    last_used_at: (g.lastUsedAt ?? g.createdAt).toISOString(),
  };
}
