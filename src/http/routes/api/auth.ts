import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { accountCreator, normalizeEmail } from '../../../commands/account-creator.ts';
import { sessionCreator, sessionDestroyer, SESSION_TTL_MS, type CreatedSession } from '../../../commands/session-creator.ts';
import { findAccountById } from '../../../queries/accounts.ts';
import { getBalanceMicro } from '../../../queries/credits.ts';
import { requestAccountWithBalance } from '../../../queries/request-balance.ts';
import { meSchema, presentAccount, presentBalance, presentSignedInMember } from '../../../presenters/account.ts';
import { accountIdOf, SESSION_COOKIE } from '../../plugins/auth.ts';
import { invitationSignup } from '../../../commands/firm/invitation-signup.ts';
import { findLiveMember } from '../../../queries/members.ts';
import { findAccountWithBalance } from '../../../queries/accounts.ts';
import { actorOf } from '../../actor.ts';
import { signinRefusal } from '../../../auth/signin-throttle.ts';
import { signInSchema, signUpSchema } from '../../../presenters/auth.ts';

const credentials = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
  display_name: z.string().max(200).optional(),
});

/** Sign-up: with `invitation_token` (from an invitation's /join link) the person joins that firm instead of starting one. */
const signupBody = credentials.extend({ invitation_token: z.string().min(10).max(200).optional() });

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when served over https. */
export function setSessionCookie(reply: FastifyReply, ctx: AppContext, session: CreatedSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies || reply.request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/**
 * E-mail and password accounts. Third-party (OIDC) sign-in sits beside these routes
 * (routes/web/oidc-sign-in.ts): it resolves an oidc_identities row (commands/oidc-sign-in.ts)
 * and then calls sessionCreator with the account id.
 */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.post(
    '/auth/signup',
    { config: { auth: 'none', rateLimit: 'signin' }, schema: { body: signupBody, tags: ['account'], response: { 201: signUpSchema } } },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.body.invitation_token) {
        // A member of the inviting firm: no firm of their own, no welcome credits (docs/firms.md).
        const member = await invitationSignup(db, actor, {
          token: request.body.invitation_token,
          email: request.body.email,
          password: request.body.password,
          displayName: request.body.display_name,
        });
        const session = await sessionCreator(
          db,
          { ...actor, accountId: member.account_id, memberId: member.id },
          { memberId: member.id, userAgent: request.headers['user-agent'] },
        );
        setSessionCookie(reply, ctx, session);
        const firm = await findAccountWithBalance(db, member.account_id);
        return reply.status(201).send({
          account: presentAccount(firm!.account, member.practitioner),
          member: presentSignedInMember(member),
          credits: presentBalance(firm!.balanceMicro),
        });
      }
      const account = await accountCreator(db, actor, { email: request.body.email, password: request.body.password, displayName: request.body.display_name });
      const session = await sessionCreator(
        db,
        { ...actor, accountId: account.id, memberId: account.id },
        { memberId: account.id, userAgent: request.headers['user-agent'] },
      );
      setSessionCookie(reply, ctx, session);
      // A new firm's founding owner has no signing profile yet.
      return reply.status(201).send({ account: presentAccount(account, null), credits: presentBalance(await getBalanceMicro(db, account.id)) });
    },
  );

  r.post(
    '/auth/signin',
    {
      config: { auth: 'none', rateLimit: 'signin' },
      schema: { body: credentials.omit({ display_name: true }), tags: ['account'], response: { 200: signInSchema } },
    },
    async (request, reply) => {
      // Failures are counted per (e-mail, address), per address and per e-mail, so the lockout
      // falls on the guessing address, not on the account (auth/signin-throttle.ts).
      const email = normalizeEmail(request.body.email);
      const wait = await ctx.rateLimits.signins.check(email, request.ip);
      if (wait) throw signinRefusal(wait);
      let session: CreatedSession;
      try {
        session = await sessionCreator(db, actorOf(request), {
          email: request.body.email,
          password: request.body.password,
          userAgent: request.headers['user-agent'],
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_credentials') await ctx.rateLimits.signins.recordFailure(email, request.ip);
        throw err;
      }
      await ctx.rateLimits.signins.recordSuccess(email, request.ip);
      setSessionCookie(reply, ctx, session);
      const [account, member] = await Promise.all([findAccountById(db, session.accountId), findLiveMember(db, session.memberId)]);
      return { account: presentAccount(account!, member!.practitioner), member: presentSignedInMember(member!) };
    },
  );

  r.post(
    '/auth/signout',
    { config: { auth: 'none' }, schema: { tags: ['account'], response: { 204: z.null().describe('Signed out: the session ends and its cookie is cleared') } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await sessionDestroyer(db, actorOf(request), token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/auth/me',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in account (settings), the member (role, permissions, their own practitioner profile as account.practitioner) and its balance',
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const found = await requestAccountWithBalance(db, request, accountId);
      if (!found) throw new AppError(401, 'not_authenticated', 'The account no longer exists.', 'Sign in again.');
      // The member was read with the credential (principal.ts): no statement of its own.
      const p = request.principal!;
      const member = { id: p.memberId, role: p.role, ...p.member };
      return {
        account: presentAccount(found.account, p.member.practitioner),
        member: presentSignedInMember(member),
        credits: presentBalance(found.balanceMicro),
        authenticated_via: request.principal?.via,
      };
    },
  );
}
