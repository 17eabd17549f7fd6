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
import { Provider, errors, interactionPolicy, type Configuration, type KoaContextWithOIDC, type ClientMetadata } from 'oidc-provider';
import type { AppContext } from '../../http/context.ts';
import { createKyselyAdapter } from './adapter.ts';
import { isChatGptClient } from './chatgpt.ts';
import { FULL_ACCESS, LIFETIMES, MCP_CLIENT_ID, TOKEN_EXCHANGE_GRANT, apiResource, mcpResource } from './constants.ts';
import { registerTokenExchange } from './token-exchange.ts';
import { findLiveGrantId } from '../../queries/oauth-grants.ts';
import { principalFromSession } from '../principal.ts';
import { renderErrorPage } from './error-page.ts';

/** Cookie of the Prosa web session (the auth plugin reads the same name). */
const WEB_SESSION_COOKIE = 'prosa_session';

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

export const INTERACTION_PATH = '/oauth/interaction';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface OAuthProviderOptions {
  /** Test-only auto-approve: the interaction routes skip the pages (see http/routes/oauth/interaction.ts). */
  testAutoApprove?: boolean;
}

/**
 * Redirect URIs: https, or http on a loopback host (MCP authorization spec, "Communication
 * Security": "All redirect URIs MUST be either localhost or use HTTPS"; RFC 8252 §7.3). Exact
 * matching is the library's (OAuth 2.1 §4.1.1 / §7.5.3).
 */
function assertRedirectUris(uris: unknown): void {
  if (!Array.isArray(uris)) return; // the library reports the type error
  for (const uri of uris) {
    const u = typeof uri === 'string' ? URL.parse(uri) : null;
    if (!u) continue; // the library reports it
    const ok = u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname));
    if (!ok) throw new errors.InvalidRedirectUri(`redirect_uris must use https, or http on a loopback address (localhost, 127.0.0.1, [::1]); refused: ${String(uri).slice(0, 200)}`);
  }
}

export function createOAuthProvider(ctx: AppContext, opts: OAuthProviderOptions = {}): Provider {
  const { config, keyring } = ctx;
  const { db } = ctx.database;
  const issuer = config.baseUrl;
  const MCP = mcpResource(config);
  const API = apiResource(config);

  const policy = interactionPolicy.base();
  if (!opts.testAutoApprove) {
    // Authorizing needs a live Prosa web session of the same account: signing out of the web app
    // (or signing in as someone else) sends the next authorization back to the sign-in page
    // instead of reusing the authorization server's own short session.
    policy.get('login')!.checks.push(
      new interactionPolicy.Check('prosa_web_session', 'A Prosa web session of the same account is required', async (c: KoaContextWithOIDC) => {
        const accountId = c.oidc.session?.accountId;
        if (!accountId) return interactionPolicy.Check.REQUEST_PROMPT;
        const token = c.cookies.get(WEB_SESSION_COOKIE, { signed: false });
        const web = token ? await principalFromSession(db, token) : null;
        return web?.accountId === accountId ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
      }),
    );
  }

  const configuration = {
    adapter: createKyselyAdapter(db),
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
    scopes: ['openid', 'offline_access', FULL_ACCESS],
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
      service_documentation: `${issuer}/v1/openapi.json`,
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      introspection: { enabled: false },
      revocation: { enabled: true },
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
        // Only public https hosts: no IP literals, no loopback, no single-label intranet names.
        allowFetch: (_c: unknown, clientId: string) => {
          const u = URL.parse(clientId);
          if (!u || u.protocol !== 'https:') return false;
          const h = u.hostname;
          return h.includes('.') && !/^[\d.]+$/.test(h) && !h.startsWith('[') && !h.endsWith('.localhost') && !h.endsWith('.local') && !h.endsWith('.internal');
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
        assertRedirectUris(metadata.redirect_uris);
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
    rotateRefreshToken: true,
    // Refresh tokens whenever the client may use them, no offline_access needed (prototype pitfall 4).
    issueRefreshToken: (_c: unknown, client: { grantTypeAllowed(g: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    // Tokens outlive the authorization server's short browser session.
    expiresWithSession: () => false,
    // Consent is remembered per account and client until revoked.
    async loadExistingGrant(c: KoaContextWithOIDC) {
      const id = c.oidc.result?.consent?.grantId ?? (c.oidc.session?.accountId && c.oidc.client ? await findLiveGrantId(db, c.oidc.session.accountId, c.oidc.client.clientId) : undefined);
      return id ? c.oidc.provider.Grant.find(id) : undefined;
    },
    async findAccount(_c: unknown, sub: string) {
      const account = await db.selectFrom('accounts').select(['id', 'email', 'display_name']).where('id', '=', sub).executeTakeFirst();
      if (!account) return undefined;
      return { accountId: account.id, claims: () => ({ sub: account.id, email: account.email, name: account.display_name ?? undefined }) };
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
      policy,
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

  provider.use(async (c, next) => {
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
    if (c.path === OAUTH_ROUTES.token && c.status === 400 && body?.error === 'invalid_request' && body.error_description === 'requested grant type is not allowed for this client') {
      body.error = 'unauthorized_client';
    }
  });

  return provider;
}
