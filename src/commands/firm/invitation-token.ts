import type { Transaction } from 'kysely';
import type { FirmInvitationRow, Schema } from '../../db/schema.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { AppError } from '../../errors.ts';

export function invalidInvitation(): AppError {
  return new AppError(
    400,
    'invalid_invitation',
    'This invitation link is invalid, was already used, was withdrawn or has expired.',
    "Ask the firm's owner to invite you again (Settings > Members) and use the new link within seven days.",
  );
}

/** The pending invitation a token names, locked for its single use; invalid_invitation otherwise. */
export async function takePendingInvitation(trx: Transaction<Schema>, token: string): Promise<FirmInvitationRow> {
  const row = await trx.selectFrom('firm_invitations').selectAll().where('token_hash', '=', sha256Hex(token)).forUpdate().executeTakeFirst();
  if (!row || row.accepted_at || row.revoked_at || row.expires_at.getTime() <= Date.now()) throw invalidInvitation();
  return row;
}
