import { sql, type Kysely } from 'kysely';

/**
 * The rate limiter's counters on PostgreSQL (issue 12): one row per limited subject and window
 * length (e.g. `authenticated:m:key:<id>`), overwritten in place when its window has ended, so rows
 * never accumulate per window; rows of subjects that went quiet are deleted by a periodic purge.
 * UNLOGGED: counters are not worth a WAL write; after a crash PostgreSQL empties the table, which
 * only gives every client a fresh window. No index besides the key, so count updates stay HOT.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unlogged table if not exists prosa_rate_windows (
    key text primary key,
    count integer not null,
    expires_at bigint not null
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists prosa_rate_windows`.execute(db);
}
