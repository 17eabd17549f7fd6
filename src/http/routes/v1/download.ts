import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { verifyDownloadToken } from '../../../auth/download-token.ts';
import { loadDraftDocument } from '../../../queries/draft-jobs.ts';
import { DOCX_MEDIA_TYPE } from '../../../jobs/builders.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { jobIdParams } from '../../../requests/draft-schemas.ts';
import { jobNotFound } from '../draft-submission.ts';

const POLL_AGAIN = 'Poll GET /v1/prosa/draft-roa/status/{job_id} (with your X-API-Key) for a fresh download_url, then download from it within the hour.';

function missingToken(): AppError {
  return new AppError(
    401,
    'missing_download_token',
    'This download needs the token of its signed URL (query parameter token).',
    `Use the download_url exactly as the status endpoint returned it. ${POLL_AGAIN}`,
  );
}

function expiredToken(): AppError {
  return new AppError(401, 'download_token_expired', 'The download link has expired: links are valid for one hour after they are issued.', POLL_AGAIN);
}

function invalidToken(): AppError {
  return new AppError(
    401,
    'invalid_download_token',
    'The download token is not valid (malformed, altered or not issued by Prosa).',
    `Use the download_url exactly as the status endpoint returned it. ${POLL_AGAIN}`,
  );
}

function mismatchedToken(): AppError {
  return new AppError(
    403,
    'download_token_mismatch',
    'This download token was issued for another job.',
    'Use the download_url returned by the status endpoint for this very job_id.',
  );
}

function notComplete(status: string): AppError {
  return new AppError(
    409,
    'job_not_complete',
    `The job is ${status}; only a complete job has a document to download.`,
    'Poll the status endpoint until status is complete, then use its download_url.',
  );
}

/**
 * REST #6: GET /v1/prosa/download/{job_id}?token=... The token is the authentication (no API
 * key): a JWT bound to the job and its account, valid one hour. Free; never billed.
 */
export function downloadRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/download/:job_id',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Download a drafted document (DOCX)',
        description: `Authenticated by the signed token of download_url (valid 1 hour; no X-API-Key). Answers the DOCX (${DOCX_MEDIA_TYPE}) as an attachment. Free. Retired: use the MCP server.`,
        deprecated: true,
        tags: ['retired REST v1'],
        params: jobIdParams,
        querystring: z.object({ token: z.string().max(4096).optional() }),
        response: { 401: errorObjectSchema, 403: errorObjectSchema, 404: errorObjectSchema, 409: errorObjectSchema },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      if (!token) throw missingToken();
      const check = await verifyDownloadToken(ctx.keyring, token);
      if (!check.ok) throw check.reason === 'expired' ? expiredToken() : invalidToken();
      if (check.claims.jobId !== request.params.job_id) throw mismatchedToken();
      const doc = await loadDraftDocument(ctx.database.db, check.claims.accountId, check.claims.jobId);
      if (!doc) throw jobNotFound();
      if (doc.status !== 'complete' || !doc.bytes) throw notComplete(doc.status);
      return (
        reply
          .header('Content-Type', doc.mediaType ?? DOCX_MEDIA_TYPE)
          .header('Content-Disposition', `attachment; filename="${doc.filename ?? `${check.claims.jobId}.docx`}"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          // A Buffer bypasses the JSON serializer; the error schemas above type only the JSON answers.
          .send(doc.bytes as never)
      );
    },
  );
}
