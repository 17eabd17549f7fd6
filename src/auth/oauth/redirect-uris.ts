/**
 * Which redirect URIs a client may register, and which redirect_uri an authorization request may
 * use (docs/decisions/oauth-and-mcp.md "OAuth authorization server", rows "registration" and
 * "redirect URIs").
 *
 * Registration (checked for registered and fetched clients alike), one named check per rule:
 * - `https` URIs: every client (MCP authorization spec, "Communication Security": "All redirect
 *   URIs MUST be either localhost or use HTTPS").
 * - `http` on a loopback host (127.0.0.1, [::1], localhost): every client (same sentence; RFC 8252
 *   §7.3). `localhost` is kept although RFC 8252 §8.3 prefers the IP literals, because the MCP spec
 *   names it and real clients register it (VS Code, Cursor's `http://localhost:8787/callback`).
 * - a private-use URI scheme (RFC 8252 §7.1, e.g. `cursor://anysphere.cursor-mcp/oauth/callback`):
 *   public clients only (`token_endpoint_auth_method` "none"; PKCE is required of every client,
 *   provider.ts). Such a client is a native app (OpenID Connect Dynamic Registration §2
 *   `application_type`), so it is registered as `native`. The reverse-domain form RFC 8252 §7.1
 *   asks of apps (`com.example.app`) is NOT required: the assistants people use register
 *   single-label schemes (`cursor`, `vscode`, `claude`), and the rule protects apps from each other
 *   on one device, not the server: an app that claims the same scheme and receives a code cannot
 *   redeem it without the PKCE verifier (RFC 8252 §8.1). What is checked: RFC 3986 §3.1 scheme
 *   syntax, at least two characters (a one-letter scheme is a Windows drive, `c:/...`), and the
 *   scheme is not one a browser or the operating system handles itself (NOT_PRIVATE_USE below:
 *   `javascript:`, `data:`, `file:`, `mailto:`...); `http` to any other host is refused as above.
 * - fragments are refused by the library (RFC 6749 §3.1.2).
 * Confidential clients keep https-or-loopback only.
 *
 * Matching at the authorization endpoint: exact string match (OAuth 2.1 §4.1.1, done by the
 * library), except that a loopback `http` URI matches on any port (RFC 8252 §7.3: "the
 * authorization server MUST allow any port to be specified at the time of the request for loopback
 * IP redirect URIs"): same host spelling (127.0.0.1, [::1] or localhost; `localhost` never matches
 * `127.0.0.1`), same path and query, only the port differs.
 */

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Schemes that are not private-use: the web's own, the ones browsers execute or resolve
 * themselves, and the common ones an operating system hands to a system application. A redirect
 * there never reaches the client app, or runs script, or reads local files.
 */
const NOT_PRIVATE_USE = new Set([
  'http',
  'https',
  'ws',
  'wss',
  'ftp',
  'ftps',
  'sftp',
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'view-source',
  'chrome',
  'chrome-extension',
  'moz-extension',
  'edge',
  'resource',
  'mailto',
  'tel',
  'sms',
  'mms',
  'news',
  'nntp',
  'urn',
  'ldap',
  'ldaps',
  'smb',
  'nfs',
  'ssh',
  'telnet',
  'git',
  'irc',
  'xmpp',
  'sip',
  'sips',
  'geo',
  'market',
  'intent',
  'content',
  'ms-settings',
  'shell',
]);

/** RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). */
const SCHEME_SYNTAX = /^[a-z][a-z0-9+.-]+$/;

const RULES =
  'Allowed: https URIs; http on a loopback host (127.0.0.1, [::1], localhost); and, for public clients (token_endpoint_auth_method "none") only, a private-use scheme such as com.example.app:/callback or cursor://app/callback (RFC 8252 §7.1).';

export interface RedirectClient {
  /** `token_endpoint_auth_method`; a client without a secret (`none`) is public. */
  tokenEndpointAuthMethod: unknown;
}

/** The lower-cased scheme of a URI (without `:`), or null when it has none. */
function schemeOf(uri: string): string | null {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri);
  return m ? m[1].toLowerCase() : null;
}

/** Whether `uri` uses a private-use scheme per the rules above (syntax and deny list; not who may use it). */
function isPrivateUseScheme(uri: string): boolean {
  const scheme = schemeOf(uri);
  return scheme !== null && SCHEME_SYNTAX.test(scheme) && !NOT_PRIVATE_USE.has(scheme);
}

function quoted(uri: string): string {
  return JSON.stringify(uri.length > 200 ? `${uri.slice(0, 200)}...` : uri);
}

/**
 * Why one redirect URI may not be registered by this client, or null when it may. The message
 * starts with `redirect_uris`, which the library turns into RFC 7591 §3.2.2
 * `invalid_redirect_uri` with this text as the error_description: it names the URI and the rule.
 */
function redirectUriRefusal(uri: unknown, client: RedirectClient): string | null {
  if (typeof uri !== 'string') return null; // the library reports the type error
  const u = URL.parse(uri);
  if (!u) return null; // the library reports "must only contain valid uris"
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(u.hostname)) return null;
    return `redirect_uris: ${quoted(uri)} is refused: http is allowed only on a loopback host (MCP authorization "Communication Security"; RFC 8252 §7.3). ${RULES}`;
  }
  if (!isPrivateUseScheme(uri)) {
    return `redirect_uris: ${quoted(uri)} is refused: the scheme "${schemeOf(uri) ?? ''}" is not a private-use scheme (RFC 8252 §7.1; it is handled by the browser or the system, never by the client app). ${RULES}`;
  }
  if (client.tokenEndpointAuthMethod !== 'none') {
    return `redirect_uris: ${quoted(uri)} is refused: a private-use scheme is accepted only for public clients (token_endpoint_auth_method "none", RFC 8252 §8.4); this client registers "${String(client.tokenEndpointAuthMethod ?? 'client_secret_basic')}". ${RULES}`;
  }
  return null;
}

/** The first refusal among a registration's redirect URIs, or null. */
export function firstRedirectUriRefusal(uris: unknown, client: RedirectClient): string | null {
  if (!Array.isArray(uris)) return null;
  for (const uri of uris) {
    const refusal = redirectUriRefusal(uri, client);
    if (refusal) return refusal;
  }
  return null;
}

/** Whether a registration lists a private-use redirect (the client is then a native app). */
export function registersPrivateUseScheme(uris: unknown): boolean {
  return Array.isArray(uris) && uris.some((uri) => typeof uri === 'string' && URL.parse(uri) !== null && isPrivateUseScheme(uri));
}

/** `http://<loopback host>[:port]<rest>` split into host and what follows the port; null for anything else. */
function loopbackParts(uri: string): { host: string; rest: string } | null {
  const m = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(?::(\d{1,5}))?([/?][^#]*)?$/.exec(uri);
  if (!m) return null;
  const rest = m[3] ?? '/';
  return { host: m[1], rest: rest.startsWith('?') ? `/${rest}` : rest };
}

/**
 * RFC 8252 §7.3: a requested loopback redirect URI that differs from a registered one only in its
 * port. Compared on the strings as sent (no normalisation beyond an empty path being `/`), so
 * nothing but the port may differ.
 */
export function loopbackPortVariantAllowed(requested: string, registered: readonly string[]): boolean {
  const want = loopbackParts(requested);
  if (!want) return false;
  return registered.some((uri) => {
    const have = loopbackParts(uri);
    return have !== null && have.host === want.host && have.rest === want.rest;
  });
}
