/**
 * The application file from the USPTO (issue 18 items 1-2), when PROSA_USPTO_API_KEY is set: the
 * file papers of a docket application, and the full text of the US references an analysed action
 * cites (kept in the public cache). Without the key both answer 409 uspto_connector_off and the
 * file is built from uploads.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../../errors.ts';
import { analysisEngine } from '../../../analysis/analysis-engine.ts';
import { importFromUspto } from '../../../commands/file/uspto-import.ts';
import { fetchCitedReferences } from '../../../commands/file/public-reference-fetcher.ts';
import { analysisNotFound } from '../../../commands/response-plans/common.ts';
import { findAnalysisForAccount } from '../../../queries/analyses.ts';
import { referencesOfRecord } from '../../../domain/office-action/references-of-record.ts';
import { findDocketItem } from '../../../queries/docket.ts';
import { odpClientFor } from '../../../sources/odp/shared-client.ts';
import { OdpRejectedError, OdpUnavailableError } from '../../../sources/odp/odp-errors.ts';
import { usptoRejectedKey, usptoUnavailable } from '../../../sources/odp/live-lookup.ts';
import { fetchedReferencesSchema, importBody, importResultSchema, presentFetchedReferences, presentImport } from '../../../presenters/uspto-file.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';

const connectorOff = () =>
  new AppError(
    409,
    'uspto_connector_off',
    'Prosa is not connected to the USPTO on this server (no Open Data Portal API key is set), so it cannot fetch documents.',
    'Upload the documents to the file instead (POST /api/docket/{id}/documents), or ask the operator to set PROSA_USPTO_API_KEY.',
  );

/** The ODP's failures as the lookups report them. */
async function fromUspto<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof OdpRejectedError) throw usptoRejectedKey();
    if (err instanceof OdpUnavailableError) throw usptoUnavailable();
    throw err;
  }
}

const errors = { 401: errorObjectSchema, 404: errorObjectSchema, 409: errorObjectSchema, 502: errorObjectSchema };

export function usptoFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.post(
    '/docket/:id/documents/import-uspto',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['file'],
        summary: "Fetch the application's file papers from the USPTO into the file",
        description:
          "The latest claims (CLM; they become the docket's claims), the specification and abstract as filed (SPEC, ABST) and the latest replies, from the Open Data Portal, read like uploads. Each paper's outcome is listed (added, already_held, skipped with the reason). 409 uspto_connector_off without an API key. Free; may take a minute.",
        params: z.object({ id: z.string().max(100) }),
        body: importBody,
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await findDocketItem(db, accountId, request.params.id);
      if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
      const client = odpClientFor(ctx.config);
      if (!client) throw connectorOff();
      const papers = await fromUspto(() =>
        importFromUspto(
          { db, engine: analysisEngine(), client },
          actorOf(request),
          accountId,
          item,
          request.body.kinds ?? ['claims', 'specification', 'response'],
        ),
      );
      return presentImport(item.application.application_number, papers);
    },
  );

  r.post(
    '/analyses/:id/references/fetch',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['analyses'],
        summary: 'Fetch the full text of the US references the action cites from the USPTO',
        description:
          'US patents and pre-grant publications not yet held are fetched from the Open Data Portal into the public reference cache (public records, shared by every account). Foreign documents and non-patent literature are reported to be uploaded. 409 uspto_connector_off without an API key. Free.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: fetchedReferencesSchema, ...errors },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const analysis = await findAnalysisForAccount(db, accountId, request.params.id);
      if (!analysis) throw analysisNotFound();
      const client = odpClientFor(ctx.config);
      if (!client) throw connectorOff();
      const cited = referencesOfRecord(analysis.record)
        .filter((r) => r.kind !== 'aapa' && r.kind !== 'official_notice')
        .map((r) => ({ label: r.label, short_name: r.short_name, kind: r.kind, publication: r.publication, analysis_ids: [analysis.id] }));
      const refs = await fromUspto(() => fetchCitedReferences({ db, engine: analysisEngine(), client }, accountId, cited));
      return presentFetchedReferences(analysis.id, refs);
    },
  );
}
