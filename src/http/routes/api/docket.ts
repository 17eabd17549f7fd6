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
import { docketCounts, docketStatuses, listDocketPage, type DocketPageRequest } from '../../../queries/docket-page.ts';
import { refreshDocketSortKeys } from '../../../commands/docket-sort-keys.ts';
import { docketSearch } from '../../../domain/docket-search.ts';
import { DOCKET_SORTS, docketSortField } from '../../../domain/docket-sort.ts';
import { decodeDocketCursor, encodeDocketCursor } from '../../docket-cursor.ts';
import { todayUtc } from '../../../clock.ts';
import { applicationDeadlineFields, applicationsDeadlineFields } from '../../../queries/application-deadlines.ts';
import { docketEntrySchema, docketListSchema, docketStatusesSchema, presentDocketItem } from '../../../presenters/docket-entry.ts';
import { applicationEntity, docketItemEntity } from '../../../queries/entity-size.ts';
import { accountIdOf, memberIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { privateApplication } from '../../../requests/private-application.ts';

const text = (max: number) => z.string().trim().max(max);

const entryParams = z.object({ id: z.string().max(100) });
const entitySize = z
  .enum(['large', 'small', 'micro'], { error: 'must be large, small or micro (null clears it)' })
  .nullable()
  .optional()
  .describe(
    "The application's entity status (37 CFR 1.27 small, 1.29 micro): its fees, forms and deadlines follow it before the USPTO record's and the account's; null clears it",
  );
const clientMatter = text(200)
  .nullable()
  .optional()
  .describe('The firm\'s matter number: printed as "Attorney Docket No." on every paper for this application');
const responsibleMemberId = z
  .string()
  .trim()
  .min(1, 'must be a member id (null leaves the entry unassigned)')
  .max(100)
  .nullable()
  .optional()
  .describe(
    "The firm's owner or practitioner responsible for the matter (a member id from GET /api/firm/members): the entry's reminders, digest lines and new-paper alerts go to them; null = not assigned (the firm's owners get its mail)",
  );
const listQuery = z.object({
  responsible: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Only the entries whose responsible practitioner is: me (the signed-in member), a member id, or none (not assigned)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .optional()
    .describe('Entries per page (1 to 200); absent: every entry that matches, on one page (as before pages existed)'),
  cursor: z.string().max(2000).optional().describe('next_cursor of the previous page (opaque); absent: the first page'),
  sort: z
    .enum(DOCKET_SORTS)
    .optional()
    .describe(
      'The order: next_deadline (default with limit: the earliest deadline on or after today, UTC), application_number, title, client_matter, responsible, status, examiner, art_unit or added; a leading - sorts descending (-next_deadline). Blank values (no deadline left, no matter number...) come last either way; ties by entry id. Without limit and sort: added, oldest first',
    ),
  status: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Only the entries whose application has this status, exactly as GET /api/docket/statuses lists it'),
  q: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Search: an application number in any written form (17/200,011, 17200011, 17,200,011), else text inside the title, client matter or responsible person's name or address",
    ),
});
const errors = { 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema };

export function docketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  const present = async (accountId: string, entryId: string) => {
    const item = await findDocketItem(db, accountId, entryId);
    if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
    return presentDocketItem(
      item,
      await applicationDeadlineFields(db, item.application.id, accountId),
      await applicationEntity(db, accountId, item.application.id),
    );
  };

  r.get(
    '/docket',
    {
      config: { auth: 'account' },
      schema: { tags: ['docket'], querystring: listQuery, response: { 200: docketListSchema, 400: errorObjectSchema, 401: errorObjectSchema } },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const who = request.query.responsible;
      // Another firm's member id simply matches nothing here (entries are the firm's own).
      const responsible = who === undefined ? undefined : who === 'none' ? null : who === 'me' ? memberIdOf(request) : who;
      // Without limit and sort the whole docket comes in the order it always had (oldest entry first).
      const sort = request.query.sort ?? (request.query.limit === undefined ? 'added' : 'next_deadline');
      const cursor = request.query.cursor;
      const req: DocketPageRequest = {
        responsible,
        status: request.query.status,
        search: docketSearch(request.query.q),
        sort,
        limit: request.query.limit,
        after: cursor === undefined ? undefined : decodeDocketCursor(cursor, sort),
      };
      const today = todayUtc();
      // Two statements: the page's rows and, beside them, the counts (kept by triggers, migration
      // 039), which also tell whether any next-deadline key is stale or passed. Only then, and only
      // sorted by next deadline, are the keys refreshed (src/commands/docket-sort-keys.ts) and the
      // rows read again.
      const [firstRead, counts] = await Promise.all([listDocketPage(db, accountId, req), docketCounts(db, accountId, req, today)]);
      let page = firstRead;
      if (docketSortField(sort) === 'next_deadline' && counts.keysToRefresh) {
        await refreshDocketSortKeys(db, accountId, today);
        page = await listDocketPage(db, accountId, req);
      }
      // The deadlines shown are computed live for this page's entries alone: the key only orders.
      const fields = await applicationsDeadlineFields(
        db,
        page.items.map((i) => i.application.id),
        accountId,
      );
      return {
        entries: page.items.map((i) => presentDocketItem(i, fields.get(i.application.id)!, docketItemEntity(i, counts.accountEntitySize))),
        next_cursor: page.next ? encodeDocketCursor(sort, page.next) : null,
        total: counts.total,
        docket_total: counts.docketTotal,
      };
    },
  );

  r.get(
    '/docket/statuses',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['docket'],
        summary: "The statuses of the docket's applications, with how many entries have each (the values GET /api/docket?status= takes)",
        response: { 200: docketStatusesSchema, 401: errorObjectSchema },
      },
    },
    async (request) => ({ statuses: await docketStatuses(db, accountIdOf(request)) }),
  );

  r.get(
    '/docket/:id',
    { config: { auth: 'account' }, schema: { params: entryParams, tags: ['docket'], response: { 200: docketEntrySchema, ...errors } } },
    async (request) => present(accountIdOf(request), request.params.id),
  );

  r.post(
    '/docket',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['docket'],
        body: z
          .object({
            application_number: z.string().max(64),
            client_matter: clientMatter,
            notes: text(10_000).nullable().optional(),
            entity_size: entitySize,
            application: privateApplication.optional(),
            responsible_member_id: responsibleMemberId,
          })
          .strict(),
        response: { 201: docketEntrySchema, ...errors, 409: errorObjectSchema, 422: errorObjectSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  r.patch(
    '/docket/:id',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['docket'],
        params: entryParams,
        summary: "Change a docket entry: matter number, notes, entity status, responsible practitioner, an unpublished application's data",
        body: z
          .object({
            client_matter: clientMatter,
            notes: text(10_000).nullable().optional(),
            entity_size: entitySize,
            application: privateApplication.partial().optional(),
            responsible_member_id: responsibleMemberId,
          })
          .strict(),
        response: { 200: docketEntrySchema, ...errors, 422: errorObjectSchema },
      },
    },
    async (request) => {
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
    },
  );

  r.delete(
    '/docket/:id',
    { config: { auth: 'account' }, schema: { params: entryParams, tags: ['docket'], response: { 204: z.null().describe('Removed'), ...errors } } },
    async (request, reply) => {
      await docketEntryRemover(db, actorOf(request), { accountId: accountIdOf(request), entryId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
