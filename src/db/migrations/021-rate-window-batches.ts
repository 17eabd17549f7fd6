import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit checks in batches (issue 12: lookup at >= 0.5x bare Fastify on PostgreSQL, where one
 * round trip per request was most of the cost). A replica queues the checks that arrive while its
 * previous statement is in flight and sends them in ONE call of this function (group commit).
 *
 * A batch is a list of window hits; hits with the same `check` number belong to one request's
 * check and are contiguous. Checks are decided one after another in the order given, exactly as
 * if each had been its own statement: a check is counted on all its windows only when every one
 * of them has room (all or nothing, so a 429 spends nothing), and a later check in the batch sees
 * the counts of the earlier ones. Only rows an admitted check counted are written. A window that
 * has ended restarts at the check's `now`.
 *
 * Concurrency across replicas: before reading, the batch takes a transaction-scoped advisory lock
 * per distinct key (class RATE_LOCK_CLASS, the key's hashtext), in ascending order, so two
 * batches touching the same subject run one after the other (no deadlock: every batch locks in
 * the same order) even when the subject has no row yet. Without it two batches could both find a
 * new subject absent and both admit a whole batch of its first hits. Advisory locks are not
 * writes: a refused check still writes nothing. Rows are also locked `for update`, against the
 * purge deleting a row between its read and its update.
 *
 * Returned per hit (1-based `hit`): the window's count after its check (including it when
 * admitted), its end, and whether its check was admitted.
 */
/** The advisory-lock class of rate-limit keys ('Rate' in ASCII); the two-key space is apart from single bigint keys. */
export const RATE_LOCK_CLASS = 0x52617465;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function prosa_rate_hits(
    p_keys text[], p_limits integer[], p_durations bigint[], p_checks integer[], p_nows bigint[]
  ) returns table (hit integer, hit_used integer, hit_expires_at bigint, hit_admitted boolean)
  language plpgsql as $fn$
  declare
    n integer := coalesce(cardinality(p_keys), 0);
    keys text[];
    counts integer[];
    ends bigint[];
    existed boolean[];
    counted boolean[];
    slot integer[];
    r record;
    s integer;
    h integer;
    first_hit integer;
    next_hit integer := 1;
    ok boolean;
    latest bigint := 0;
  begin
    if n = 0 then return; end if;
    select array_agg(k order by k) into keys from (select distinct k from unnest(p_keys) as k) d;
    counts := array_fill(0, array[cardinality(keys)]);
    ends := array_fill(0::bigint, array[cardinality(keys)]);
    existed := array_fill(false, array[cardinality(keys)]);
    counted := array_fill(false, array[cardinality(keys)]);
    perform pg_advisory_xact_lock(${sql.lit(RATE_LOCK_CLASS)}, l.lock_key) from (select distinct hashtext(k) as lock_key from unnest(keys) as k order by 1) as l;
    for r in select w.key, w.count, w.expires_at from prosa_rate_windows w where w.key = any(keys) order by w.key for update loop
      s := array_position(keys, r.key);
      counts[s] := r.count;
      ends[s] := r.expires_at;
      existed[s] := true;
    end loop;
    slot := array(select array_position(keys, k) from unnest(p_keys) with ordinality as u(k, o) order by o);

    while next_hit <= n loop
      first_hit := next_hit;
      while next_hit <= n and p_checks[next_hit] = p_checks[first_hit] loop next_hit := next_hit + 1; end loop;
      ok := true;
      for h in first_hit .. next_hit - 1 loop
        s := slot[h];
        latest := greatest(latest, p_nows[h]);
        if ends[s] <= p_nows[h] then
          counts[s] := 0;
          ends[s] := p_nows[h] + p_durations[h];
        end if;
        if counts[s] >= p_limits[h] then ok := false; end if;
      end loop;
      for h in first_hit .. next_hit - 1 loop
        s := slot[h];
        if ok then
          counts[s] := counts[s] + 1;
          counted[s] := true;
        end if;
        hit := h;
        hit_used := counts[s];
        hit_expires_at := ends[s];
        hit_admitted := ok;
        return next;
      end loop;
    end loop;

    update prosa_rate_windows w set count = u.c, expires_at = u.e
    from unnest(keys, counts, ends, existed, counted) as u(k, c, e, x, d)
    where u.d and u.x and w.key = u.k;
    -- Under the advisory locks no other batch inserts these keys; the clause only matters while a
    -- replica of an older version (one statement per check, no advisory lock) is still running.
    insert into prosa_rate_windows as w (key, count, expires_at)
    select u.k, u.c, u.e from unnest(keys, counts, ends, existed, counted) as u(k, c, e, x, d)
    where u.d and not u.x order by u.k
    on conflict (key) do update set
      count = case when w.expires_at > latest then w.count + excluded.count else excluded.count end,
      expires_at = case when w.expires_at > latest then w.expires_at else excluded.expires_at end;
  end
  $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists prosa_rate_hits(text[], integer[], bigint[], integer[], bigint[])`.execute(db);
}
