/**
 * OAuth helpers for tests that need real tokens (the OAuth tests and the MCP tests): against a
 * LISTENING server's base URL they register a client (RFC 7591), sign in and consent through the
 * real pages (fetch with redirect: 'manual' and a cookie jar, plain HTML forms, no JavaScript),
 * redeem the code with PKCE (RFC 7636) and return the tokens; exchangeToken does what the MCP
 * server does (RFC 8693).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/connect.ts';
import { buildApp, type BuildAppOptions } from '../../src/http/app.ts';
import { createRateLimits } from '../../src/serving/rate-limits/rate-limit-store.ts';
import type { AppContext } from '../../src/http/context.ts';
import { keyringFromSecret, type Keyring } from '../../src/auth/keyring.ts';
import { startDraftQueue } from '../../src/jobs/queue.ts';
import { queueHandle } from '../../src/jobs/queue-handle.ts';
import { createTestDatabase } from './db.ts';
import { TEST_SIGNING_SECRET } from './app.ts';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export interface OAuthTestServer {
  /** The base URL (= issuer), e.g. http://127.0.0.1:41234 */
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  keyring: Keyring;
  close(): Promise<void>;
}

/** A free loopback port (the issuer must be known before the app is built). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The backend listening on 127.0.0.1 with BASE_URL = its own address (the provider needs real
 * HTTP). TRUSTED_PROXIES=127.0.0.1 so tests can pick their client address with X-Forwarded-For.
 */
export async function startOAuthTestServer(
  env: Record<string, string> = {},
  opts: Pick<BuildAppOptions, 'testAutoApprove' | 'mcp'> & { tiers?: Parameters<typeof createRateLimits>[0]['tiers'] } = {},
): Promise<OAuthTestServer> {
  const database = await createTestDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config: Config = loadConfig({ BASE_URL: url, PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'silent', TRUSTED_PROXIES: '127.0.0.1', ...env });
  const rateLimits = await createRateLimits({ connectionString: database.connectionString, tiers: opts.tiers });
  const keyring = keyringFromSecret(config.signingSecret ?? TEST_SIGNING_SECRET);
  const queue = queueHandle(() => startDraftQueue(database, { supervise: false }));
  const ctx: AppContext = { config, database, rateLimits, keyring, queue };
  const app = await buildApp(ctx, { logger: false, testAutoApprove: opts.testAutoApprove, mcp: opts.mcp });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    app,
    ctx,
    database,
    keyring,
    async close() {
      await app.close();
      await queue.stop();
      await rateLimits.close();
      await database.close();
    },
  };
}

/** A random client address (X-Forwarded-For, trusted from 127.0.0.1), so per-IP limits do not mix tests. */
export function randomClientIp(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

export type AuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: AuthMethod;
  [k: string]: unknown;
}

/** RFC 7591 registration; throws with the server's answer on failure. */
export async function registerClient(url: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await fetch(`${url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
    body: JSON.stringify({
      client_name: 'Test assistant',
      redirect_uris: ['http://127.0.0.1:33418/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...metadata,
    }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  return body as RegisteredClient;
}

/** A minimal cookie jar: name -> value (paths ignored: sending extra cookies is harmless here). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  email: string;
  password: string;
  client: RegisteredClient;
  /** Defaults to the client's first redirect URI. */
  redirectUri?: string;
  /** RFC 8707 resource; defaults to `${url}/mcp` (MCP_URL = BASE_URL in tests); null to omit. */
  resource?: string | null;
  /** Omitted when undefined (the server defaults it to full_access). */
  scope?: string;
  /** A jar with an existing web session (prosa_session) skips sign-in. */
  jar?: CookieJar;
  /** Extra or overriding authorization request parameters (e.g. code_challenge_method=plain). */
  params?: Record<string, string | undefined>;
  /** Stop before consenting: returns the consent page's HTML (for page tests). */
  stopAtConsent?: boolean;
  /** The browser's address (X-Forwarded-For); a random one per flow by default. */
  ip?: string;
}

export interface AuthorizeResult {
  /** The final redirect to the client (its redirect URI with code, state and iss, or error). */
  callback: URL;
  code: string | null;
  verifier: string;
  state: string;
  jar: CookieJar;
  /** HTML of the pages seen on the way (sign-in, consent). */
  pages: { signin?: string; consent?: string };
}

function formAction(html: string, suffix: string): string {
  const m = new RegExp(`<form method="post" action="([^"]*/${suffix})"`).exec(html);
  if (!m) throw new Error(`no form ending in /${suffix} in page:\n${html.slice(0, 2000)}`);
  return m[1].replace(/&amp;/g, '&');
}

/**
 * The authorization code flow through the real pages: authorize -> sign-in page (unless the jar
 * holds a web session) -> consent page (unless consent is remembered) -> redirect to the client.
 */
export async function authorize(url: string, opts: AuthorizeOptions): Promise<AuthorizeResult> {
  const jar = opts.jar ?? new CookieJar();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString('base64url');
  const redirectUri = opts.redirectUri ?? opts.client.redirect_uris[0];
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: opts.client.client_id,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const resource = opts.resource === undefined ? `${url}/mcp` : opts.resource;
  if (resource) q.set('resource', resource);
  if (opts.scope !== undefined) q.set('scope', opts.scope);
  for (const [k, v] of Object.entries(opts.params ?? {})) v === undefined ? q.delete(k) : q.set(k, v);
  return { ...(await followAuthorization(url, `${url}/oauth/authorize?${q}`, { ...opts, jar })), verifier, state };
}

