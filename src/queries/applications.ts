import type { Db } from '../db/connect.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { executePrepared, preparedQuery } from '../db/prepared-statements.ts';

/**
 * The public record for a normalized number. Unpublished (private) applications are never
 * answered here: they are visible only through their owner's docket.
 */
export async function findPublicApplication(db: Db, applicationNumber: string): Promise<ApplicationRow | undefined> {
  // Every free lookup the public-record cache does not hold runs it: prepared once per connection.
  const { rows } = await executePrepared(
    db,
    db.selectFrom('applications').selectAll().where('application_number', '=', applicationNumber).where('owner_account_id', 'is', null),
  );
  return rows[0];
}

const accountApplication = preparedQuery(['accountId', 'applicationNumber'], (db: Db, a: { accountId: string; applicationNumber: string }) =>
  db
    .selectFrom('applications')
    .selectAll()
    .where('application_number', '=', a.applicationNumber)
    .where((eb) => eb.or([eb('owner_account_id', 'is', null), eb('owner_account_id', '=', a.accountId)]))
    .orderBy('owner_account_id', 'asc')
    .limit(1),
);

/** The record an account sees for a number: its own private record first, else the public one. */
export async function findApplicationForAccount(db: Db, accountId: string, applicationNumber: string): Promise<ApplicationRow | undefined> {
  return (await accountApplication(db, { accountId, applicationNumber })).rows[0];
}
