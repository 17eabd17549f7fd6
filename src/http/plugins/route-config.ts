import type { Principal } from '../../auth/principal.ts';
import type { UsageCounts } from '../../commands/usage-recorder.ts';
import type { UsageCounter } from '../../commands/usage-counter.ts';
import type { CredentialCache } from '../../auth/credential-cache.ts';
import type { GrantCache } from '../../auth/grant-cache.ts';
import type { AccountCache } from '../../auth/account-cache.ts';
import type { LedgerPageCache } from '../../queries/ledger-page-cache.ts';
import type { CreditHeadReader } from '../../queries/credit-heads.ts';
import type { LedgerPageJson } from '../../presenters/credits-page-json.ts';
import type { Tier } from '../../serving/rate-limits/rate-limit-store.ts';
import type { Permission } from '../../domain/firm-roles.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How a route authenticates:
 * - none: free endpoints;
 * - api_key: the retired REST API (X-API-Key only);
 * - session: the web app's cookie only (account settings such as API keys);
 * - account: cookie, bearer token (MCP server) or API key.
 */
export type AuthMode = 'none' | 'api_key' | 'session' | 'account';

/** The two OpenAPI documents (openapi.ts), served by their surfaces (surfaces/rest-v1.ts, surfaces/account-api.ts). */
export interface OpenApiDocuments {
  v1(): Record<string, unknown>;
  api(): Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /**
     * What the caller's firm role must allow (src/domain/firm-roles.ts), checked once the caller
     * is known (role-guard.ts). Default: `read` for GET and HEAD, `write` for anything else.
     */
    permission?: Permission;
    /** Rate-limit tier; defaults from auth: none → free, otherwise authenticated. */
    rateLimit?: Tier | 'off';
  }
  interface FastifyInstance {
    /** Authenticated requests counted in memory and written in batches (usage-headers.ts). */
    usageCounter: UsageCounter;
    /** Verified API keys kept in memory (auth.ts, credential-cache.ts). */
    credentialCache: CredentialCache;
    /** Accounts' balances (and rows) kept in memory for read requests (auth.ts, account-cache.ts). */
    accountCache: AccountCache;
    /** Live OAuth grants kept in memory: the bearer check, the MCP gate, introspection (auth.ts, grant-cache.ts). */
    grantCache: GrantCache;
    /** The OpenAPI documents of /v1 and /api (openapi.ts). */
    openApiDocuments: OpenApiDocuments;
    /** The JSON 404, or 405 with Allow, for a request no route serves (errors.ts); surfaces with hooks of their own answer their misses with it. */
    answerNotFound(request: FastifyRequest, reply: FastifyReply): void;
    /** Ledger pages of GET /api/credits kept in memory (auth.ts, ledger-page-cache.ts). */
    ledgerPageCache: LedgerPageCache<LedgerPageJson>;
    /** The balance and page version GET /api/credits reads on PostgreSQL, concurrent reads in one statement (auth.ts, credit-heads.ts). */
    creditHeads: CreditHeadReader;
  }
  interface FastifyRequest {
    principal: Principal | null;
    usage: UsageCounts | null;
  }
}
