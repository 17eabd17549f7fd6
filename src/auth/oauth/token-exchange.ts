/**
 * OAuth 2.0 Token Exchange (RFC 8693) from the MCP server to the authorization server: the MCP
 * server never passes the client's token through to the API (MCP authorization spec, "Access
 * Token Privilege Restriction"); it exchanges it for a short-lived API-audience token for the same
 * user and grant. oidc-provider has no built-in token exchange: registerGrantType.
 */
import { errors, type Provider, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Keyring } from '../keyring.ts';
import type { Db } from '../../db/connect.ts';
import { AccessTokenError, verifyAccessToken } from './access-token.ts';
import { ACCESS_TOKEN_TYPE, FULL_ACCESS, LIFETIMES, MCP_CLIENT_ID, TOKEN_EXCHANGE_GRANT } from './constants.ts';
import { findLiveGrant } from '../../queries/oauth-grants.ts';
import { touchGrant } from './adapter.ts';

interface ExchangeDeps {
  config: Config;
  keyring: Keyring;
  db: Db;
  apiResource: string;
  mcpResource: string;
}

/** RFC 8693 §2.1 request parameters (besides grant_type and client authentication). */
const PARAMS = ['subject_token', 'subject_token_type', 'resource', 'audience', 'scope', 'requested_token_type', 'actor_token', 'actor_token_type'];

export function registerTokenExchange(provider: Provider, deps: ExchangeDeps): void {
  const handler = async (ctx: KoaContextWithOIDC): Promise<void> => {
    const params = ctx.oidc.params as Record<string, string | undefined>;
    // Only the MCP server's own confidential client (client_secret_basic, authenticated by the
    // library before this runs). DCR clients cannot register this grant, but check anyway.
    if (ctx.oidc.client?.clientId !== MCP_CLIENT_ID) throw new errors.UnauthorizedClient('token exchange is reserved for the Prosa MCP server');
    if (!params.subject_token) throw new errors.InvalidRequest('missing required parameter subject_token');
    if (params.subject_token_type !== ACCESS_TOKEN_TYPE) throw new errors.InvalidRequest(`subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
    if (params.requested_token_type && params.requested_token_type !== ACCESS_TOKEN_TYPE)
      throw new errors.InvalidRequest(`requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
    if (params.actor_token) throw new errors.InvalidRequest('actor_token is not supported');
    // RFC 8693 §2.1 / RFC 8707: the target is the backend API, named by `resource` (or `audience`).
    const target = params.resource ?? params.audience ?? deps.apiResource;
    if (target !== deps.apiResource) throw new errors.InvalidTarget(`the only exchange target is ${deps.apiResource}`);
    if (params.scope?.split(' ').some((s) => s !== FULL_ACCESS)) throw new errors.InvalidScope(`only ${FULL_ACCESS} may be requested`, params.scope);

    // The subject token: one of our MCP-audience access tokens, verified locally (RFC 8693 §2.1:
    // "the authorization server MUST perform the appropriate validation procedures").
    let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
    try {
      claims = await verifyAccessToken(params.subject_token, { keyring: deps.keyring, issuer: deps.config.baseUrl, audience: deps.mcpResource });
    } catch (err) {
      throw new errors.InvalidGrant(`subject_token is invalid: ${err instanceof AccessTokenError ? err.message : 'verification failed'}`);
    }
    if (claims.act) throw new errors.InvalidGrant('subject_token is itself an exchanged token');
    // The grant must still be alive: a revoked connected app stops at its next exchange.
    const grant = await findLiveGrant(deps.db, claims.gid, claims.sub, claims.client_id);
    if (!grant) throw new errors.InvalidGrant('the grant behind subject_token was revoked');
    const client = await provider.Client.find(claims.client_id);
    if (!client) throw new errors.InvalidGrant('the client behind subject_token no longer exists');

    const token = new provider.AccessToken({
      accountId: claims.sub,
      // client_id claim = the client the user consented to; `act` names the MCP server.
      client,
      grantId: claims.gid,
      gty: TOKEN_EXCHANGE_GRANT,
      scope: FULL_ACCESS,
    } as ConstructorParameters<typeof provider.AccessToken>[0]);
    token.resourceServer = new provider.ResourceServer(deps.apiResource, {
      scope: FULL_ACCESS,
      audience: deps.apiResource,
      accessTokenTTL: LIFETIMES.apiAccessToken,
      accessTokenFormat: 'jwt',
      jwt: { sign: { alg: 'ES256' } },
    });
    const value = await token.save();
    await touchGrant(deps.db, claims.gid);
    // RFC 8693 §2.2.1 response.
    ctx.body = {
      access_token: value,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: token.expiration,
      scope: FULL_ACCESS,
    };
  };
  provider.registerGrantType(TOKEN_EXCHANGE_GRANT, handler as Parameters<Provider['registerGrantType']>[1], PARAMS);
}
