/**
 * The backend with the MCP server on a loopback port, in this process, for the external checks
 * (conformance runner, inspector). Test-only: it turns on the OAuth auto-approve mode, which only
 * code can turn on (docs/decisions/oauth-and-mcp.md "Test-only auto-approve"); `prosa serve` never does.
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { createRateLimits } from '../../src/serving/rate-limits/rate-limit-store.ts';
import { keyringFromSecret } from '../../src/auth/keyring.ts';
import { startDraftQueue } from '../../src/jobs/queue.ts';
import { queueHandle } from '../../src/jobs/queue-handle.ts';
import { startDraftWorker } from '../../src/jobs/draft-worker.ts';
import type { Database } from '../../src/db/connect.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { LIFTED } from '../support/app.ts';

export const CHECKS_ACCOUNT = 'conformance@prosa.test';
/** Test-only secret: the MCP client secret (token exchange) derives from it. */
export const CHECKS_SIGNING_SECRET = 'external-checks-signing-secret-0123456789abcdef';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ChecksServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * `worker`: a draft worker in this process too (benchmarks that draft a response).
 * `liftMcpLimits`: lift the per-account MCP tiers too (the overhead benchmark, whose 10
 * connections are one account and not what is measured). The conformance runner and the
 * Inspector run against the production MCP tiers (issue 20 item 6).
 */
export async function startChecksServer(opts: { demo?: boolean; worker?: boolean; liftMcpLimits?: boolean } = {}): Promise<ChecksServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ BASE_URL: url, PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  if (opts.demo) await seedDemoData(database.db, todayUtc());
  // The checks register clients and fetch tokens from one address: the per-address OAuth tiers
  // are lifted. The MCP tiers are the production ones: the conformance runner's busiest second
  // (about 75 messages as one account) must pass them.
  const mcpTiers = opts.liftMcpLimits ? { mcp: LIFTED, mcp_tools: LIFTED, assistant: LIFTED } : {};
  const rateLimits = await createRateLimits({ tiers: { free: LIFTED, oauth_register: LIFTED, oauth_token: LIFTED, ...mcpTiers } });
  const keyring = keyringFromSecret(CHECKS_SIGNING_SECRET);
  const queue = queueHandle(() => startDraftQueue(database, { supervise: !!opts.worker }));
  const app = await buildApp({ config, database, rateLimits, keyring, queue }, { logger: false, mcp: true, testAutoApprove: { email: CHECKS_ACCOUNT } });
  await app.listen({ port, host: '127.0.0.1' });
  const worker = opts.worker ? await startDraftWorker(database, await queue.get(), {}) : undefined;
  return {
    url,
    app,
    database,
    async close() {
      await worker?.stop();
      await app.close();
      await queue.stop();
      await rateLimits.close();
      await database.close();
    },
  };
}

/** Registers a public client and runs the code flow through the auto-approving pages: an MCP token. */
export async function autoApprovedToken(url: string): Promise<string> {
  const { createHash, randomBytes } = await import('node:crypto');
  const redirect = 'http://127.0.0.1:1/callback';
  const reg = await fetch(`${url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'external checks',
      redirect_uris: [redirect],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });
  const client = (await reg.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  let next = `${url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', resource: `${url}/mcp`, state: 'x' })}`;
  let cookies = '';
  for (let i = 0; i < 10; i++) {
    if (next.startsWith(redirect)) break;
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookies } });
    for (const c of res.headers.getSetCookie()) cookies = `${cookies}; ${c.split(';')[0]}`;
    next = new URL(res.headers.get('location') ?? '', next).href;
  }
  const code = new URL(next).searchParams.get('code');
  if (!code) throw new Error(`auto-approve gave no code: ${next}`);
  const tok = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      code_verifier: verifier,
      client_id: client.client_id,
      resource: `${url}/mcp`,
    }),
  });
  const body = (await tok.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token request failed: ${JSON.stringify(body)}`);
  return body.access_token;
}
