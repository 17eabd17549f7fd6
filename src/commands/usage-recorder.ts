import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { asyncCommit } from '../db/async-commit.ts';

/** The X-Usage-Requests-Today / -Hour figures (spec "Usage headers"). */
export interface UsageCounts {
  today: number;
  hour: number;
}

/** Requests to add to one account's row of one UTC hour (table usage_hourly). */
export interface UsageIncrement {
  accountId: string;
  /** Unix ms of the start of the UTC hour. */
  hour: number;
  requests: number;
}

export function startOfUtcHour(ms: number): number {
  return ms - (ms % 3_600_000);
}

export function startOfUtcDay(ms: number): number {
  return ms - (ms % 86_400_000);
}

/**
 * Adds every increment in one statement (a multi-row upsert) and returns each row's stored total
 * afterwards, which includes what other processes have added (usage-counter.ts). Counts of an
 * account deleted meanwhile are dropped (the exists), so they cannot fail the whole batch.
 * Committed without waiting for the WAL flush (asyncCommit): a statistic, which a crash may lose
 * anyway (the last flush interval), is no reason for a disk sync every second.
 */
export async function addUsage(db: Db, increments: readonly UsageIncrement[]): Promise<UsageIncrement[]> {
  if (increments.length === 0) return [];
  const values = sql.join(increments.map((i) => sql`(${i.accountId}, ${new Date(i.hour)}::timestamptz, ${i.requests}::integer)`));
  const { rows } = await sql<{ account_id: string; hour: Date; requests: number }>`
    insert into usage_hourly (account_id, hour, requests)
    select v.account_id, v.hour, v.requests from (values ${values}) as v (account_id, hour, requests)
    where exists (select 1 from accounts a where a.id = v.account_id) and ${asyncCommit}
    on conflict (account_id, hour) do update set requests = usage_hourly.requests + excluded.requests
    returning account_id, hour, requests`.execute(db);
  return rows.map((r) => ({ accountId: r.account_id, hour: r.hour.getTime(), requests: r.requests }));
}

/** The account's stored counts for the UTC hour starting at `hour`: that hour, and the day's earlier hours. */
export async function storedUsage(db: Db, accountId: string, hour: number): Promise<{ hour: number; earlierToday: number }> {
  const { rows } = await sql<{ hour: string; earlier: string }>`
    select coalesce(sum(requests) filter (where hour = ${new Date(hour)}), 0)::text as hour,
           coalesce(sum(requests) filter (where hour < ${new Date(hour)}), 0)::text as earlier
    from usage_hourly where account_id = ${accountId} and hour >= ${new Date(startOfUtcDay(hour))} and hour <= ${new Date(hour)}`.execute(db);
  return { hour: Number(rows[0]?.hour ?? 0), earlierToday: Number(rows[0]?.earlier ?? 0) };
}
