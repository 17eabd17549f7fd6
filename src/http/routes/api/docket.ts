import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../../errors.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { docketEntryCreator } from '../../../commands/docket-entry-creator.ts';
import { docketEntryUpdater } from '../../../commands/docket-entry-updater.ts';
import { docketEntryRemover } from '../../../commands/docket-entry-remover.ts';
import { findDocketItem, listDocket } from '../../../queries/docket.ts';
import { applicationDeadlineFields, applicationsDeadlineFields } from '../../../queries/application-deadlines.ts';
import { docketEntrySchema, docketListSchema, presentDocketItem } from '../../../presenters/docket-entry.ts';
import { accountEntitySize } from '../../../queries/accounts.ts';
import { applicationEntity, docketItemEntity } from '../../../queries/entity-size.ts';
import { accountIdOf, memberIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { privateApplication } from '../../../requests/private-application.ts';

const text = (max: number) => z.string().trim().max(max);


const entryParams = z.object({ id: z.string().max(100) });
const entitySize = z.enum(['large', 'small', 'micro'], { error: 'must be large, small or micro (null clears it)' }).nullable().optional()
  .describe('The application\'s entity status (37 CFR 1.27 small, 1.29 micro): its fees, forms and deadlines follow it before the USPTO record\'s and the account\'s; null clears it');
const clientMatter = text(200).nullable().optional().describe('The firm\'s matter number: printed as "Attorney Docket No." on every paper for this application');
const responsibleMemberId = z.string().trim().min(1, 'must be a member id (null leaves the entry unassigned)').max(100).nullable().optional()
  .describe('The firm\'s owner or practitioner responsible for the matter (a member id from GET /api/firm/members): the entry\'s reminders, digest lines and new-paper alerts go to them; null = not assigned (the firm\'s owners get its mail)');
const listQuery = z.object({
  responsible: z.string().trim().min(1).max(100).optional()
    .describe('Only the entries whose responsible practitioner is: me (the signed-in member), a member id, or none (not assigned)'),
});
const errors = { 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema };

export function docketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  const present = async (accountId: string, entryId: string) => {
    const item = await findDocketItem(db, accountId, entryId);
    if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
    return presentDocketItem(item, await applicationDeadlineFields(db, item.application.id, accountId), await applicationEntity(db, accountId, item.application.id));
  };

  r.get('/api/docket', { config: { auth: 'account' }, schema: { tags: ['docket'], querystring: listQuery, response: { 200: docketListSchema, 400: errorObjectSchema, 401: errorObjectSchema } } }, async (request) => {
    const accountId = accountIdOf(request);
    const who = request.query.responsible;
    // Another firm's member id simply matches nothing here (entries are the firm's own).
    const responsible = who === undefined ? undefined : who === 'none' ? null : who === 'me' ? memberIdOf(request) : who;
    // Three queries whatever the docket's size: the entries, every pending action at once, the account's entity size.
    const items = await listDocket(db, accountId, { responsible });
    const fields = await applicationsDeadlineFields(db, items.map((i) => i.application.id), accountId);
    const accountEntity = await accountEntitySize(db, accountId);
    return { entries: items.map((i) => presentDocketItem(i, fields.get(i.application.id)!, docketItemEntity(i, accountEntity))) };
  });

  r.get('/api/docket/:id', { config: { auth: 'account' }, schema: { params: entryParams, tags: ['docket'], response: { 200: docketEntrySchema, ...errors } } }, async (request) => present(accountIdOf(request), request.params.id));

  r.post('/api/docket', {
    config: { auth: 'account' },
    schema: {
      tags: ['docket'],
      body: z.object({
        application_number: z.string().max(64),
        client_matter: clientMatter,
        notes: text(10_000).nullable().optional(),
        entity_size: entitySize,
        application: privateApplication.optional(),
        responsible_member_id: responsibleMemberId,
      }).strict(),
      response: { 201: docketEntrySchema, ...errors, 409: errorObjectSchema, 422: errorObjectSchema },
    },
  }, async (request, reply) => {
    const accountId = accountIdOf(request);
    const entry = await docketEntryCreator(db, actorOf(request), {
      accountId,
      applicationNumber: request.body.application_number,
      clientMatter: request.body.client_matter,
      notes: request.body.notes,
      entitySize: request.body.entity_size,
      application: request.body.application,
      responsibleMemberId: request.body.responsible_member_id,
    });
    return reply.status(201).send(await present(accountId, entry.id));
  });

  r.patch('/api/docket/:id', {
    config: { auth: 'account' },
    schema: {
      tags: ['docket'],
      params: entryParams,
      summary: 'Change a docket entry: matter number, notes, entity status, responsible practitioner, an unpublished application\'s data',
      body: z.object({
        client_matter: clientMatter,
        notes: text(10_000).nullable().optional(),
        entity_size: entitySize,
        application: privateApplication.partial().optional(),
        responsible_member_id: responsibleMemberId,
      }).strict(),
      response: { 200: docketEntrySchema, ...errors, 422: errorObjectSchema },
    },
  }, async (request) => {
    const accountId = accountIdOf(request);
    await docketEntryUpdater(db, actorOf(request), {
      accountId,
      entryId: request.params.id,
      clientMatter: request.body.client_matter,
      notes: request.body.notes,
      entitySize: request.body.entity_size,
      application: request.body.application,
      responsibleMemberId: request.body.responsible_member_id,
    });
    return present(accountId, request.params.id);
  });

  r.delete('/api/docket/:id', { config: { auth: 'account' }, schema: { params: entryParams, tags: ['docket'], response: { 204: z.null().describe('Removed'), ...errors } } }, async (request, reply) => {
    await docketEntryRemover(db, actorOf(request), { accountId: accountIdOf(request), entryId: request.params.id });
    return reply.status(204).send(null);
  });
}
