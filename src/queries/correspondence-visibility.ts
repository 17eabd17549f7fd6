import { sql, type RawBuilder } from 'kysely';

/**
 * Which papers (correspondence rows) a reader may see: the public record (owner null) and, for an
 * account, the papers it recorded itself. Another account's recorded papers never show, not even
 * on a public application both follow. Without an account (REST #1 and #2, anonymous readers) only
 * the public record shows. Every read of `correspondence` filters with this.
 *
 * `ownerColumn` is the qualified column, e.g. `c.owner_account_id`.
 */
export function paperVisibleTo(ownerColumn: string, accountId: string | null | undefined): RawBuilder<boolean> {
  const owner = sql.ref(ownerColumn);
  return accountId ? sql<boolean>`(${owner} is null or ${owner} = ${accountId})` : sql<boolean>`${owner} is null`;
}
