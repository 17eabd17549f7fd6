import type { OAuthGrantView } from '../queries/oauth-grants.ts';

/** A connected app as GET /api/oauth/grants shows it. */
export function presentOAuthGrant(g: OAuthGrantView) {
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
