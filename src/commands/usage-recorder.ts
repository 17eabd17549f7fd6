import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

export interface UsageCounts {
  today: number;
  hour: number;
}

function startOfUtcHour(now: Date): Date {
  const d = new Date(now);
  d.setUTCMinutes(0, 0, 0);
  return d;
}

/**
 * Counts one authenticated request and returns the account's counts for the current UTC day
 * and hour (the X-Usage-Requests-Today / -Hour headers). One upsert per request.
 */
export async function recordRequest(db: Db, accountId: string, now = new Date()): Promise<UsageCounts> {
  const hour = startOfUtcHour(now);
  const inserted = await db
    .insertInto('usage_hourly')
    .values({ account_id: accountId, hour, requests: 1 })
    .onConflict((oc) => oc.columns(['account_id', 'hour']).doUpdateSet({ requests: sql`usage_hourly.requests + 1` }))
    .returning('requests')
    .executeTakeFirstOrThrow();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const day = await db
    .selectFrom('usage_hourly')
    .select(sql<string>`coalesce(sum(requests), 0)`.as('total'))
    .where('account_id', '=', accountId)
    .where('hour', '>=', dayStart)
    .executeTakeFirstOrThrow();
  return { today: Number(day.total), hour: inserted.requests };
}
