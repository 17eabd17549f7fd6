import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { followAuthorization, type AuthMethod } from '../support/oauth.ts';

type Stored = Awaited<ReturnType<OAuthClientProvider['tokens']>>;
type ClientInfo = Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;

/**
 * A headless OAuthClientProvider for the official SDK client: it registers dynamically, and when
 * the SDK asks to send the user to the authorization URL, the test drives the real sign-in and
 * consent pages itself and keeps the callback for `transport.finishAuth`.
 */
export class HeadlessProvider implements OAuthClientProvider {
  private info: ClientInfo;
  private stored: Stored;
  private verifier = '';
  /** The redirect back to the client after the pages (code, state, iss). */
  callback: URL | null = null;
  /** How many times the SDK sent the "user" to sign in. */
  authorizations = 0;
  private readonly url: string;
  private readonly account: { email: string; password: string };
  private readonly method: AuthMethod;
  constructor(url: string, account: { email: string; password: string }, method: AuthMethod = 'none') {
    this.url = url;
    this.account = account;
    this.method = method;
  }

  get redirectUrl(): string {
    return 'http://127.0.0.1:33418/callback';
  }

  get clientMetadata() {
    return {
      client_name: `SDK test client (${this.method})`,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.method,
      application_type: 'native',
    };
  }

  clientInformation(): ClientInfo {
    return this.info;
  }
  saveClientInformation(info: NonNullable<ClientInfo>): void {
    this.info = info;
  }
  tokens(): Stored {
    return this.stored;
  }
  saveTokens(tokens: NonNullable<Stored>): void {
    this.stored = tokens;
  }
  saveCodeVerifier(v: string): void {
    this.verifier = v;
  }
  codeVerifier(): string {
    return this.verifier;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.authorizations++;
    const flow = await followAuthorization(this.url, authorizationUrl.href, this.account);
    this.callback = flow.callback;
  }

  /** The SDK drops credentials the server no longer honours (a dead refresh token: invalid_grant). */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.stored = undefined;
    if (scope === 'all' || scope === 'client') this.info = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
  }

  /** Test hook: make the stored access token unusable, so the next call needs a refresh. */
  spoilAccessToken(): void {
    if (this.stored) this.stored = { ...this.stored, access_token: 'spoiled' };
  }
}
