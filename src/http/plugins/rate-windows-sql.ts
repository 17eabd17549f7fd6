import type { WindowStore } from './rate-windows.ts';

/** What the store needs of a client: node-postgres' Pool and PGlite both fit. */
export interface SqlClient {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * One statement per request, all windows at once (issue 12 goal: at most one round trip). The
 * existing rows are locked in key order (`for update`, so concurrent requests on the same subject
 * serialize instead of deadlocking), the verdict is taken over all of them, and only an admitted
 * request upserts: a window that ended restarts at 1 in place. Two requests that create the SAME
 * new row at the same moment may both be counted (the second updates the first's row without the
 * check); that needs a subject's very first hits to race, and costs at most the concurrency once.
 */
const HIT = `
with req as (
  select * from unnest($1::text[], $2::int[], $3::bigint[]) as r(key, lim, dur)
), cur as (
  select w.key, w.count, w.expires_at from prosa_rate_windows w
  where w.key = any($1::text[]) order by w.key for update
), state as (
  select req.key, req.lim, req.dur,
         case when cur.expires_at > $4 then cur.count else 0 end as used,
         case when cur.expires_at > $4 then cur.expires_at else $4 + req.dur end as expires_at
  from req left join cur on cur.key = req.key
), verdict as (
  select bool_and(used < lim) as admitted from state
), counted as (
  insert into prosa_rate_windows as w (key, count, expires_at)
  select s.key, 1, s.expires_at from state s, verdict v where v.admitted order by s.key
  on conflict (key) do update set
    count = case when w.expires_at > $4 then w.count + 1 else 1 end,
    expires_at = case when w.expires_at > $4 then w.expires_at else excluded.expires_at end
  returning w.key, w.count, w.expires_at
)
select s.key, coalesce(c.count, s.used)::int as used, coalesce(c.expires_at, s.expires_at)::text as expires_at, v.admitted
from state s cross join verdict v left join counted c on c.key = s.key`;

export function sqlWindowStore(client: SqlClient, close: () => Promise<void> = async () => {}): WindowStore {
  return {
    async hit(hits, now) {
      const { rows } = await client.query<{ key: string; used: number; expires_at: string; admitted: boolean }>(HIT, [
        hits.map((h) => h.key),
        hits.map((h) => h.limit),
        hits.map((h) => h.durationMs),
        now,
      ]);
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const states = hits.map((h) => {
        const r = byKey.get(h.key)!;
        return { key: h.key, used: Number(r.used), expiresAt: Number(r.expires_at) };
      });
      return { admitted: rows[0]?.admitted === true, states };
    },
    async purge(before) {
      const { rows } = await client.query<{ n: string }>(`with gone as (delete from prosa_rate_windows where expires_at < $1 returning 1) select count(*)::text as n from gone`, [before]);
      return Number(rows[0]?.n ?? 0);
    },
    async size() {
      const { rows } = await client.query<{ n: string }>('select count(*)::text as n from prosa_rate_windows');
      return Number(rows[0]?.n ?? 0);
    },
    close,
  };
}
