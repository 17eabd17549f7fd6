import type { Db } from '../db/connect.ts';
import type { Account } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { EntitySize } from '../domain/deadlines/index.ts';
import { practitionerOf, type Practitioner } from '../domain/practitioner.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

export interface AccountUpdaterProps {
  accountId: string;
  /** Fields left undefined are unchanged; null clears. */
  displayName?: string | null;
  firmName?: string | null;
  /** Fees (deadlines, calendar, fee schedule) follow it from the next request on. */
  entitySize?: EntitySize;
  /** The practitioner profile, replaced whole (validated by the route); null clears it. */
  practitioner?: Practitioner | null;
  /** Opt in to (or out of) analyses of the papers the USPTO watch records (billed). */
  watchAnalyze?: boolean;
}

/** Changes the account's own settings; the change and its audit row (old and new entity size, the new signer) commit together. */
export async function accountUpdater(db: Db, actor: Actor, props: AccountUpdaterProps): Promise<Account> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('accounts').selectAll().where('id', '=', props.accountId).forUpdate().executeTakeFirst();
    if (!before) throw new AppError(401, 'not_authenticated', 'The account no longer exists.', 'Sign in again.');
    const changes: { display_name?: string | null; firm_name?: string | null; entity_size?: string; practitioner?: string | null; watch_analyze?: boolean } = {};
    if (props.displayName !== undefined) changes.display_name = props.displayName;
    if (props.firmName !== undefined) changes.firm_name = props.firmName;
    if (props.entitySize !== undefined) changes.entity_size = props.entitySize;
    if (props.watchAnalyze !== undefined) changes.watch_analyze = props.watchAnalyze;
    if (props.practitioner !== undefined) {
      // Only the fields given, trimmed: blank ones are left out, not stored empty.
      const profile = practitionerOf(props.practitioner);
      changes.practitioner = profile ? JSON.stringify(profile) : null;
    }
    const after = Object.keys(changes).length === 0
      ? before
      : await trx.updateTable('accounts').set(changes).where('id', '=', props.accountId).returningAll().executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'account.updated',
      targetType: 'account',
      targetId: props.accountId,
      details: {
        fields: Object.keys(changes),
        ...(changes.entity_size !== undefined && changes.entity_size !== before.entity_size ? { entity_size: { from: before.entity_size, to: changes.entity_size } } : {}),
        // Opting in makes the watch spend credits: worth its own line.
        ...(changes.watch_analyze !== undefined ? { watch_analyze: changes.watch_analyze } : {}),
        // Who signs from now on is worth a line of its own in the log (the name and number are on every paper anyway).
        ...(props.practitioner !== undefined ? { practitioner: props.practitioner ? { name: props.practitioner.name ?? null, registration_number: props.practitioner.registration_number ?? null } : null } : {}),
      },
    });
    return after;
  });
}
