// The live connector as the lookup routes use it: the database first; on a miss, and only when
// PROSA_USPTO_API_KEY is set, the USPTO Open Data Portal (shared/reference/uspto-data.md §1).
// Without the key nothing leaves the process.
import type { AppContext } from '../../http/context.ts';
import type { ApplicationRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findPublicApplication } from '../../queries/applications.ts';
import { applicationDeadlineFields } from '../../queries/application-deadlines.ts';
import { findPublicApplicationWithDeadlines, type PublicApplicationWithDeadlines } from '../../queries/public-lookup.ts';
import { OdpRejectedError, OdpUnavailableError } from './odp-client.ts';
import { fetchAndStoreApplication } from './odp-fetcher.ts';
import { odpClientFor } from './shared-client.ts';

export { setOdpClient } from './shared-client.ts';

/** The public application for a normalized number, fetched from the ODP on a miss when a key is set. */
export async function publicApplicationOrFetch(ctx: AppContext, number: string): Promise<ApplicationRow | undefined> {
  const stored = await findPublicApplication(ctx.database.db, number);
  const client = odpClientFor(ctx.config);
  if (stored || !client) return stored;
  return fetchOrExplain(ctx, client, number);
}

/** publicApplicationOrFetch with the deadline fields (REST #1): one statement for a stored record. */
export async function publicApplicationWithDeadlinesOrFetch(ctx: AppContext, number: string): Promise<PublicApplicationWithDeadlines | undefined> {
  const stored = await findPublicApplicationWithDeadlines(ctx.database.db, number);
  const client = odpClientFor(ctx.config);
  if (stored || !client) return stored;
  const fetched = await fetchOrExplain(ctx, client, number);
  return fetched && { application: fetched, deadlines: await applicationDeadlineFields(ctx.database.db, fetched.id) };
}

async function fetchOrExplain(ctx: AppContext, client: NonNullable<ReturnType<typeof odpClientFor>>, number: string): Promise<ApplicationRow | undefined> {
  try {
    return (await fetchAndStoreApplication(ctx.database.db, client, number)) ?? undefined;
  } catch (err) {
    if (err instanceof OdpRejectedError) throw usptoRejectedKey();
    if (err instanceof OdpUnavailableError) throw usptoUnavailable();
    throw err;
  }
}

export function usptoUnavailable(): AppError {
  return new AppError(
    502,
    'uspto_unavailable',
    'The application is not in the Prosa database and the USPTO Open Data Portal did not answer, so it could not be fetched.',
    'Retry in a minute. If the USPTO stays unavailable, the record may be added to the docket manually in the Prosa web app or through the MCP server.',
  );
}

export function usptoRejectedKey(): AppError {
  return new AppError(
    502,
    'uspto_rejected_key',
    "The application is not in the Prosa database and the USPTO Open Data Portal rejected this server's API key, so it could not be fetched.",
    'This is a server configuration problem: ask the Prosa operator to check PROSA_USPTO_API_KEY (a valid key from "My ODP" at data.uspto.gov). Meanwhile the record may be added to the docket manually.',
  );
}
