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
import { accountIdOf, memberIdOf } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/role-guard.ts';
import { actorOf } from '../../actor.ts';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** Empty or blank clears the field, like null. */
const orNull = (v: string | null | undefined) => (v === '' ? null : v);

const accountPatchBody = z
  .object({
    display_name: optionalText(200),
    firm_name: optionalText(200),
    entity_size: z
      .enum(['large', 'small', 'micro'])
      .optional()
      .describe('The default entity status of fees (37 CFR 1.27 small, 1.29 micro) for applications whose docket entry and USPTO record say nothing'),
    practitioner: practitionerProfileInput
      .nullable()
      .optional()
      .describe(
        "Your own practitioner profile (the signed-in member's): it signs every paper and form you submit whose request names no signer; replaced whole; null clears it. Needs a role that signs (owner, practitioner)",
      ),
    watch_analyze: z
      .boolean()
      .optional()
      .describe(
        'Analyze every new office action the USPTO watch records on this docket (billed as any analysis, within the daily spending cap); default false',
      ),
  })
  .strict();

/** PATCH /api/account: the account's own settings (GET /api/auth/me shows them). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/account',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['account'],
        summary: "Change the firm's display name, firm name, default entity size or watch analysis opt-in, or your own practitioner profile",
        description:
          'Fields left out are unchanged; null or an empty string clears a name; practitioner replaces the whole profile of the signed-in member (null removes it): each member signs the papers they submit with their own, and one without a profile signs nothing (the papers keep placeholders for the name and registration number). Setting a practitioner profile needs a role that signs (403 forbidden_role otherwise). Audited (account.updated).',
        body: accountPatchBody,
        response: { 200: meSchema, 400: errorObjectSchema, 401: errorObjectSchema, 403: errorObjectSchema },
      },
    },
    async (request) => {
      const b = request.body;
      if (
        b.display_name === undefined &&
        b.firm_name === undefined &&
        b.entity_size === undefined &&
        b.practitioner === undefined &&
        b.watch_analyze === undefined
      ) {
        throw validationError('body', 'name at least one of display_name, firm_name, entity_size, practitioner, watch_analyze');
      }
      // A profile signs papers: only a role that signs keeps one (paralegals prepare, practitioners sign).
      if (b.practitioner !== undefined) requirePermission(request, 'sign');
      const accountId = accountIdOf(request);
      const { account, memberProfile } = await accountUpdater(ctx.database.db, actorOf(request), {
        accountId,
        displayName: orNull(b.display_name),
        firmName: orNull(b.firm_name),
        entitySize: b.entity_size,
        practitioner: b.practitioner === undefined ? undefined : b.practitioner && withoutNulls(b.practitioner),
        watchAnalyze: b.watch_analyze,
      });
      // This process's keys and grants of the member carry the old profile: forgotten before answering (other
      // processes hear of it through migration 033's trigger).
      if (b.practitioner !== undefined) {
        request.server.credentialCache.forgetMember(memberIdOf(request));
        request.server.grantCache.forgetMember(memberIdOf(request));
      }
      return { account: presentAccount(account, memberProfile), credits: presentBalance(await requestBalanceMicro(ctx.database.db, request, accountId)) };
    },
  );
}

/** An optional field sent as null is simply absent from the profile (as one sent as ""). */
function withoutNulls<T extends Record<string, string | null | undefined>>(p: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null)) as { [K in keyof T]: Exclude<T[K], null> };
}
