/**
 * What a paper says about who files it: the acting member's own practitioner profile (who signs;
 * migration 033) and the docket entry's matter number (the attorney docket number of the caption).
 * One statement. The member is looked up in the firm only, so a member of another firm is never
 * read; a member without a profile (or not found) gives no profile, and the paper keeps its
 * placeholders for the signer: it never takes another member's name. `accounts.practitioner`, the
 * firm-wide profile of migration 023, is no longer read. The matter is null when the application
 * is not on the firm's docket.
 */
import type { Db } from '../db/connect.ts';
import { preparedQuery } from '../db/prepared-statements.ts';
import { practitionerOf, type Practitioner } from '../domain/practitioner.ts';
import type { EntitySize } from '../domain/deadlines/fees.ts';
import { entityOfRow, type EntityDecision } from './entity-size.ts';

export interface PaperIdentitySources {
  profile: Practitioner | null;
  clientMatter: string | null;
}

export async function paperIdentitySources(db: Db, accountId: string, memberId: string, applicationId: string): Promise<PaperIdentitySources> {
  const row = await db
    .selectFrom('accounts as acc')
    .leftJoin('members as m', (j) => j.onRef('m.account_id', '=', 'acc.id').on('m.id', '=', memberId).on('m.removed_at', 'is', null))
    .leftJoin('docket_entries as d', (j) => j.onRef('d.account_id', '=', 'acc.id').on('d.application_id', '=', applicationId))
    .select(['m.practitioner', 'd.client_matter'])
    .where('acc.id', '=', accountId)
    .executeTakeFirst();
  return { profile: practitionerOf(row?.practitioner ?? null), clientMatter: row?.client_matter?.trim() || null };
}

const identityAndEntity = preparedQuery(
  ['accountId', 'memberId', 'applicationId'],
  (db: Db, a: { accountId: string; memberId: string; applicationId: string }) =>
    db
      .selectFrom('accounts as acc')
      .leftJoin('members as m', (j) => j.onRef('m.account_id', '=', 'acc.id').on('m.id', '=', a.memberId).on('m.removed_at', 'is', null))
      .leftJoin('applications as a', (j) => j.on('a.id', '=', a.applicationId))
      .leftJoin('docket_entries as d', (j) => j.onRef('d.account_id', '=', 'acc.id').on('d.application_id', '=', a.applicationId))
      .select(['m.practitioner', 'd.client_matter', 'acc.entity_size as account', 'd.entity_size as docket', 'a.entity_status', 'a.owner_account_id'])
      .where('acc.id', '=', a.accountId),
);

/**
 * The same sources and the application's entity status (entity-size.ts) in one statement: a
 * response and a form need both, and a draft submission reads as little as it can (issue 24).
 */
export async function paperIdentityAndEntitySources(
  db: Db,
  accountId: string,
  memberId: string,
  applicationId: string,
  requested?: EntitySize | null,
): Promise<PaperIdentitySources & { entity: EntityDecision }> {
  const [row] = (await identityAndEntity(db, { accountId, memberId, applicationId })).rows;
  return {
    profile: practitionerOf(row?.practitioner ?? null),
    clientMatter: row?.client_matter?.trim() || null,
    entity: entityOfRow(row, requested),
  };
}
