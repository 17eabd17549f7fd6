import type { Db } from '../db/connect.ts';

/** The application numbers on the account's docket (public and private records alike). */
export async function docketedNumbers(db: Db, accountId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('docket_entries as d')
    .innerJoin('applications as a', 'a.id', 'd.application_id')
    .select('a.application_number')
    .where('d.account_id', '=', accountId)
    .execute();
  return new Set(rows.map((r) => r.application_number));
}
