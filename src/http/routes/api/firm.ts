import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { createMailer, type Mailer } from '../../../mail/mailer.ts';
import { invitationCreator } from '../../../commands/firm/invitation-creator.ts';
import { invitationAcceptor } from '../../../commands/firm/invitation-acceptor.ts';
import { invalidInvitation } from '../../../commands/firm/invitation-token.ts';
import { invitationRevoker, memberRemover, memberRoleChanger } from '../../../commands/firm/member-changes.ts';
import { sessionCreator } from '../../../commands/session-creator.ts';
import { listFirmMembers } from '../../../queries/members.ts';
import { listPendingInvitations, previewInvitation } from '../../../queries/firm-invitations.ts';
import {
  createdInvitationSchema,
  invitationPreviewSchema,
  invitationsSchema,
  memberSchema,
  membersSchema,
  presentInvitation,
  presentMember,
  roleSchema,
} from '../../../presenters/firm.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { accountIdOf, memberIdOf, SESSION_COOKIE } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { setSessionCookie } from './auth.ts';
import { publicBase } from '../../public-base.ts';

const tags = ['firm'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(10).max(200) });
const errors = { 400: errorObjectSchema, 401: errorObjectSchema, 403: errorObjectSchema, 404: errorObjectSchema, 409: errorObjectSchema };

/**
 * Firms (issue 22; docs/firms.md): the members of the signed-in person's firm, their roles, and
 * invitations by e-mailed single-use link. Reading the list is open to every member; changes are
 * the owner's (permission `members`, role-guard.ts). Another firm's ids answer 404.
 */
export function firmRoutes(app: FastifyInstance, ctx: AppContext, opts: { mailer?: Mailer } = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const mailer = opts.mailer ?? createMailer(ctx.config, app.log);

  r.get(
    '/firm/members',
    {
      config: { auth: 'account' },
      schema: { tags, summary: "The firm's members and their roles", response: { 200: membersSchema } },
    },
    async (request) => ({ members: (await listFirmMembers(db, accountIdOf(request))).map(presentMember), you: memberIdOf(request) }),
  );

  r.patch(
    '/firm/members/:id',
    {
      config: { auth: 'account', permission: 'members' },
      schema: {
        tags,
        summary: "Change a member's role (owner only; the last owner stays owner)",
        params: idParams,
        body: z.object({ role: roleSchema }).strict(),
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => {
      const member = await memberRoleChanger(db, actorOf(request), { accountId: accountIdOf(request), memberId: request.params.id, role: request.body.role });
      app.credentialCache.forgetMember(member.id);
      app.grantCache.forgetMember(member.id);
      return presentMember(member);
    },
  );

  r.delete(
    '/firm/members/:id',
    {
      config: { auth: 'account', permission: 'members' },
      schema: {
        tags,
        summary: 'Remove a member: their sessions, API keys and connected apps end at once (owner only)',
        params: idParams,
        response: { 204: z.null().describe('Removed'), 404: errorObjectSchema, 409: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const { member } = await memberRemover(db, actorOf(request), { accountId: accountIdOf(request), memberId: request.params.id });
      // This process forgets the member's keys and grants before answering; others hear it from the triggers.
      app.credentialCache.forgetMember(member.id);
      app.grantCache.forgetMember(member.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/firm/invitations',
    {
      config: { auth: 'account', permission: 'members' },
      schema: { tags, summary: 'Pending invitations (owner only)', response: { 200: invitationsSchema } },
    },
    async (request) => ({ invitations: (await listPendingInvitations(db, accountIdOf(request))).map(presentInvitation) }),
  );

  r.post(
    '/firm/invitations',
    {
      config: { auth: 'account', permission: 'members' },
      schema: {
        tags,
        summary: 'Invite a person by e-mail with a role (owner only): a single-use link valid seven days',
        body: z.object({ email: z.string().max(320), role: roleSchema }).strict(),
        response: { 201: createdInvitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const { invitation, token } = await invitationCreator(db, actorOf(request), {
        accountId,
        invitedBy: memberIdOf(request),
        email: request.body.email,
        role: request.body.role,
      });
      const preview = await previewInvitation(db, token);
      const link = `${publicBase(ctx.config, request)}/join?token=${token}`;
      await mailer.send({
        to: invitation.email,
        subject: `You are invited to join ${preview?.firmName ?? 'a firm'} on Prosa`,
        text: `You are invited to join ${preview?.firmName ?? 'a firm'} on Prosa as ${invitation.role}.\n\nAccept here (the link works once, for seven days):\n${link}\n\nIf you did not expect this, ignore this message.\n`,
      });
      return reply.status(201).send({ ...presentInvitation(invitation), sent_to: invitation.email });
    },
  );

  r.delete(
    '/firm/invitations/:id',
    {
      config: { auth: 'account', permission: 'members' },
      schema: {
        tags,
        summary: 'Withdraw a pending invitation (owner only)',
        params: idParams,
        response: { 204: z.null().describe('Withdrawn'), 404: errorObjectSchema },
      },
    },
    async (request, reply) => {
      await invitationRevoker(db, actorOf(request), { accountId: accountIdOf(request), invitationId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/firm/join',
    {
      config: { auth: 'none', rateLimit: 'signin' },
      schema: {
        tags,
        summary: 'What an invitation link offers: the firm, the invited address and role',
        querystring: tokenParams,
        response: { 200: invitationPreviewSchema, 400: errorObjectSchema },
      },
    },
    async (request) => {
      const found = await previewInvitation(db, request.query.token);
      if (!found) throw invalidInvitation();
      return { firm_name: found.firmName, email: found.invitation.email, role: found.invitation.role, expires_at: found.invitation.expires_at.toISOString() };
    },
  );

  r.post(
    '/firm/invitations/:token/accept',
    {
      config: { auth: 'session', permission: 'self' },
      schema: {
        tags,
        summary: 'Accept an invitation while signed in (the address must be yours; your current firm must have no other members)',
        params: tokenParams,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = await invitationAcceptor(db, actorOf(request), { token: request.params.token, memberId: memberIdOf(request) });
      app.credentialCache.forgetMember(member.id);
      app.grantCache.forgetMember(member.id);
      // The browser's session was ended with the old firm's credentials: a fresh one in the new firm.
      if (request.cookies[SESSION_COOKIE])
        setSessionCookie(
          reply,
          ctx,
          await sessionCreator(db, { ...actorOf(request), accountId: member.account_id }, { memberId: member.id, userAgent: request.headers['user-agent'] }),
        );
      return presentMember(member);
    },
  );
}