/**
 * Follows an authorization URL (built by us or by a client library such as the MCP SDK) through
 * the sign-in and consent pages to the redirect back to the client.
 */
export async function followAuthorization(
  url: string,
  authorizationUrl: string,
  opts: Pick<AuthorizeOptions, 'email' | 'password' | 'jar' | 'stopAtConsent' | 'ip'>,
): Promise<Omit<AuthorizeResult, 'verifier' | 'state'>> {
  const jar = opts.jar ?? new CookieJar();
  const pages: AuthorizeResult['pages'] = {};
  // One browser, one address: flows do not share the per-IP budget of the pages.
  const ip = opts.ip ?? randomClientIp();
  let next: string | null = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hops = 0; hops < 20 && next; hops++) {
    const target = new URL(next, url);
    if (target.origin !== url) return { callback: target, code: target.searchParams.get('code'), jar, pages };
    const res: Response = await fetch(target, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), 'x-forwarded-for': ip, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.store(res);
    method = 'GET';
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      next = res.headers.get('location');
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`authorization stopped at ${target.pathname}: ${res.status}\n${html.slice(0, 1500)}`);
    if (html.includes('action="') && html.includes('/login"')) {
      if (pages.signin) throw new Error(`sign-in failed:\n${html.slice(0, 1500)}`);
      pages.signin = html;
      next = formAction(html, 'login');
      method = 'POST';
      body = new URLSearchParams({ email: opts.email, password: opts.password });
    } else if (html.includes('/confirm"')) {
      pages.consent = html;
      if (opts.stopAtConsent) return { callback: target, code: null, jar, pages };
      next = formAction(html, 'confirm');
      method = 'POST';
      body = new URLSearchParams();
    } else {
      throw new Error(`unexpected page at ${target.pathname}:\n${html.slice(0, 1500)}`);
    }
  }
  throw new Error('too many redirects');
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  client_id: string;
  client_secret?: string;
  expires_in: number;
  scope?: string;
  token_type: string;
}

/** Client authentication per the client's registered method (RFC 6749 §2.3.1). */
export function clientAuth(client: RegisteredClient, form: URLSearchParams): Record<string, string> {
  if (client.token_endpoint_auth_method === 'client_secret_basic') {
    const enc = (s: string) => encodeURIComponent(s);
    return { authorization: `Basic ${Buffer.from(`${enc(client.client_id)}:${enc(client.client_secret ?? '')}`).toString('base64')}` };
  }
  form.set('client_id', client.client_id);
  if (client.token_endpoint_auth_method === 'client_secret_post') form.set('client_secret', client.client_secret ?? '');
  return {};
}

/** POST /oauth/token with the client's authentication; returns status and JSON body. */
export async function tokenRequest(
  url: string,
  client: RegisteredClient,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const form = new URLSearchParams(params);
  const headers = { 'content-type': 'application/x-www-form-urlencoded', ...clientAuth(client, form) };
  const res = await fetch(`${url}/oauth/token`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

export async function redeemCode(
  url: string,
  client: RegisteredClient,
  flow: Pick<AuthorizeResult, 'code' | 'verifier'>,
  redirectUri = client.redirect_uris[0],
  resource: string | null = `${url}/mcp`,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const params: Record<string, string> = { grant_type: 'authorization_code', code: flow.code ?? '', redirect_uri: redirectUri, code_verifier: flow.verifier };
  if (resource) params.resource = resource;
  return tokenRequest(url, client, params);
}

export interface ObtainTokensOptions {
  email: string;
  password: string;
  authMethod?: AuthMethod;
  /** Extra registration metadata (client_name, redirect_uris...). */
  metadata?: Record<string, unknown>;
  /** Reuse a registered client instead of registering one. */
  client?: RegisteredClient;
  jar?: CookieJar;
}

/** Register (unless given), sign in and consent through the pages, redeem the code: real tokens for the MCP audience. */
export async function obtainTokens(url: string, opts: ObtainTokensOptions): Promise<TokenSet & { client: RegisteredClient; jar: CookieJar }> {
  const client = opts.client ?? (await registerClient(url, { token_endpoint_auth_method: opts.authMethod ?? 'none', ...opts.metadata }));
  const flow = await authorize(url, { email: opts.email, password: opts.password, client, jar: opts.jar });
  if (!flow.code) throw new Error(`no code: ${flow.callback}`);
  const { status, body } = await redeemCode(url, client, flow);
  if (status !== 200) throw new Error(`token request failed: ${status} ${JSON.stringify(body)}`);
  return { ...(body as unknown as TokenSet), client_id: client.client_id, client_secret: client.client_secret, client, jar: flow.jar };
}

/** What the MCP server does with a client's token: RFC 8693 exchange for an API-audience token. */
export async function exchangeToken(
  url: string,
  keyring: Keyring,
  mcpToken: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE_GRANT,
    subject_token: mcpToken,
    subject_token_type: ACCESS_TOKEN_TYPE,
    resource: `${url}/api`,
    ...extra,
  });
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`prosa-mcp:${keyring.mcpClientSecret}`).toString('base64')}`,
      ...headers,
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Signs up an account through the API (sets nothing in any jar). */
export async function signUpAccount(
  url: string,
  email = `user-${randomBytes(5).toString('hex')}@firm.example`,
  password = 'correct horse battery',
): Promise<{ email: string; password: string; accountId: string; cookie: string }> {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('prosa_session='))!
    .split(';')[0];
  return { email, password, accountId: ((await res.json()) as { account: { id: string } }).account.id, cookie };
}
