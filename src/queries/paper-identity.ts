/**
 * What a paper says about who files it, as the account keeps it: the practitioner profile (who
 * signs) and the docket entry's matter number (the attorney docket number of the caption). One
 * statement; the matter is null when the application is not on the account's docket.
 */
import type { Db } from '../db/connect.ts';
import { practitionerOf, type Practitioner } from '../domain/practitioner.ts';

export interface PaperIdentitySources {
  profile: Practitioner | null;
  clientMatter: string | null;
}

export async function paperIdentitySources(db: Db, accountId: string, applicationId: string): Promise<PaperIdentitySources> {
  const row = await db
    .selectFrom('accounts as acc')
    .leftJoin('docket_entries as d', (j) => j.onRef('d.account_id', '=', 'acc.id').on('d.application_id', '=', applicationId))
    .select(['acc.practitioner', 'd.client_matter'])
    .where('acc.id', '=', accountId)
    .executeTakeFirst();
  return { profile: practitionerOf(row?.practitioner ?? null), clientMatter: row?.client_matter?.trim() || null };
}
