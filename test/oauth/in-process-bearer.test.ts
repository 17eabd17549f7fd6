import { describe, expect, test } from 'vitest';
import type { AccessTokenClaims } from '../../src/auth/oauth/access-token.ts';
import { handedOverClaims, withVerifiedBearer } from '../../src/auth/oauth/in-process-bearer.ts';

/**
 * The claims the in-process MCP server hands to its own `/api` call (src/auth/oauth/in-process-bearer.ts)
 * answer only that call, for that exact token, while they name the audience asked for and have not expired.
 */
const NOW = 1_800_000_000;
const claims: AccessTokenClaims = { sub: 'm1', client_id: 'c1', gid: 'g1', aud: 'https://prosa.test/api', exp: NOW + 300 };
const API = ['https://prosa.test/api'];

describe('claims handed to the in-process call', () => {
  test('are found inside the call, for the same token, across awaits', async () => {
    const seen = await withVerifiedBearer('tok-a', claims, async () => {
      await new Promise((r) => setImmediate(r));
      return handedOverClaims('tok-a', API, NOW);
    });
    expect(seen).toBe(claims);
  });

  test('answer nothing outside the call, for another token, another audience, or once expired', async () => {
    expect(handedOverClaims('tok-a', API, NOW)).toBeUndefined();
    await withVerifiedBearer('tok-a', claims, async () => {
      expect(handedOverClaims('tok-b', API, NOW)).toBeUndefined();
      expect(handedOverClaims('tok-a', ['https://prosa.test/mcp'], NOW)).toBeUndefined();
      expect(handedOverClaims('tok-a', API, NOW + 300)).toBeUndefined();
    });
    // A request that began elsewhere while a call was in flight does not see its claims.
    let outside: unknown = 'unset';
    const elsewhere = new Promise<void>((resolve) => setTimeout(() => ((outside = handedOverClaims('tok-a', API, NOW)), resolve()), 5));
    await withVerifiedBearer('tok-a', claims, () => elsewhere);
    expect(outside).toBeUndefined();
  });
});
