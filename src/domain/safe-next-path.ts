/**
 * Where a browser may be sent after signing in (`next`): a path on this site, never another one
 * (no open redirect: RFC 6749 §10.15, OWASP "Unvalidated Redirects and Forwards"). One rule for
 * the server (the third-party sign-in's redirect, routes/web/oidc-sign-in.ts) and the web app
 * (the sign-in page, web/src/pages/SignIn.tsx), which imports this file: pure, no Node APIs.
 *
 * Browsers forgive a lot when they resolve a relative URL (WHATWG URL Standard, "basic URL
 * parser"): they strip ASCII tab and newline anywhere ("/\t/evil.example" is "//evil.example"),
 * trim leading and trailing C0 controls and spaces, and read "\" as "/" in http(s) URLs. So each
 * named check below refuses one family of tricks, and the last one parses the path as the
 * browser would and requires the origin unchanged. Anything refused becomes "/".
 */

export const SAFE_NEXT_MAX_LENGTH = 500;

/** A neutral origin to resolve against: `.invalid` can never be a real host (RFC 2606 §2). */
const PROBE_ORIGIN = 'https://prosa-next.invalid';

/** Control characters (C0, DEL, C1), format characters (zero-width, bidi) and any space or separator. */
const CONTROL_OR_SPACE = /[\p{Cc}\p{Cf}\p{Z}\s]/u;
const CONTROL_OR_SPACE_ALL = /[\p{Cc}\p{Cf}\p{Z}\s]/gu;

export type NextPathProblem =
  | 'missing'
  | 'too_long'
  | 'not_a_path'
  | 'control_or_space'
  | 'backslash'
  | 'scheme_relative'
  | 'bad_encoding'
  | 'decodes_unsafe'
  | 'leaves_origin';

/** The reason `next` is refused, or null when it is a same-origin absolute path. */
export function nextPathProblem(next: string | null | undefined): NextPathProblem | null {
  if (typeof next !== 'string' || next === '') return 'missing';
  if (next.length > SAFE_NEXT_MAX_LENGTH) return 'too_long';
  if (!next.startsWith('/')) return 'not_a_path';
  const layout = rawProblem(next);
  if (layout) return layout;
  // Encoded forms (`/%2F%2Fevil`, `/%09/evil`, `/%5Cevil`, twice encoded too) must not turn
  // into a second leading slash once decoded: a later hop (a proxy, a router) may decode them.
  // An encoded space or slash further on (`/docket?q=a%20b`) is harmless and kept.
  let decoded = next;
  for (let i = 0; i < 3 && decoded.includes('%'); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return 'bad_encoding';
    }
    if (/^[\\/][\\/]/.test(decoded.replace(CONTROL_OR_SPACE_ALL, ''))) return 'decodes_unsafe';
  }
  // Resolved as a browser would, against a neutral origin: the origin must not change.
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN); // not URL.parse: older browsers run this file too
  } catch {
    return 'leaves_origin';
  }
  if (url.origin !== PROBE_ORIGIN) return 'leaves_origin';
  // Dot segments can leave a path that starts with "//" (`/.//evil.example`): a router that
  // resolves them itself would then hold a scheme-relative URL.
  if (url.pathname.startsWith('//')) return 'scheme_relative';
  return null;
}

/** The layout checks on one (raw or decoded) form. */
function rawProblem(path: string): NextPathProblem | null {
  if (CONTROL_OR_SPACE.test(path)) return 'control_or_space';
  if (path.includes('\\')) return 'backslash';
  if (!path.startsWith('/')) return 'not_a_path';
  if (path.startsWith('//')) return 'scheme_relative';
  return null;
}

/** `next` when it is a same-origin absolute path, else "/". */
export function safeNextPath(next: string | null | undefined): string {
  return nextPathProblem(next) === null ? (next as string) : '/';
}
