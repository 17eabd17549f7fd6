import { AsyncLocalStorage } from 'node:async_hooks';
import type { AccessTokenClaims } from './access-token.ts';

/**
 * The claims of an API token that the MCP server in this process (`prosa serve`) has already
 * verified, handed to the `/api` request it makes with that token through Fastify's inject, so
 * the API's bearer check need not verify the ES256 signature a second time (bench/mcp-overhead.ts:
 * the signature check was the largest single cost of the in-process call).
 *
 * The claims travel in the async context of that one inject call: a request from outside the
 * process never runs in it, so the API's check of every other bearer request is unchanged. They
 * apply only to the exact token they were verified for, and the API still checks the audience,
 * the expiry against the clock and the grant (plugins/auth.ts bearerPrincipal).
 */
const handedOver = new AsyncLocalStorage<{ token: string; claims: AccessTokenClaims }>();

/** Runs `call` (the in-process request) with the verified claims of `token` handed over. */
export function withVerifiedBearer<T>(token: string, claims: AccessTokenClaims, call: () => T): T {
  return handedOver.run({ token, claims }, call);
}

/**
 * The claims handed over for this exact token, if the current request is the in-process call
 * they were handed to and they name `audiences` and have not expired; else undefined (verify).
 */
export function handedOverClaims(token: string, audiences: readonly string[], nowSeconds: number): AccessTokenClaims | undefined {
  const held = handedOver.getStore();
  if (!held || held.token !== token) return undefined;
  const { aud, exp } = held.claims;
  const named = typeof aud === 'string' ? [aud] : (aud ?? []);
  if (!named.some((a) => audiences.includes(a))) return undefined;
  if (typeof exp !== 'number' || exp <= nowSeconds) return undefined;
  return held.claims;
}
