import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { validationError } from '../../../errors.ts';
import { accountUpdater } from '../../../commands/account-updater.ts';
import { requestBalanceMicro } from '../../../queries/request-balance.ts';
import { presentAccount, presentBalance } from '../../../presenters/account.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** Empty or blank clears the field, like null. */
const orNull = (v: string | null | undefined) => (v === '' ? null : v);

export const accountPatchBody = z.object({
  display_name: optionalText(200),
  firm_name: optionalText(200),
  entity_size: z.enum(['large', 'small', 'micro']).optional().describe('Sets the fee figures of deadlines, the calendar feed and GET /api/fees (37 CFR 1.27 small, 1.29 micro)'),
}).strict();

/** PATCH /api/account: the account's own settings (GET /api/auth/me shows them). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().patch('/api/account', {
    config: { auth: 'account' },
    schema: {
      tags: ['account'],
      summary: "Change the account's display name, firm name or entity size",
      description: 'Fields left out are unchanged; null or an empty string clears a name. Audited (account.updated).',
      body: accountPatchBody,
    },
  }, async (request) => {
    const b = request.body;
    if (b.display_name === undefined && b.firm_name === undefined && b.entity_size === undefined) {
      throw validationError('body', 'name at least one of display_name, firm_name, entity_size');
    }
    const accountId = accountIdOf(request);
    const account = await accountUpdater(ctx.database.db, actorOf(request), { accountId, displayName: orNull(b.display_name), firmName: orNull(b.firm_name), entitySize: b.entity_size });
    return { account: presentAccount(account), credits: presentBalance(await requestBalanceMicro(ctx.database.db, request, accountId)) };
  });
}
