import { sql } from 'kysely';

/**
 * A WHERE condition that makes the statement's own transaction commit without waiting for the WAL
 * flush (`synchronous_commit = off`, set with set_config(..., true) so it ends with that
 * transaction; the connection goes back to `on`). Always true.
 *
 * For writes that are hints or statistics, where losing the last one in a crash costs nothing
 * anyone relies on: a draft job's progress mark, an API key's last-used stamp, the batched usage
 * counts. They are still atomic and at once visible to every reader, and the next synchronous
 * commit flushes them with its own. What it saves: one fsync(2) each on the embedded database
 * (src/db/durable-pglite.ts), one WAL flush wait each on PostgreSQL, so a read never waits on the
 * disk (issue 24; test/speed/read-path-sync.test.ts).
 */
export const asyncCommit = sql<boolean>`set_config('synchronous_commit', 'off', true) = 'off'`;
