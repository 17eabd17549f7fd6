import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../../errors.ts';
import { officeActionRecorder } from '../../../commands/office-action-recorder.ts';
import { MAX_OFFICE_ACTION_BYTES } from '../../../commands/analysis-creator.ts';
import { findPaper } from '../../../queries/correspondence.ts';
import { findDocketItem } from '../../../queries/docket.ts';
import { pendingAction } from '../../../queries/application-deadlines.ts';
import { applicationEntity } from '../../../queries/entity-size.ts';
import { paperWithTextSchema, presentPaper, presentPaperWithText } from '../../../presenters/correspondence.ts';
import { presentAccountDeadlines } from '../../../presenters/account-application.ts';
import { recordedOfficeActionSchema, type RecordedOfficeActionWire } from '../../../presenters/recorded-office-action.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { todayUtc } from '../../../clock.ts';
import { recordOfficeActionBody } from '../../../requests/office-action-body.ts';

/** One paper, and recording a just-mailed office action on a docket application. */
export function correspondenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/correspondence/:id',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['applications'],
        summary: 'One paper, with its full text when stored',
        description:
          "A public paper of a public application or of the account's own private one, or a paper the account recorded itself; anything else is 404 correspondence_not_found.",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: paperWithTextSchema },
      },
    },
    async (request) => {
      const found = await findPaper(db, accountIdOf(request), request.params.id);
      if (!found)
        throw notFound(
          'Correspondence',
          'correspondence_not_found',
          'Take the id from GET /api/applications/{number}/correspondence (or critical_deadline_correspondence_id of a lookup record).',
        );
      return presentPaperWithText(found.paper, found.applicationNumber);
    },
  );

  r.post(
    '/docket/:id/office-actions',
    {
      config: { auth: 'account' },
      // JSON escaping can make a 1 MB text several times larger: the text itself is checked for 1 MB.
      bodyLimit: 4 * MAX_OFFICE_ACTION_BYTES,
      schema: {
        tags: ['docket'],
        summary: 'Record a just-mailed office action on a docket application',
        description:
          "Its deadlines go live at once for this account (docket, deadlines, calendar feed, application views), also for unpublished applications. The paper is private to the account: another account and the public REST endpoints never see it. 201 with the paper and the application's deadlines; the same paper again (same code, mailing date and text) answers 200 with the paper already recorded; 409 office_action_already_recorded for the same code and mailing date with another text.",
        params: z.object({ id: z.string().max(100) }),
        body: recordOfficeActionBody,
        response: {
          200: recordedOfficeActionSchema.describe('The same paper was recorded before: nothing new stored'),
          201: recordedOfficeActionSchema.describe('Recorded'),
        },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const today = todayUtc();
      const b = request.body;
      const { paper, created } = await officeActionRecorder(db, actorOf(request), {
        accountId,
        entryId: request.params.id,
        documentCode: b.kind,
        mailingDate: b.mailing_date,
        text: b.text,
        ocrConfidence: b.ocr_confidence,
        periodMonths: b.period_months,
        description: b.description,
        today,
      });
      const item = await findDocketItem(db, accountId, request.params.id);
      if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
      const entity = await applicationEntity(db, accountId, item.application.id);
      const pending = await pendingAction(db, item.application.id, { accountId, entity: entity.entity_size, today });
      return reply.status(created ? 201 : 200).send({
        // The text is not echoed back (it may be 1 MB): GET /api/correspondence/{id} returns it.
        correspondence: presentPaper({ ...withoutText(paper), has_text: paper.full_text !== null }),
        ...presentAccountDeadlines(item.application, item.entry.id, entity, today, pending),
      } satisfies RecordedOfficeActionWire);
    },
  );
}

function withoutText<T extends { full_text: unknown }>(row: T): Omit<T, 'full_text'> {
  const { full_text: _text, ...rest } = row;
  return rest;
}
