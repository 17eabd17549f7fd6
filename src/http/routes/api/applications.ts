import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { pendingAction } from '../../../queries/application-deadlines.ts';
import { applicationEntity } from '../../../queries/entity-size.ts';
import { listProsecutionHistory } from '../../../queries/prosecution-history.ts';
import { listPapers } from '../../../queries/correspondence.ts';
import {
  accountApplicationSchema,
  accountDeadlinesSchema,
  presentAccountApplication,
  presentAccountDeadlines,
} from '../../../presenters/account-application.ts';
import { historyPageSchema, presentHistoryEvent } from '../../../presenters/prosecution-history.ts';
import { paperPageSchema, presentPaper } from '../../../presenters/correspondence.ts';
import { accountApplicationOr404 } from '../../account-application.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { todayUtc } from '../../../clock.ts';

const numberParams = z.object({ number: z.string().max(64).describe('Application number in any written form: 17200011, 17/200,011, US 17/200,011') });
const limit = z.coerce.number().int().min(1).max(200).default(50);

/**
 * The account's view of one application: the record, its deadlines, its prosecution history and
 * its papers. The number resolves to the account's own private record first, else the public
 * one; another account's private record is 404 app_not_found. Papers another account recorded
 * never show; the ones this account recorded count everywhere here.
 */
export function applicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/applications/:number',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['applications'],
        summary: 'An application as the account sees it',
        description:
          "REST #1's lookup record (deadlines counting the office actions this account recorded), plus docket_entry_id (null when not on the docket), private, entity_status (the record's), entity_size and entity_size_source (what fees use: docket, uspto or account), patent_number, bibliographic fields and pending_action.",
        params: numberParams,
        response: { 200: accountApplicationSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { application, docketEntryId } = await accountApplicationOr404(ctx, accountId, request.params.number);
      const entity = await applicationEntity(db, accountId, application.id);
      const pending = await pendingAction(db, application.id, { accountId, entity: entity.entity_size, today: todayUtc() });
      return presentAccountApplication(application, docketEntryId, pending, entity);
    },
  );

  r.get(
    '/applications/:number/deadlines',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['applications', 'deadlines'],
        summary: 'Deadlines of an application with the full calculation',
        description:
          "REST #2's deadlines record with fees for the application's entity status (`entity`; `entity_source`: its docket entry, the USPTO record, else the account's default) under the fee table in force today, plus `calculation`: the deadline engine's full result for the pending action (the shape of POST /api/deadlines/calculate), null when nothing is pending.",
        params: numberParams,
        response: { 200: accountDeadlinesSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { application, docketEntryId } = await accountApplicationOr404(ctx, accountId, request.params.number);
      const entity = await applicationEntity(db, accountId, application.id);
      const today = todayUtc();
      const pending = await pendingAction(db, application.id, { accountId, entity: entity.entity_size, today });
      return presentAccountDeadlines(application, docketEntryId, entity, today, pending);
    },
  );

  r.get(
    '/applications/:number/history',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['applications'],
        summary: 'Prosecution history (USPTO events), newest first',
        description:
          "Each event: date, USPTO code and text, and `meaning` (Prosa's reading of the code: kind, summary, mail_event). Keyset pagination: pass next_cursor as `before`.",
        params: numberParams,
        response: { 200: historyPageSchema },
        querystring: z.object({
          limit,
          before: z
            .string()
            .regex(/^\d{1,18}$/, 'must be an event id (next_cursor)')
            .optional(),
        }),
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { application } = await accountApplicationOr404(ctx, accountId, request.params.number);
      const page = await listProsecutionHistory(db, application.id, {
        limit: request.query.limit,
        before: request.query.before ? BigInt(request.query.before) : undefined,
      });
      return { application_number: application.application_number, events: page.events.map(presentHistoryEvent), next_cursor: page.nextCursor };
    },
  );

  r.get(
    '/applications/:number/correspondence',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['applications'],
        summary: "The application's papers, newest first",
        description:
          'The public file wrapper papers and those this account recorded itself (recorded_by_account). has_text says whether GET /api/correspondence/{id} can return the full text. Keyset pagination: pass next_cursor as `before`.',
        params: numberParams,
        response: { 200: paperPageSchema },
        querystring: z.object({ limit, before: z.string().max(100).optional() }),
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { application } = await accountApplicationOr404(ctx, accountId, request.params.number);
      const page = await listPapers(db, accountId, application.id, { limit: request.query.limit, before: request.query.before });
      return { application_number: application.application_number, correspondence: page.papers.map(presentPaper), next_cursor: page.nextCursor };
    },
  );
}
