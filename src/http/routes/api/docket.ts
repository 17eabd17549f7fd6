import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../../errors.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { docketEntryCreator } from '../../../commands/docket-entry-creator.ts';
import { docketEntryUpdater } from '../../../commands/docket-entry-updater.ts';
import { docketEntryRemover } from '../../../commands/docket-entry-remover.ts';
import { findDocketItem } from '../../../queries/docket.ts';
import { DOCKET_SORTS, docketSortKeyCount, docketSortKeysValid, listDocketPage } from '../../../queries/docket-page.ts';
import { refreshDocketSortKeys } from '../../../commands/docket-sort-keys.ts';
import { docketSearch } from '../../../domain/docket-search.ts';
import { decodeDocketCursor, encodeDocketCursor } from '../../docket-cursor.ts';
import { validationError } from '../../../errors.ts';
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
  limit: z.coerce.number().int().min(1).max(200).optional()
    .describe('Entries per page (1 to 200); absent: every entry that matches, on one page (as before pages existed)'),
  cursor: z.string().max(2000).optional().describe('next_cursor of the previous page (opaque); absent: the first page'),
  sort: z.enum(DOCKET_SORTS).optional()
    .describe('next_deadline (default: the earliest deadline on or after today, UTC; entries with none last), application_number, client_matter (none last) or added (oldest first); ties by entry id. Without limit and sort: added, as before pages existed'),
  q: z.string().max(200).optional()
    .describe('Search: an application number in any written form (17/200,011, 17200011, 17,200,011), else text inside the title, client matter or responsible person\'s name or address'),
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
    // Without limit and sort the whole docket comes in the order it always had (oldest entry first).
    const sort = request.query.sort ?? (request.query.limit === undefined ? 'added' : 'next_deadline');
    const cursor = request.query.cursor;
    const after = cursor === undefined ? undefined : decodeDocketCursor(cursor, sort, docketSortKeyCount(sort));
    if (after && !docketSortKeysValid(sort, after)) throw validationError('cursor', 'is not a cursor this docket gave (use next_cursor of the previous page)');
    // The sort key by next deadline is brought up to date for the stale entries only (src/commands/docket-sort-keys.ts).
    if (sort === 'next_deadline') await refreshDocketSortKeys(db, accountId);
    const page = await listDocketPage(db, accountId, { responsible, sort, search: docketSearch(request.query.q), limit: request.query.limit, after });
    // The deadlines shown are computed live for this page's entries alone: the key only orders.
    const fields = await applicationsDeadlineFields(db, page.items.map((i) => i.application.id), accountId);
    const accountEntity = await accountEntitySize(db, accountId);
    return {
      entries: page.items.map((i) => presentDocketItem(i, fields.get(i.application.id)!, docketItemEntity(i, accountEntity))),
      next_cursor: page.next ? encodeDocketCursor(sort, page.next) : null,
      total: page.total,
    };
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

  r.delete('/api/docket/:id', { config: { auth: 'account' }, schema: { params: entryParams, tags: ['docket'] } }, async (request, reply) => {
    await docketEntryRemover(db, actorOf(request), { accountId: accountIdOf(request), entryId: request.params.id });
    return reply.status(204).send();
  });
}
