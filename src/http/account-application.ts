import type { AppContext } from './context.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { normalizeApplicationNumber } from '../domain/application-number.ts';
import { publicApplicationOrFetch } from '../sources/odp/live-lookup.ts';
import { findApplicationForAccount } from '../queries/applications.ts';
import { findDocketEntryId } from '../queries/docket.ts';
import { appNotFound } from './routes/v1/lookup.ts';

export interface AccountApplication {
  application: ApplicationRow;
  /** The account's docket entry for this application, if it follows it. */
  docketEntryId: string | null;
}

/**
 * The application a number names, as an account sees it: its own private (unpublished) record
 * first, else the public record (fetched from the USPTO on a miss when the live connector is on,
 * as REST #1 does). Another account's private record is never found: 404 app_not_found.
 */
export async function accountApplicationOr404(ctx: AppContext, accountId: string, raw: string): Promise<AccountApplication> {
  const number = normalizeApplicationNumber(raw);
  const { db } = ctx.database;
  const application = number ? ((await findApplicationForAccount(db, accountId, number)) ?? (await publicApplicationOrFetch(ctx, number))) : undefined;
  if (!application) throw appNotFound(raw);
  return { application, docketEntryId: await findDocketEntryId(db, accountId, application.id) };
}
