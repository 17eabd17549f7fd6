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
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { privateApplication } from '../../../requests/private-application.ts';

const text = (max: number) => z.string().trim().max(max);


const entryParams = z.object({ id: z.string().max(100) });
const entitySize = z.enum(['large', 'small', 'micro'], { error: 'must be large, small or micro (null clears it)' }).nullable().optional()
  .describe('The application\'s entity status (37 CFR 1.27 small, 1.29 micro): its fees, forms and deadlines follow it before the USPTO record\'s and the account\'s; null clears it');
const clientMatter = text(200).nullable().optional().describe('The firm\'s matter number: printed as "Attorney Docket No." on every paper for this application');
const errors = { 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema };

export function docketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  const present = async (accountId: string, entryId: string) => {
    const item = await findDocketItem(db, accountId, entryId);
    if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
    return presentDocketItem(item, await applicationDeadlineFields(db, item.application.id, accountId), await applicationEntity(db, accountId, item.application.id));
  };

  r.get('/api/docket', { config: { auth: 'account' }, schema: { tags: ['docket'], response: { 200: docketListSchema, 401: errorObjectSchema } } }, async (request) => {
    const accountId = accountIdOf(request);
    // Three queries whatever the docket's size: the entries, every pending action at once, the account's entity size.
    const items = await listDocket(db, accountId);
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
      }).strict(),
      response: { 201: docketEntrySchema, ...errors, 409: errorObjectSchema },
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
    });
    return reply.status(201).send(await present(accountId, entry.id));
  });

  r.patch('/api/docket/:id', {
    config: { auth: 'account' },
    schema: {
      tags: ['docket'],
      params: entryParams,
      summary: 'Change a docket entry: matter number, notes, entity status, an unpublished application\'s data',
      body: z.object({
        client_matter: clientMatter,
        notes: text(10_000).nullable().optional(),
        entity_size: entitySize,
        application: privateApplication.partial().optional(),
      }).strict(),
      response: { 200: docketEntrySchema, ...errors },
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
    });
    return present(accountId, request.params.id);
  });

  r.delete('/api/docket/:id', { config: { auth: 'account' }, schema: { params: entryParams, tags: ['docket'] } }, async (request, reply) => {
    await docketEntryRemover(db, actorOf(request), { accountId: accountIdOf(request), entryId: request.params.id });
    return reply.status(204).send();
  });
}
