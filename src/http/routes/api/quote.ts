import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, validationError } from '../../../errors.ts';
import { MAX_OFFICE_ACTION_BYTES } from '../../../commands/analysis-creator.ts';
import { quote } from '../../../queries/quote.ts';
import { presentQuote, quoteSchema } from '../../../presenters/quote.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { accountEntitySize } from '../../../queries/accounts.ts';
import { applicationEntity } from '../../../queries/entity-size.ts';
import { accountApplicationOr404 } from '../../account-application.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import { usptoFeesQuoted } from '../../../presenters/form-fees.ts';
import { todayUtc } from '../../../clock.ts';
import { quoteBody } from '../../../requests/quote-body.ts';

/** POST /api/quote: the price of a planned analysis, draft or exports, before running them. Free. */
export function quoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/quote',
    {
      // A price changes nothing: every role may ask it (a viewer's forms page shows prices).
      config: { auth: 'account', permission: 'read' },
      // JSON escaping can make a 1 MB text several times larger: the text itself is checked for 1 MB.
      bodyLimit: 4 * MAX_OFFICE_ACTION_BYTES,
      schema: {
        tags: ['credits'],
        summary: 'Price a planned analysis, draft or export before running it (free)',
        description:
          "Line items and total as decimal credit strings with the account's model multiplier. An analysis is billed on tokens: input counted exactly with the billing tokenizer, output estimated from a dry run (estimated: true). Drafts and exports are fixed prices. Nothing is billed.",
        body: quoteBody,
        response: { 200: quoteSchema },
      },
    },
    async (request) => {
      const b = request.body;
      if (!b.analyze && !b.draft && !b.exports?.length) throw validationError('body', 'name at least one of analyze, draft (true) or exports');
      if (b.analyze && Buffer.byteLength(b.analyze.office_action_text, 'utf8') > MAX_OFFICE_ACTION_BYTES) {
        throw new AppError(
          413,
          'payload_too_large',
          'office_action_text is larger than 1 MB.',
          'Send the office action text alone (without attachments such as cited references), at most 1 MB.',
        );
      }
      const q = await quote(ctx.database.db, accountIdOf(request), {
        analyze: b.analyze && { text: b.analyze.office_action_text, officeActionType: b.analyze.office_action_type },
        draft: b.draft,
        exports: b.exports,
      });
      const notes = [
        ...(b.analyze
          ? [
              'The analysis output is an estimate: examiner statistics (include_examiner_intel) add a little, and the actual charge is the tokens of the record delivered.',
            ]
          : []),
        ...(b.analyze && ctx.config.llm
          ? ['The optional language-model expert is on: its own tokens, as its provider reports them, are added to an analysis and are not in this estimate.']
          : []),
        'A quote reserves nothing; prices are those of GET /api/pricing.',
      ];
      const { entity, whose } = await quotedEntity(ctx, accountIdOf(request), b.application_number);
      const fees = usptoFeesQuoted(b.exports ?? [], entity, todayUtc());
      if (fees.length)
        notes.push(
          `uspto_fees are the USPTO's own fees the papers carry for ${whose} (${entity}) as of today, paid to the USPTO, not in credits; an RCE after the first, or an extension of time, costs more.`,
        );
      return presentQuote(q, notes, fees);
    },
  );
}

const SOURCE_WORDS = { request: 'as requested', docket: 'from its docket entry', uspto: 'from the USPTO record', account: "your account's default" } as const;

/** The entity status the quoted fees are for: the application's when one is named, else the account's. */
async function quotedEntity(ctx: AppContext, accountId: string, applicationNumber: string | undefined): Promise<{ entity: EntitySize; whose: string }> {
  if (!applicationNumber) return { entity: await accountEntitySize(ctx.database.db, accountId), whose: 'your entity size' };
  const { application } = await accountApplicationOr404(ctx, accountId, applicationNumber);
  const d = await applicationEntity(ctx.database.db, accountId, application.id);
  return { entity: d.entity_size, whose: `the entity status of application ${application.application_number}, ${SOURCE_WORDS[d.source]}` };
}
