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
 * and hour (the X-Usage-Requests-Today / -Hour headers). One upsert per ADMITTED request: the
 * rate limiter runs first, so a 429 costs no write (issue 12).
 */
export async function recordRequest(db: Db, accountId: string, now = new Date()): Promise<UsageCounts> {
  const hour = startOfUtcHour(now);
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // One round trip: the upsert returns this hour's count; the day's earlier hours are read
  // beside it (a statement sees its snapshot, so the current hour comes from the upsert).
  const { rows } = await sql<{ hour: number; earlier: string }>`
    with counted as (
      insert into usage_hourly (account_id, hour, requests) values (${accountId}, ${hour}, 1)
      on conflict (account_id, hour) do update set requests = usage_hourly.requests + 1
      returning requests
    )
    select (select requests from counted) as hour,
           coalesce((select sum(requests) from usage_hourly
                     where account_id = ${accountId} and hour >= ${dayStart} and hour < ${hour}), 0)::text as earlier`.execute(db);
  const counted = rows[0];
  return { hour: counted.hour, today: counted.hour + Number(counted.earlier) };
}

/** The account's counts without counting anything (a refused request's usage headers). */
export async function readUsage(db: Db, accountId: string, now = new Date()): Promise<UsageCounts> {
  const hour = startOfUtcHour(now);
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { rows } = await sql<{ hour: string; today: string }>`
    select coalesce(sum(requests) filter (where hour = ${hour}), 0)::text as hour, coalesce(sum(requests), 0)::text as today
    from usage_hourly where account_id = ${accountId} and hour >= ${dayStart} and hour <= ${hour}`.execute(db);
  return { hour: Number(rows[0]?.hour ?? 0), today: Number(rows[0]?.today ?? 0) };
}
