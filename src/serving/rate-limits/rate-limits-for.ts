import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { createRateLimits, type RateLimits } from './rate-limit-store.ts';
import { createRedisRateLimits } from './rate-limit-redis.ts';
import { CREDENTIAL_LISTENER_NAME } from '../../auth/credential-listener.ts';

export type RateLimitStoreKind = 'memory' | 'postgres' | 'redis';

/**
 * The store a serving process keeps its rate-limit counters in (docs/decisions/scale-out-and-speed.md
 * "Which store keeps the counters"). Limits must hold across every process that answers the same
 * clients, so the counters are shared exactly when there is more than one such process:
 * - `redis`: REDIS_URL is set (the standard shared store at scale), or asked for;
 * - `postgres`: role-split processes (`prosa serve --role api`, the scale-out deployment), whose
 *   replicas share `prosa_rate_windows` (one batched statement per request, rate-windows-sql.ts);
 * - `memory`: one all-in-one process (`prosa serve`), embedded or on PostgreSQL. It is the only
 *   process answering: its signing secret lives in its own data directory, so a second one beside it
 *   could not verify the first one's download links or OAuth tokens. Its counters in memory are exact
 *   and cost no round trip (on PostgreSQL, the shared store's statement was most of a free lookup's
 *   cost, bench/lookup-ratio.ts).
 * PROSA_RATE_LIMIT_STORE overrides the choice (e.g. `postgres` for all-in-one processes behind a
 * balancer with a shared PROSA_SIGNING_SECRET).
 */
export function rateLimitStoreFor(
  config: Pick<Config, 'rateLimitStore' | 'redisUrl'>,
  database: Pick<Database, 'kind'>,
  scaleOut: boolean,
): RateLimitStoreKind {
  if (config.rateLimitStore !== 'auto') return config.rateLimitStore;
  if (config.redisUrl) return 'redis';
  return database.kind === 'postgres' && scaleOut ? 'postgres' : 'memory';
}

/** Opens a store of the kind `rateLimitStoreFor` picked. */
export async function openRateLimits(
  kind: RateLimitStoreKind,
  config: Pick<Config, 'redisUrl'>,
  database: Pick<Database, 'connectionString'>,
): Promise<RateLimits> {
  if (kind === 'redis') return createRedisRateLimits({ url: config.redisUrl! });
  if (kind === 'postgres') return createRateLimits({ connectionString: database.connectionString });
  return createRateLimits({});
}

/**
 * Other Prosa API processes on this PostgreSQL database (each holds one LISTEN connection named
 * CREDENTIAL_LISTENER_NAME, credential-listener.ts). An all-in-one process with its limits in
 * memory warns when it finds one: its limits would then be per process. Best effort: 0 when the
 * database does not show other sessions' names.
 */
export async function otherApiProcesses(database: Database): Promise<number> {
  if (database.kind !== 'postgres') return 0;
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${CREDENTIAL_LISTENER_NAME}`.execute(
    database.db,
  );
  return rows[0]?.n ?? 0;
}
