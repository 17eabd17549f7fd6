import type { AppContext } from './context.ts';
import { issueDownloadToken } from '../auth/download-token.ts';
import type { DownloadLink } from '../presenters/draft-job.ts';

/**
 * A fresh signed download URL for a complete job (REST #6): absolute, under `base` (publicBase:
 * BASE_URL, or the request's own scheme, host and port),
 * valid one hour. Issued anew on every status poll, so an expired link is replaced by polling.
 */
export async function downloadLinkFor(
  ctx: AppContext,
  base: string,
  job: { id: string; account_id: string; status: string },
): Promise<DownloadLink | undefined> {
  if (job.status !== 'complete') return undefined;
  const { token, expiresAt } = await issueDownloadToken(ctx.keyring, job.id, job.account_id);
  return { url: `${base}/v1/prosa/download/${encodeURIComponent(job.id)}?token=${token}`, expiresAt };
}
