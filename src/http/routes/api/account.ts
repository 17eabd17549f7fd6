import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { validationError } from '../../../errors.ts';
import { accountUpdater } from '../../../commands/account-updater.ts';
import { requestBalanceMicro } from '../../../queries/request-balance.ts';
import { meSchema, presentAccount, presentBalance } from '../../../presenters/account.ts';
import { practitionerProfileInput } from '../../../presenters/practitioner.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** Empty or blank clears the field, like null. */
const orNull = (v: string | null | undefined) => (v === '' ? null : v);

export const accountPatchBody = z.object({
  display_name: optionalText(200),
  firm_name: optionalText(200),
  entity_size: z.enum(['large', 'small', 'micro']).optional().describe('The default entity status of fees (37 CFR 1.27 small, 1.29 micro) for applications whose docket entry and USPTO record say nothing'),
  practitioner: practitionerProfileInput.nullable().optional().describe('The profile that signs every paper and form whose request names no signer; replaced whole; null clears it'),
  watch_analyze: z.boolean().optional().describe('Analyze every new office action the USPTO watch records on this docket (billed as any analysis, within the daily spending cap); default false'),
}).strict();

/** PATCH /api/account: the account's own settings (GET /api/auth/me shows them). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().patch('/api/account', {
    config: { auth: 'account' },
    schema: {
      tags: ['account'],
      summary: "Change the account's display name, firm name, default entity size, practitioner profile or watch analysis opt-in",
      description: 'Fields left out are unchanged; null or an empty string clears a name; practitioner replaces the whole profile (null removes it). Audited (account.updated).',
      body: accountPatchBody,
      response: { 200: meSchema, 400: errorObjectSchema, 401: errorObjectSchema },
    },
  }, async (request) => {
    const b = request.body;
    if (b.display_name === undefined && b.firm_name === undefined && b.entity_size === undefined && b.practitioner === undefined && b.watch_analyze === undefined) {
      throw validationError('body', 'name at least one of display_name, firm_name, entity_size, practitioner, watch_analyze');
    }
    const accountId = accountIdOf(request);
    const account = await accountUpdater(ctx.database.db, actorOf(request), {
      accountId,
      displayName: orNull(b.display_name),
      firmName: orNull(b.firm_name),
      entitySize: b.entity_size,
      practitioner: b.practitioner === undefined ? undefined : b.practitioner && withoutNulls(b.practitioner),
      watchAnalyze: b.watch_analyze,
    });
    return { account: presentAccount(account), credits: presentBalance(await requestBalanceMicro(ctx.database.db, request, accountId)) };
  });
}

/** An optional field sent as null is simply absent from the profile (as one sent as ""). */
function withoutNulls<T extends Record<string, string | null | undefined>>(p: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null)) as { [K in keyof T]: Exclude<T[K], null> };
}
