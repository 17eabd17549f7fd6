/**
 * Issue 20 item 12: dynamically registered clients (RFC 7591) never expired (about 43,000 rows a
 * day from one address). A client never used for a token within 24 hours of registering is
 * forgotten (auth/oauth/adapter.ts, UNUSED_CLIENT_TTL_HOURS), and one address may register at
 * most 120 clients an hour on top of the per-minute limit. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  authorize,
  obtainTokens,
  randomClientIp,
  registerClient,
  signUpAccount,
  startOAuthTestServer,
  tokenRequest,
  type OAuthTestServer,
  type RegisteredClient,
} from '../support/oauth.ts';
import { purgeExpiredOAuthArtifacts, UNUSED_CLIENT_TTL_HOURS } from '../../src/auth/oauth/adapter.ts';
import { RATE_LIMIT_TIERS } from '../../src/serving/rate-limits/rate-limit-store.ts';

let s: OAuthTestServer;
beforeAll(async () => {
  // The hourly ceiling is lowered to 5 so that its refusal is reached in a few requests.
  s = await startOAuthTestServer({}, { tiers: { oauth_register: { perMinute: 1000, perSecond: 1000, perHour: 5 } } });
});
afterAll(async () => {
  await s?.close();
});

/** Moves a client's registration back in time (instead of waiting a day). */
async function registeredHoursAgo(clientId: string, hours: number): Promise<void> {
  await sql`update oauth_artifacts set created_at = now() - make_interval(hours => ${hours}) where model = 'Client' and id = ${clientId}`.execute(
    s.database.db,
  );
}
async function stored(clientId: string): Promise<boolean> {
  return !!(await s.database.db.selectFrom('oauth_artifacts').select('id').where('model', '=', 'Client').where('id', '=', clientId).executeTakeFirst());
}

describe('unused registered clients expire', () => {
  it('a client never used for a token is deleted 24 h after registering; used, pending or fresh ones stay', async () => {
    const user = await signUpAccount(s.url);
    const unused = await registerClient(s.url, { client_name: 'Registered and gone' });
    const fresh = await registerClient(s.url, { client_name: 'Registered a minute ago' });
    // Used: a code was redeemed for tokens (its last use is stamped).
    const used = await obtainTokens(s.url, { email: user.email, password: user.password, metadata: { client_name: 'Connected' } });
    const usedAt = await s.database.db
      .selectFrom('oauth_artifacts')
      .select('last_used_at')
      .where('model', '=', 'Client')
      .where('id', '=', used.client_id)
      .executeTakeFirstOrThrow();
    expect(usedAt.last_used_at).toBeInstanceOf(Date);
    // Pending: the user approved, the code is not redeemed yet (a grant and a code are stored).
    const pending: RegisteredClient = await registerClient(s.url, { client_name: 'Half way' });
    const flow = await authorize(s.url, { email: user.email, password: user.password, client: pending });
    expect(flow.code).toBeTruthy();

    for (const c of [unused.client_id, used.client_id, pending.client_id]) await registeredHoursAgo(c, UNUSED_CLIENT_TTL_HOURS + 1);
    await registeredHoursAgo(fresh.client_id, UNUSED_CLIENT_TTL_HOURS - 1);
    await purgeExpiredOAuthArtifacts(s.database.db);

    expect(await stored(unused.client_id)).toBe(false);
    expect(await stored(fresh.client_id)).toBe(true);
    expect(await stored(used.client_id)).toBe(true);
    expect(await stored(pending.client_id)).toBe(true);

    // The forgotten client is refused as unknown (RFC 6749 §5.2 invalid_client): it registers again.
    const gone = await tokenRequest(s.url, unused, { grant_type: 'refresh_token', refresh_token: 'x' });
    expect(gone.status).toBe(401);
    expect(gone.body).toMatchObject({ error: 'invalid_client' });
    // The connected one still refreshes, and that use is stamped again.
    const refreshed = await tokenRequest(s.url, used.client, { grant_type: 'refresh_token', refresh_token: used.refresh_token });
    expect(refreshed.status).toBe(200);
    // The pending one still finishes.
    const redeemed = await tokenRequest(s.url, pending, {
      grant_type: 'authorization_code',
      code: flow.code!,
      redirect_uri: pending.redirect_uris[0],
      code_verifier: flow.verifier,
      resource: `${s.url}/mcp`,
    });
    expect(redeemed.status).toBe(200);
  });
});

describe('registrations per address', () => {
  it('an hourly ceiling per address: past it 429 with Retry-After and the error object; other addresses unaffected', async () => {
    expect(RATE_LIMIT_TIERS.oauth_register.perHour).toBe(120);
    const ip = randomClientIp();
    const register = (from: string) =>
      fetch(`${s.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:1/cb'], token_endpoint_auth_method: 'none' }),
      });
    for (let i = 0; i < 5; i++) expect((await register(ip)).status).toBe(201);
    const refused = await register(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toMatchObject({ error: true, error_code: 'rate_limited' });
    expect((await register(randomClientIp())).status).toBe(201);
  });
});
