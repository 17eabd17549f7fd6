/**
 * The OAuth 2.1 authorization server (draft-ietf-oauth-v2-1) for MCP clients: oidc-provider
 * 9.13.3 configured per the MCP authorization spec (2025-11-25 and 2026-07-28) and the team
 * contract (/work/briefs/contract.md). The library does the protocol; this file only decides.
 *
 * - Issuer = BASE_URL with no path (RFC 8414 §2; compared by exact string by clients).
 * - Endpoints under /oauth; metadata at /.well-known/oauth-authorization-server (RFC 8414 §3) and
 *   /.well-known/openid-configuration.
 * - Dynamic client registration, open (RFC 7591); client ID metadata documents
 *   (draft-ietf-oauth-client-id-metadata-document, the library's experimental draft-02).
 * - Grants authorization_code + refresh_token, and the token exchange (RFC 8693) for the MCP
 *   server's own client only; PKCE S256 for every client (RFC 7636, OAuth 2.1 §4.1.1).
 * - Refresh tokens rotated on every use; reuse of a rotated one revokes the grant (OAuth 2.1
 *   §4.3.1, RFC 9700 §4.14.2).
 * - Resource indicators (RFC 8707): the MCP resource is the JWT `aud`; the API resource is
 *   reachable only by exchange. JWT access tokens per RFC 9068 (typ at+jwt), ES256.
 * - RFC 9207 `iss` in authorization responses (the library always adds and advertises it).
 */
import { Provider, errors, type Configuration, type KoaContextWithOIDC, type ClientMetadata } from 'oidc-provider';
import type { AppContext } from '../../http/context.ts';
import { createKyselyAdapter, storeClientMetadataDocument } from './adapter.ts';
import type { GrantCache } from '../grant-cache.ts';
import { isChatGptClient } from './chatgpt.ts';
import { FULL_ACCESS, LIFETIMES, MCP_CLIENT_ID, TOKEN_EXCHANGE_GRANT, apiResource, mcpResource } from './constants.ts';
import { registerTokenExchange } from './token-exchange.ts';
import { findLiveGrantId } from '../../queries/oauth-grants.ts';
import { findLiveMember } from '../../queries/members.ts';
import { renderErrorPage } from './error-page.ts';
import { cimdFetchAllowed, guardedFetch } from './cimd-fetch.ts';
import { firstRedirectUriRefusal, loopbackPortVariantAllowed, registersPrivateUseScheme } from './redirect-uris.ts';

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

export const INTERACTION_PATH = '/oauth/interaction';

/** Scopes the server knows (RFC 7591 §2 `scope` is checked against them by the library). */
const SCOPES = ['openid', 'offline_access', FULL_ACCESS];

/**
 * RFC 7591 §2 `scope` at registration, the way the authorization endpoint treats `scope` (below):
 * values the server does not know are dropped (RFC 7591 §3.2.1: the server "MAY reject or replace
 * any of the client's requested metadata values") and full_access, the only scope, is added.
 * Claude registers `scope: "claudeai"`; it is registered with `full_access`.
 */
function registeredScope(scope: unknown): unknown {
  if (typeof scope !== 'string') return scope; // the library reports a wrong type
  const kept = scope.split(/\s+/).filter((s) => SCOPES.includes(s));
  return [...new Set([...kept, FULL_ACCESS])].join(' ');
}

/**
 * RFC 8707 §2.2 at the token endpoint, for a refresh: the requested `resource`, when sent, must be
 * one resource the refresh token was granted (RFC 8707 §2: "the resource indicated ... MUST be
 * one of those granted") and the MCP server (the API is reachable only by exchange). Throws
 * invalid_target before anything is consumed; a missing `resource` uses the granted one.
 */
