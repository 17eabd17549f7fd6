/**
 * MCP test helpers: a listening backend with the MCP server mounted (one process, as `prosa
 * serve`), real OAuth tokens through the real pages, and the official SDK client in either
 * protocol era.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SignJWT, importJWK } from 'jose';
import type { Keyring } from '../../src/auth/keyring.ts';
import {
  obtainTokens,
  signUpAccount,
  startOAuthTestServer,
  type OAuthTestServer,
  type TokenSet,
  type RegisteredClient,
  type CookieJar,
} from '../support/oauth.ts';
import { LIFTED } from '../support/app.ts';

export type Era = 'legacy' | 'modern';
export const ERAS: Era[] = ['legacy', 'modern'];

/**
 * The per-account MCP budgets are lifted: test files drive hundreds of calls a minute as one
 * account. So are the per-address sign-in and OAuth tiers: a file's clients register, sign in and
 * exchange codes from 127.0.0.1, and on a fast host more than five of them fall within a second.
 * The limits themselves are tested with their own servers (gate.test.ts,
 * test/oauth/metadata-registration.test.ts, test/harden/signin-lockout.test.ts).
 */
export async function startMcpTestServer(env: Record<string, string> = {}): Promise<OAuthTestServer> {
  return startOAuthTestServer(env, {
    mcp: true,
    tiers: { mcp: LIFTED, mcp_tools: LIFTED, assistant: LIFTED, signin: LIFTED, oauth_register: LIFTED, oauth_token: LIFTED },
  });
}

export interface SignedInUser {
  email: string;
  password: string;
  accountId: string;
  /** The web session cookie of the same account (the web app's view). */
  cookie: string;
  tokens: TokenSet & { client: RegisteredClient; jar: CookieJar };
}

/** A new account, signed in through the OAuth pages by a newly registered client. */
export async function signedInUser(
  url: string,
  opts: { metadata?: Record<string, unknown>; authMethod?: 'none' | 'client_secret_post' | 'client_secret_basic' } = {},
): Promise<SignedInUser> {
  const account = await signUpAccount(url);
  const tokens = await obtainTokens(url, { email: account.email, password: account.password, metadata: opts.metadata, authMethod: opts.authMethod });
  return { ...account, tokens };
}

/** The official SDK client on `${url}/mcp` with a bearer token, in the given era. */
export async function connectClient(url: string, token: string, era: Era = 'modern', query = ''): Promise<Client> {
  const client = new Client({ name: 'prosa-tests', version: '1.0.0' }, { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } } });
  // `query`: the connector URL's parameters (`?tools=all` ...: src/mcp/tool-sets.ts).
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp${query}`), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

/** A raw JSON-RPC POST to /mcp (2025-era shape), for status codes and headers the SDK hides. */
export async function rawMcp(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The JSON-RPC message of a response, whether sent as JSON or as one SSE `message` event. */
export async function readRpc<T = Record<string, unknown>>(res: Response): Promise<T> {
  const text = await res.text();
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trim())
      .filter(Boolean);
    return JSON.parse(data[data.length - 1]) as T;
  }
  return JSON.parse(text) as T;
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/**
 * A token signed with the server's real key but with chosen claims (expiry, audience...): for
 * the refusals a real flow cannot produce on demand (near-expiry, wrong audience).
 */
export async function craftToken(keyring: Keyring, claims: Record<string, unknown>, opts: { typ?: string; expiresIn?: number } = {}): Promise<string> {
  const key = await importJWK(keyring.oauthSigningJwk, 'ES256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'full_access', client_id: 'crafted', gid: 'crafted-grant', jti: `j-${now}-${Math.random()}`, ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: opts.typ ?? 'at+jwt', kid: keyring.oauthSigningJwk.kid })
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(key);
}
