import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound, validationError } from '../../../errors.ts';
import { findDocketItem } from '../../../queries/docket.ts';
import { findApplicationClaims } from '../../../queries/application-claims.ts';
import { applicationClaimsRecorder } from '../../../commands/application-claims-recorder.ts';
import { checkClaimSet, claimsFromEntries, ClaimSetError, parseClaimListing, type ClaimEntry } from '../../../domain/claims/claim-set.ts';
import { applicationClaimsSchema, presentApplicationClaims } from '../../../presenters/application-claims.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { claimsBody } from '../../../requests/claims-body.ts';

const params = z.object({ id: z.string().max(100) });

/**
 * The claims of a docket application (issue 11, "carry claims forward"): read them, or paste them.
 * A response drafted without claim text starts its listing from them and marks its amendments
 * against them (37 CFR 1.121(c)); a response Prosa drafts stores the claims as it amends them.
 */
export function claimsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  const entryOf = async (accountId: string, entryId: string) => {
    const item = await findDocketItem(db, accountId, entryId);
    if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
    return item;
  };

  r.get(
    '/docket/:id/claims',
    {
      config: { auth: 'account' },
      schema: { tags: ['docket'], summary: "The application's current claims as the docket holds them", params, response: { 200: applicationClaimsSchema } },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await entryOf(accountId, request.params.id);
      return presentApplicationClaims(item.entry.id, item.application.application_number, await findApplicationClaims(db, accountId, item.application.id));
    },
  );

  r.put(
    '/docket/:id/claims',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['docket'],
        summary: "Paste the application's current claims",
        description:
          'Replaces the claims the docket holds for the application. Give either `text` (a pasted listing) or `claims` (one by one). The next response drafted without claim text starts its listing from them. 400 validation_error names the claim at fault.',
        params,
        body: claimsBody,
        response: { 200: applicationClaimsSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await entryOf(accountId, request.params.id);
      const body = request.body;
      if ((body.text === undefined) === (body.claims === undefined))
        throw validationError('text', 'give either text (a pasted claim listing) or claims (one by one), not both or neither');
      let claims: ClaimEntry[];
      let warnings: string[] = [];
      try {
        if (body.text !== undefined) ({ claims, warnings } = parseClaimListing(body.text));
        else claims = claimsFromEntries(body.claims!);
        for (const n of body.previously_presented ?? []) {
          const c = claims.find((x) => x.number === n);
          if (!c) throw new ClaimSetError('previously_presented', `claim ${n} is not in the listing`);
          c.previously_presented = true;
        }
        checkClaimSet(claims, body.text !== undefined ? 'text' : 'claims');
      } catch (err) {
        if (err instanceof ClaimSetError) throw validationError(err.field, err.problem);
        throw err;
      }
      await applicationClaimsRecorder(db, actorOf(request), { accountId, applicationId: item.application.id, docketEntryId: item.entry.id, claims });
      return presentApplicationClaims(
        item.entry.id,
        item.application.application_number,
        await findApplicationClaims(db, accountId, item.application.id),
        warnings,
      );
    },
  );
}
