import * as client from 'openid-client';
import type { OidcProviderConfig, OidcProviderId } from '../../config.ts';

/** What Prosa keeps from a provider's answer: who (iss, sub) and the address it vouches for. */
export interface OidcIdentityClaims {
  provider: OidcProviderId;
  /** The ID token's `iss`: for Entra's multi-tenant endpoints, the user's tenant issuer. */
  issuer: string;
  subject: string;
  email: string | null;
  /** Only a boolean `true` counts (OpenID Connect Core 1.0 §5.1); absent, false or "true" do not. */
  emailVerified: boolean;
  name: string | null;
}

/** The checks the callback must pass, saved when the flow started (oidc_login_states). */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider could not be reached or its discovery document is invalid. */
export class ProviderUnavailable extends Error {}

/**
 * http:// issuers are accepted only on a loopback host (a local test provider): openid-client
 * refuses plain http unless told otherwise (`allowInsecureRequests`), and a provider anywhere
 * else must be https (RFC 6749 §3.1, OpenID Connect Discovery 1.0 §3).
 */
function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

/**
 * Prosa as an OpenID Connect relying party of Google and Microsoft through `openid-client`:
 * discovery from the issuer URL (cached per process; a failed discovery is retried next time),
 * authorization code flow with PKCE S256 (RFC 7636), `state` (RFC 6749 §10.12) and `nonce`
 * (OpenID Connect Core 1.0 §3.1.2.1), ID token validation by the library.
 *
 * Microsoft's multi-tenant endpoints (`/common`, `/organizations`, `/consumers`) publish the
 * issuer `https://login.microsoftonline.com/{tenantid}/v2.0`; openid-client recognises that
 * origin, accepts the templated issuer in discovery and validates each ID token's `iss` against
 * the template with the token's own `tid` filled in. The identity is then keyed by that concrete
 * issuer, so two tenants' subjects never meet.
 */
export class OidcRelyingParty {
  private readonly configurations = new Map<OidcProviderId, Promise<client.Configuration>>();

  private readonly providers: OidcProviderConfig[];
  private readonly baseUrl: string;

  constructor(providers: OidcProviderConfig[], baseUrl: string) {
    this.providers = providers;
    this.baseUrl = baseUrl;
  }

  list(): OidcProviderConfig[] {
    return this.providers;
  }

  find(id: string): OidcProviderConfig | undefined {
    return this.providers.find((p) => p.id === id);
  }

  /** Registered at the provider as the redirect URI; exact match (OAuth 2.1 §4.1.1). */
  callbackUrl(id: OidcProviderId): string {
    return `${this.baseUrl}/api/auth/oidc/${id}/callback`;
  }

  private configuration(p: OidcProviderConfig): Promise<client.Configuration> {
    let c = this.configurations.get(p.id);
    if (!c) {
      c = client
        .discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, {
          execute: isLoopbackHttp(p.issuer) ? [client.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((err: unknown) => {
          this.configurations.delete(p.id);
          throw new ProviderUnavailable(`discovery of ${p.issuer} failed: ${err instanceof Error ? err.message : String(err)}`);
        });
      this.configurations.set(p.id, c);
    }
    return c;
  }

  /** Fresh state, nonce and PKCE verifier, and the provider's authorization URL carrying them. */
  async start(p: OidcProviderConfig): Promise<{ url: URL; checks: FlowChecks }> {
    const config = await this.configuration(p);
    const checks: FlowChecks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(p.id),
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, checks };
  }

  /**
   * Redeems the code of the callback (whose query is `query`) and validates the ID token. The
   * e-mail may be missing from the ID token (a provider may put it only in userinfo): then the
   * userinfo endpoint is asked, with its `sub` checked against the ID token's (Core §5.3.2).
   */
  async finish(p: OidcProviderConfig, query: string, checks: FlowChecks): Promise<OidcIdentityClaims> {
    const config = await this.configuration(p);
    const callback = this.callbackUrl(p.id);
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(`${callback}?${query}`),
      {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: callback },
    );
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the provider returned no ID token');
    let email = typeof idToken.email === 'string' ? idToken.email : null;
    let verified = idToken.email_verified === true;
    let name = typeof idToken.name === 'string' ? idToken.name : null;
    if (!email) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      email = typeof info.email === 'string' ? info.email : null;
      verified = info.email_verified === true;
      name ??= typeof info.name === 'string' ? info.name : null;
    }
    return { provider: p.id, issuer: idToken.iss, subject: idToken.sub, email, emailVerified: !!email && verified, name };
  }
}