function assertRefreshTarget(c: KoaContextWithOIDC, mcp: string): void {
  const requested = (c.oidc.params as { resource?: string | string[] } | undefined)?.resource;
  if (requested === undefined) return;
  const list = Array.isArray(requested) ? requested : [requested];
  if (list.length !== 1) throw new errors.InvalidTarget('only a single resource indicator value must be requested during a refresh');
  const granted = (c.oidc.entities as { RefreshToken?: { resourceIndicators?: Set<string> } }).RefreshToken?.resourceIndicators;
  if (list[0] !== mcp || (granted && !granted.has(list[0]))) {
    throw new errors.InvalidTarget(`a refresh can only name the granted resource ${mcp}; the refresh token was not used and stays valid`);
  }
}

/** `grants`: the process's grant cache (the adapter forgets the grants it destroys: grant-cache.ts). */
export function createOAuthProvider(ctx: AppContext, grants?: GrantCache): Provider {
  const { config, keyring } = ctx;
  const { db } = ctx.database;
  const issuer = config.baseUrl;
  const MCP = mcpResource(config);
  const API = apiResource(config);

  // Authorization requests never see the authorization server's own browser session (its cookie
  // is dropped below, also when the authorization resumes after our pages), so the login prompt
  // always runs and our interaction page decides from the Prosa web session (prosa_session):
  // signing out of the web app, or signing in as someone else, is always honoured, and the
  // library's account-switch (logout) dance never happens. The interaction's result (login and
  // consent) is all the resumed request needs.
  const configuration = {
    adapter: createKyselyAdapter(db, grants),
    // Outgoing requests (client ID metadata documents): resolved, checked and pinned to public
    // addresses only (cimd-fetch.ts: SSRF).
    fetch: guardedFetch(),
    clients: [
      {
        client_id: MCP_CLIENT_ID,
        client_secret: keyring.mcpClientSecret,
        client_name: 'Prosa MCP server',
        grant_types: [TOKEN_EXCHANGE_GRANT],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    clientDefaults: {
      // MCP clients expect refresh tokens; the client may still register authorization_code only.
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    // full_access listed here too: DCR validates a registration's `scope` (RFC 7591 §2) against this
    // list, and the MCP SDK registers with the scope from the WWW-Authenticate challenge.
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    jwks: { keys: [keyring.oauthSigningJwk] },
    cookies: {
      names: { session: 'prosa_oauth_session', interaction: 'prosa_oauth_interaction', resume: 'prosa_oauth_resume' },
      // Derived from the signing secret: the same on every process (scale-out).
      keys: keyring.oauthCookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    routes: { ...OAUTH_ROUTES, userinfo: '/oauth/userinfo-library', end_session: '/oauth/end-session' },
    discovery: {
      // Our own route (the library's userinfo rejects JWT access tokens).
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
    },
    pkce: { required: () => true },
    // CORS for browser-based clients: public clients from their redirect URIs' origins (the
    // library's default rule, made explicit); confidential clients never from a browser.
    clientBasedCORS: (_c: unknown, origin: string, client: { clientAuthMethod: string; redirectUris?: string[] }) =>
      origin !== 'null' && client.clientAuthMethod === 'none' && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      introspection: { enabled: false },
      revocation: {
        enabled: true,
        // RFC 7009 §2.1: a client revokes only its own tokens (the library's default rule, made explicit).
        allowedPolicy: (_c: unknown, client: { clientId: string; clientAuthMethod: string }, token: { clientId?: string }) => {
          if (token.clientId === client.clientId) return true;
          if (client.clientAuthMethod === 'none') return false;
          throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
        },
      },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      resourceIndicators: {
        enabled: true,
        // A request without `resource` gets the MCP server (sloppy clients; mcp-oauth.md §6.7).
        defaultResource: (_c: KoaContextWithOIDC, _client: unknown, oneOf?: string[]) => (oneOf ? oneOf[0] : MCP),
        useGrantedResource: () => true,
        getResourceServerInfo: (c: KoaContextWithOIDC, indicator: string) => {
          if (indicator === MCP) {
            return { scope: FULL_ACCESS, audience: MCP, accessTokenTTL: LIFETIMES.mcpAccessToken, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
          }
          // The API audience is minted only by the token exchange (token-exchange.ts), never by a
          // client's authorization or refresh.
          void c;
          throw new errors.InvalidTarget(`unknown resource; use ${MCP}`);
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        // Check 1 of cimd-fetch.ts (names); checks 2 and 3 run when the socket connects.
        allowFetch: (_c: unknown, clientId: string) => cimdFetchAllowed(clientId),
        // The fetched document is kept beside registered clients (model ClientMetadataDocument),
        // so the connected-apps list can name the client and the ChatGPT flag is stored with it.
        allowClient: async (_c: unknown, client: { clientId: string; metadata(): Record<string, unknown> }) => {
          await storeClientMetadataDocument(db, client.clientId, client.metadata());
          return true;
        },
      },
    },
    extraClientMetadata: {
      properties: ['prosa_no_purchases'],
      // Runs for every client (registered, loaded, fetched): recomputes the ChatGPT flag from the
      // redirect URIs whatever the caller sent, and applies our registration policy.
      validator(_c: unknown, key: string, _value: unknown, metadata: ClientMetadata) {
        if (key !== 'prosa_no_purchases') return;
        if (metadata.client_id === MCP_CLIENT_ID) {
          metadata.prosa_no_purchases = false;
          return;
        }
        // Redirect URIs (redirect-uris.ts): https, loopback http, or a private-use scheme for a
        // public client, which makes it a native app. The refusal names the URI and the rule
        // (RFC 7591 §3.2.2 invalid_redirect_uri with that error_description).
        const refusal = firstRedirectUriRefusal(metadata.redirect_uris, { tokenEndpointAuthMethod: metadata.token_endpoint_auth_method });
        if (refusal) throw new errors.InvalidClientMetadata(refusal);
        if (registersPrivateUseScheme(metadata.redirect_uris)) metadata.application_type = 'native';
        if (metadata.scope !== undefined) metadata.scope = registeredScope(metadata.scope) as string;
        const grants = Array.isArray(metadata.grant_types) ? metadata.grant_types : [];
        if (grants.includes(TOKEN_EXCHANGE_GRANT)) {
          throw new errors.InvalidClientMetadata('the token-exchange grant is reserved for the Prosa MCP server');
        }
        metadata.prosa_no_purchases = isChatGptClient(metadata);
      },
    },
    ttl: {
      AccessToken: (_c: unknown, token: { resourceServer?: { accessTokenTTL?: number } }) => token.resourceServer?.accessTokenTTL ?? LIFETIMES.mcpAccessToken,
      AuthorizationCode: LIFETIMES.authorizationCode,
      RefreshToken: LIFETIMES.refreshToken,
      Grant: LIFETIMES.grant,
      Session: LIFETIMES.session,
      Interaction: LIFETIMES.interaction,
      IdToken: 3600,
    },
    // Every client: rotate on each use (the contract; the library's default rotates public clients only).
    // This is also the last hook before the library consumes the refresh token, and the library
    // resolves `resource` only after consuming it: a refresh refused for its target (RFC 8707 §2.2
    // invalid_target, e.g. resource={BASE_URL}/api) used to cost the client its refresh token and,
    // at its next refresh, the whole grant (reuse detection). The target is checked here first.
    rotateRefreshToken: (c: KoaContextWithOIDC) => {
      assertRefreshTarget(c, MCP);
      return true;
    },
    // Refresh tokens whenever the client may use them, no offline_access needed (prototype pitfall 4).
    issueRefreshToken: (_c: unknown, client: { grantTypeAllowed(g: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    // Tokens outlive the authorization server's short browser session.
    expiresWithSession: () => false,
    // Consent is remembered per account and client until revoked.
    async loadExistingGrant(c: KoaContextWithOIDC) {
      const id =
        c.oidc.result?.consent?.grantId ??
        (c.oidc.session?.accountId && c.oidc.client ? await findLiveGrantId(db, c.oidc.session.accountId, c.oidc.client.clientId) : undefined);
      return id ? c.oidc.provider.Grant.find(id) : undefined;
    },
    async findAccount(_c: unknown, sub: string) {
      // The subject is a firm member (migration 032); a removed member has no account here.
      const member = await findLiveMember(db, sub);
      if (!member) return undefined;
      return { accountId: member.id, claims: () => ({ sub: member.id, email: member.email, name: member.display_name ?? undefined }) };
    },
    // Claims added to every JWT access token (the contract): the grant id, the ChatGPT flag, and
    // for exchanged tokens the actor (RFC 8693 §4.1).
    async extraTokenClaims(_c: unknown, token: { kind: string; grantId?: string; gty?: string; client?: { metadata(): Record<string, unknown> } }) {
      if (token.kind !== 'AccessToken') return undefined;
      const noPurchases = token.client?.metadata().prosa_no_purchases === true;
      return {
        gid: token.grantId,
        ...(noPurchases ? { prosa_no_purchases: true } : {}),
        ...(token.gty === TOKEN_EXCHANGE_GRANT ? { act: { sub: MCP_CLIENT_ID } } : {}),
      };
    },
    interactions: {
      url: (_c: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    renderError: (c: KoaContextWithOIDC, out: Record<string, string>) => {
      c.type = 'html';
      c.body = renderErrorPage(out);
    },
  };

  const provider = new Provider(issuer, configuration as unknown as Configuration);
  // Behind TLS termination the public URL comes from the issuer: the mount rewrites
  // X-Forwarded-Proto/Host on every request (http/routes/oauth/provider-mount.ts), so endpoint
  // URLs in metadata always match the issuer, whatever Host the request carried (pitfall 12).
  provider.proxy = true;

  registerTokenExchange(provider, { config, keyring, db, apiResource: API, mcpResource: MCP });

  // RFC 8252 §7.3: a loopback redirect URI matches on any port (the library allows it for
  // `native` clients only; MCP clients such as VS Code register without application_type, i.e.
  // `web`). Exact match otherwise (OAuth 2.1 §4.1.1). The token endpoint still requires the
  // redirect_uri of the authorization request itself (RFC 6749 §4.1.3).
  const exactOrNative = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(this: InstanceType<Provider['Client']>, value: string): boolean {
    return exactOrNative.call(this, value) || loopbackPortVariantAllowed(value, this.redirectUris ?? []);
  };

  const sessionCookies = new Set(['prosa_oauth_session', 'prosa_oauth_session.sig']);
  provider.use(async (c, next) => {
    // Initial and resumed authorization requests alike (see the comment at the top).
    const authorizing = c.path === OAUTH_ROUTES.authorization || c.path.startsWith(`${OAUTH_ROUTES.authorization}/`);
    if (authorizing && c.method === 'GET' && typeof c.req.headers.cookie === 'string') {
      c.req.headers.cookie = c.req.headers.cookie
        .split(';')
        .filter((part) => !sessionCookies.has(part.split('=')[0]!.trim()))
        .join(';');
    }
    // A missing scope defaults to full_access, the only scope (prototype pitfall 7: ChatGPT
    // reconnects and the conformance runner omit it); full_access is always requested.
    if (c.path === OAUTH_ROUTES.authorization && c.method === 'GET') {
      const scope = typeof c.query.scope === 'string' ? c.query.scope.trim() : '';
      const scopes = scope ? scope.split(/\s+/) : [];
      if (!scopes.includes(FULL_ACCESS)) c.query = { ...c.query, scope: [...scopes, FULL_ACCESS].join(' ') };
    }
    await next();
    const body = c.body as Record<string, unknown> | undefined;
    if (c.path.startsWith('/.well-known/') && body && typeof body === 'object' && 'issuer' in body) {
      body.scopes_supported = [FULL_ACCESS];
    }
    // RFC 6749 §5.2: a client using a grant type it may not use is `unauthorized_client`.
    if (
      c.path === OAUTH_ROUTES.token &&
      c.status === 400 &&
      body?.error === 'invalid_request' &&
      body.error_description === 'requested grant type is not allowed for this client'
    ) {
      body.error = 'unauthorized_client';
    }
  });

  return provider;
}
