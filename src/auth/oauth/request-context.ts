import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The HTTP request an OAuth storage write happens in, so the audit rows the storage adapter
 * writes (client registered, consent given, token refreshed, grant revoked) carry its request id.
 * Set by the Fastify routes that hand requests to oidc-provider or save grants themselves.
 */
export interface OAuthRequestContext {
  requestId: string;
}

export const oauthRequestContext = new AsyncLocalStorage<OAuthRequestContext>();
