import type { Db } from '../db/connect.ts';
import type { OidcIdentityClaims } from '../auth/oidc/relying-party.ts';
import { newId } from '../auth/secrets.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { accountCreator, isUniqueViolation, normalizeEmail } from './account-creator.ts';
import { AppError } from '../errors.ts';

/** Why a third-party sign-in was refused; the sign-in page shows a message per code. */
export type OidcRefusal = 'identity_in_use' | 'email_in_use_unverified' | 'email_missing';

export class OidcSignInRefused extends Error {
  readonly code: OidcRefusal;
  constructor(code: OidcRefusal) {
    super(code);
    this.code = code;
  }
}

export interface OidcSignInResult {
  /** The firm and the member the identity signs in (migration 032: identities belong to members). */
  accountId: string;
  memberId: string;
  /** returning: a known identity; linked: attached to an existing account; created: a new account. */
  outcome: 'returning' | 'linked' | 'created';
}

/**
 * Resolves a validated third-party identity to an account (decisions: "Third-party sign-in"):
 * 1. a known (issuer, subject) signs into its account (when linking: only the same account);
 * 2. a signed-in user linking from Settings gets the identity attached, whatever its e-mail;
 * 3. a verified e-mail (`email_verified: true`) of an existing account links to it;
 * 4. an unverified e-mail of an existing account is refused: it never links (anyone can type an
 *    address into a provider account), and a second account cannot have the same address;
 * 5. otherwise a new account is created (password-less; the address counts as proven when the
 *    provider verified it). No e-mail at all is refused: every account has an address.
 * Links and creations are audited in the transaction that makes them true.
 */
export async function oidcSignIn(db: Db, actor: Actor, claims: OidcIdentityClaims, opts: { linkMemberId?: string | null } = {}): Promise<OidcSignInResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const found = await linkOrFind(db, actor, claims, opts.linkMemberId ?? null);
      if (found) return found;
      if (!claims.email) throw new OidcSignInRefused('email_missing');
      const account = await accountCreator(db, actor, { email: claims.email, password: null, displayName: claims.name, identity: claims });
      return { accountId: account.id, memberId: account.id, outcome: 'created' };
    } catch (err) {
      // Two callbacks for one new identity or address at once: the loser finds the winner's row.
      const raced = isUniqueViolation(err) || (err instanceof AppError && err.code === 'email_taken');
      if (raced && attempt === 0) continue;
      if (raced) throw new OidcSignInRefused('email_in_use_unverified');
      throw err;
    }
  }
}

async function linkOrFind(db: Db, actor: Actor, claims: OidcIdentityClaims, linkMemberId: string | null): Promise<OidcSignInResult | null> {
  return db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('oidc_identities as i')
      .innerJoin('members as m', (j) => j.onRef('m.id', '=', 'i.member_id').on('m.removed_at', 'is', null))
      .select(['i.id', 'i.member_id', 'm.account_id'])
      .where('i.issuer', '=', claims.issuer)
      .where('i.subject', '=', claims.subject)
      .executeTakeFirst();
    if (known) {
      if (linkMemberId && known.member_id !== linkMemberId) throw new OidcSignInRefused('identity_in_use');
      await trx.updateTable('oidc_identities').set({ last_used_at: new Date(), email: claims.email }).where('id', '=', known.id).execute();
      return { accountId: known.account_id, memberId: known.member_id, outcome: 'returning' as const };
    }
    // A removed member's identity (if any is left) no longer signs anyone in.
    await trx.deleteFrom('oidc_identities').where('issuer', '=', claims.issuer).where('subject', '=', claims.subject).execute();
    let member = linkMemberId
      ? await trx.selectFrom('members').select(['id', 'account_id']).where('id', '=', linkMemberId).where('removed_at', 'is', null).executeTakeFirst()
      : undefined;
    let reason = 'signed_in_user';
    if (!member && !linkMemberId && claims.email) {
      const existing = await trx
        .selectFrom('members')
        .select(['id', 'account_id'])
        .where('email_normalized', '=', normalizeEmail(claims.email))
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (existing && !claims.emailVerified) throw new OidcSignInRefused('email_in_use_unverified');
      if (existing) {
        member = existing;
        reason = 'verified_email';
        await trx
          .insertInto('email_verifications')
          .values({ account_id: existing.account_id, email_normalized: normalizeEmail(claims.email) })
          .onConflict((oc) => oc.columns(['account_id', 'email_normalized']).doNothing())
          .execute();
      }
    }
    if (!member) return null;
    const accountId = member.account_id;
    const id = newId();
    await trx
      .insertInto('oidc_identities')
      .values({
        id,
        account_id: accountId,
        member_id: member.id,
        provider: claims.provider,
        issuer: claims.issuer,
        subject: claims.subject,
        email: claims.email,
        last_used_at: new Date(),
      })
      .execute();
    await writeAudit(
      trx,
      { ...actor, accountId: actor.accountId ?? accountId, memberId: actor.memberId ?? member.id },
      {
        accountId,
        action: 'account.identity_linked',
        targetType: 'identity',
        targetId: id,
        details: { provider: claims.provider, issuer: claims.issuer, email: claims.email, reason },
      },
    );
    return { accountId, memberId: member.id, outcome: 'linked' as const };
  });
}
