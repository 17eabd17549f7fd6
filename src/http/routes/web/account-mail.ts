import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { memberIdOf, accountIdOf, SESSION_COOKIE } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { normalizeEmail, validateEmail } from '../../../commands/account-creator.ts';
import { sessionCreator } from '../../../commands/session-creator.ts';
import { findAccountById } from '../../../queries/accounts.ts';
import { presentAccount } from '../../../presenters/account.ts';
import { sha256Hex } from '../../../auth/secrets.ts';
import { createMailer, type Mailer } from '../../../mail/mailer.ts';
import { accountLinkConsumer, accountLinkIssuer, isEmailVerified, passwordChanger } from '../../../mail/account-links.ts';
import { setSessionCookie } from '../api/auth.ts';
import { publicBase } from '../../public-base.ts';
import { findLiveMember, findLiveMemberByEmail } from '../../../queries/members.ts';
import {
  emailVerificationSchema,
  emailVerificationSentSchema,
  emailVerifiedSchema,
  passwordResetAcceptedSchema,
  passwordResetDoneSchema,
} from '../../../presenters/auth.ts';

/**
 * Password reset and e-mail verification by e-mailed single-use links, and password change.
 * Asking for a reset answers 202 whether or not the address has an account (no enumeration).
 */
export function accountMailRoutes(app: FastifyInstance, ctx: AppContext, opts: { mailer?: Mailer } = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const mailer = opts.mailer ?? createMailer(ctx.config, app.log);

  r.post(
    '/auth/password-reset',
    {
      config: { auth: 'none', rateLimit: 'signin' },
      schema: { tags: ['account'], body: z.object({ email: z.string().max(320) }), response: { 202: passwordResetAcceptedSchema } },
    },
    async (request, reply) => {
      // An empty or malformed address is the caller's mistake, not an unknown account: say so
      // (a 202 here would promise a mail that can never come).
      const email = validateEmail(request.body.email);
      // People sign in as firm members (migration 032): the reset is the member's, in their firm.
      const member = await findLiveMemberByEmail(db, normalizeEmail(email));
      if (member) {
        const token = await accountLinkIssuer(
          db,
          { ...actorOf(request), accountId: member.account_id, memberId: member.id },
          { accountId: member.account_id, email: member.email, purpose: 'password_reset' },
        );
        try {
          await mailer.send({
            to: member.email,
            subject: 'Reset your Prosa password',
            text: `Someone (hopefully you) asked to reset the password of your Prosa account.\n\nChoose a new password here (the link works once, for one hour):\n${publicBase(ctx.config, request)}/reset-password?token=${token}\n\nIf you did not ask, ignore this message; your password stays as it is.\n`,
          });
        } catch (err) {
          request.log.error({ err }, 'password reset mail failed');
        }
      }
      return reply.status(202).send({ accepted: true as const, message: 'If an account uses this address, a reset link is on its way.' });
    },
  );

  r.post(
    '/auth/password-reset/confirm',
    {
      config: { auth: 'none', rateLimit: 'signin' },
      schema: {
        tags: ['account'],
        body: z.object({ token: z.string().min(10).max(200), password: z.string().max(1024) }),
        response: { 200: passwordResetDoneSchema },
      },
    },
    async (request, reply) => {
      const { accountId, memberId } = await accountLinkConsumer(db, actorOf(request), {
        token: request.body.token,
        purpose: 'password_reset',
        newPassword: request.body.password,
      });
      const session = await sessionCreator(db, { ...actorOf(request), accountId, memberId }, { memberId, userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, ctx, session);
      const [account, member] = await Promise.all([findAccountById(db, accountId), findLiveMember(db, memberId)]);
      return { account: presentAccount(account!, member?.practitioner ?? null) };
    },
  );

  r.post(
    '/auth/password',
    {
      config: { auth: 'session', permission: 'self' },
      schema: {
        tags: ['account'],
        body: z.object({ current_password: z.string().max(1024), new_password: z.string().max(1024) }),
        response: { 204: z.null().describe("Changed: the member's other sessions end") },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      await passwordChanger(db, actorOf(request), {
        accountId: accountIdOf(request),
        memberId: memberIdOf(request),
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        keepSessionTokenHash: token ? sha256Hex(token) : undefined,
      });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/auth/email-verification',
    { config: { auth: 'account' }, schema: { tags: ['account'], response: { 200: emailVerificationSchema } } },
    async (request) => isEmailVerified(db, accountIdOf(request), memberIdOf(request)),
  );

  r.post(
    '/auth/email-verification',
    {
      config: { auth: 'session', permission: 'self', rateLimit: 'signin' },
      schema: {
        tags: ['account'],
        response: {
          200: emailVerificationSentSchema.describe('Already verified: nothing sent'),
          202: emailVerificationSentSchema.describe('A confirmation link was e-mailed'),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const state = await isEmailVerified(db, accountId, memberIdOf(request));
      if (state.verified) return reply.status(200).send({ ...state, sent: false });
      const token = await accountLinkIssuer(db, actorOf(request), { accountId, email: state.email, purpose: 'email_verification' });
      await mailer.send({
        to: state.email,
        subject: 'Confirm your e-mail address for Prosa',
        text: `Confirm that this address belongs to your Prosa account (the link works once, for a day):\n${publicBase(ctx.config, request)}/verify-email?token=${token}\n`,
      });
      return reply.status(202).send({ ...state, sent: true });
    },
  );

  r.post(
    '/auth/email-verification/confirm',
    {
      config: { auth: 'none', rateLimit: 'signin' },
      schema: { tags: ['account'], body: z.object({ token: z.string().min(10).max(200) }), response: { 200: emailVerifiedSchema } },
    },
    async (request) => {
      const { email } = await accountLinkConsumer(db, actorOf(request), { token: request.body.token, purpose: 'email_verification' });
      return { email, verified: true as const };
    },
  );
}
