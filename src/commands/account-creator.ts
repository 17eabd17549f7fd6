import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import type { Account } from '../db/schema.ts';
import { conflict, validationError } from '../errors.ts';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/passwords.ts';
import { newId } from '../auth/secrets.ts';
import { WELCOME_CREDITS_MICRO } from '../domain/pricing.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { postLedgerEntry } from './credit-ledger.ts';
import { normalizeEmail } from '../domain/email.ts';
import { findLiveMemberByEmail } from '../queries/members.ts';

export interface AccountCreatorProps {
  /** The sign-in e-mail; unique regardless of case. */
  email: string;
  /** Plain password; null for an account created through third-party sign-in only. */
  password: string | null;
  /** Optional name shown in the web app. */
  displayName?: string | null;
  /** Third-party identity to attach (OIDC sign-in): keyed by the ID token's issuer and subject. */
  identity?: { provider: string; issuer: string; subject: string; email: string | null; emailVerified: boolean };
}

const emailSchema = z.email().max(320);

// Re-exported: callers that create accounts read it from here.
export { normalizeEmail };

/** The address as stored (NFKC, trimmed); a 400 naming the field when it is not an e-mail address. */
export function validateEmail(raw: string): string {
  const email = raw.normalize('NFKC').trim();
  if (!emailSchema.safeParse(email).success) throw validationError('email', 'must be a valid e-mail address');
  return email;
}

export function validatePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw validationError('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw validationError('password', `must be at most ${MAX_PASSWORD_LENGTH} characters`);
}

/** Creates an account with its balance row and the 25.00 welcome credits as a ledger entry. */
export async function accountCreator(db: Db, actor: Actor, props: AccountCreatorProps): Promise<Account> {
  const email = validateEmail(props.email);
  if (props.password === null && !props.identity) throw validationError('password', 'is required');
  if (props.password !== null) validatePassword(props.password);
  const passwordHash = props.password === null ? null : await hashPassword(props.password);
  const emailNormalized = normalizeEmail(email);
  const id = newId();

  try {
    return await db.transaction().execute(async (trx) => {
      const account = await trx
        .insertInto('accounts')
        .values({ id, email, email_normalized: emailNormalized, password_hash: passwordHash, display_name: props.displayName ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('credit_balances').values({ account_id: id, balance_micro: '0' }).execute();
      // The person is the firm's first member and owner, with the account's id (migration 032).
      await trx
        .insertInto('members')
        .values({
          id,
          account_id: id,
          email,
          email_normalized: emailNormalized,
          password_hash: passwordHash,
          display_name: props.displayName ?? null,
          role: 'owner',
        })
        .execute();
      if (props.identity) {
        const { provider, issuer, subject, email: identityEmail, emailVerified } = props.identity;
        await trx
          .insertInto('oidc_identities')
          .values({ id: newId(), account_id: id, member_id: id, provider, issuer, subject, email: identityEmail, last_used_at: new Date() })
          .execute();
        // The provider vouched for this very address (email_verified: true): it is proven.
        if (emailVerified && identityEmail && normalizeEmail(identityEmail) === emailNormalized) {
          await trx.insertInto('email_verifications').values({ account_id: id, email_normalized: emailNormalized }).execute();
        }
      }
      await postLedgerEntry(trx, { accountId: id, amountMicro: WELCOME_CREDITS_MICRO, kind: 'welcome', description: 'Welcome credits' });
      await writeAudit(
        trx,
        { ...actor, accountId: actor.accountId ?? id, memberId: actor.memberId ?? id },
        {
          accountId: id,
          action: 'account.created',
          targetType: 'account',
          targetId: id,
          details: props.identity ? { email, provider: props.identity.provider } : { email },
        },
      );
      return account;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      // accounts.email stays the firm's after its founding owner is removed (their member id is the
      // firm's id): the address cannot found a second firm, but it may be invited again.
      if (!(await findLiveMemberByEmail(db, emailNormalized))) {
        throw conflict(
          'founder_removed',
          'This e-mail address founded a firm on Prosa and has since been removed from it, so it cannot start a new firm.',
          "Ask an owner of a firm to invite this address (then sign up from the invitation's link), or sign up with another address.",
        );
      }
      throw conflict('email_taken', 'An account with this e-mail address already exists.', 'Sign in with this e-mail address instead, or use another address.');
    }
    throw err;
  }
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
