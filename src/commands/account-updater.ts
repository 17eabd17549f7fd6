import type { Db } from '../db/connect.ts';
import type { Account, MemberRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { EntitySize } from '../domain/deadlines/index.ts';
import { practitionerOf, type Practitioner } from '../domain/practitioner.ts';
import { actingMemberId, type Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface AccountUpdaterProps {
  accountId: string;
  /** Fields left undefined are unchanged; null clears. */
  displayName?: string | null;
  firmName?: string | null;
  /** Fees (deadlines, calendar, fee schedule) follow it from the next request on. */
  entitySize?: EntitySize;
  /**
   * The acting member's own practitioner profile (migration 033: each person signs their papers
   * with theirs), replaced whole (validated by the route); null clears it.
   */
  practitioner?: Practitioner | null;
  /** Opt in to (or out of) analyses of the papers the USPTO watch records (billed). */
  watchAnalyze?: boolean;
}

export interface UpdatedAccount {
  account: Account;
  /** The acting member's own signing profile, as stored after the change. */
  memberProfile: MemberRow['practitioner'];
}

/**
 * Changes the firm's settings and the acting member's own signing profile; the change and its
 * audit row (old and new entity size, the new signer and whose profile it is) commit together.
 */
export async function accountUpdater(db: Db, actor: Actor, props: AccountUpdaterProps): Promise<UpdatedAccount> {
  const memberId = actingMemberId(actor, props.accountId);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('accounts').selectAll().where('id', '=', props.accountId).forUpdate().executeTakeFirst();
    if (!before) throw new AppError(401, 'not_authenticated', 'The account no longer exists.', 'Sign in again.');
    // The member in this firm only: a member of another firm is never read or written.
    const member = await trx
      .selectFrom('members')
      .select(['id', 'practitioner'])
      .where('id', '=', memberId)
      .where('account_id', '=', props.accountId)
      .where('removed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw new AppError(401, 'not_authenticated', 'You are no longer a member of this firm.', 'Sign in again.');
    const changes: { display_name?: string | null; firm_name?: string | null; entity_size?: string; watch_analyze?: boolean } = {};
    if (props.displayName !== undefined) changes.display_name = props.displayName;
    if (props.firmName !== undefined) changes.firm_name = props.firmName;
    if (props.entitySize !== undefined) changes.entity_size = props.entitySize;
    if (props.watchAnalyze !== undefined) changes.watch_analyze = props.watchAnalyze;
    const after =
      Object.keys(changes).length === 0
        ? before
        : await trx.updateTable('accounts').set(changes).where('id', '=', props.accountId).returningAll().executeTakeFirstOrThrow();
    let memberProfile = member.practitioner;
    if (props.practitioner !== undefined) {
      // Only the fields given, trimmed: blank ones are left out, not stored empty.
      const profile = practitionerOf(props.practitioner);
      const updated = await trx
        .updateTable('members')
        .set({ practitioner: profile ? JSON.stringify(profile) : null })
        .where('id', '=', member.id)
        .returning('practitioner')
        .executeTakeFirstOrThrow();
      memberProfile = updated.practitioner;
    }
    const fields = [...Object.keys(changes), ...(props.practitioner !== undefined ? ['practitioner'] : [])];
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'account.updated',
      targetType: 'account',
      targetId: props.accountId,
      details: {
        fields,
        ...(changes.entity_size !== undefined && changes.entity_size !== before.entity_size
          ? { entity_size: { from: before.entity_size, to: changes.entity_size } }
          : {}),
        // Opting in makes the watch spend credits: worth its own line.
        ...(changes.watch_analyze !== undefined ? { watch_analyze: changes.watch_analyze } : {}),
        // Who signs this member's papers from now on is worth a line of its own in the log (the name
        // and number are on every paper anyway), naming the member whose profile it is.
        ...(props.practitioner !== undefined
          ? {
              practitioner: props.practitioner
                ? { name: props.practitioner.name ?? null, registration_number: props.practitioner.registration_number ?? null }
                : null,
              profile_of: member.id,
            }
          : {}),
      },
    });
    return { account: after, memberProfile };
  });
}
