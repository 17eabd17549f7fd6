/**
 * The claim chart of an analysis (issue 18 item 4), the references it cites with what the file
 * holds of them, and the support search for an amendment (item 5). Built on request from what
 * the account holds, in an analysis thread (the chart parses the action and compares every
 * passage cited).
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../../errors.ts';
import { analysisEngine } from '../../../analysis/analysis-engine.ts';
import { groundsOf } from '../../../domain/response-plan/grounds.ts';
import { findAnalysisForAccount } from '../../../queries/analyses.ts';
import { chartSources } from '../../../queries/chart-sources.ts';
import { findDocketItem } from '../../../queries/docket.ts';
import { supportSources } from '../../../queries/support-sources.ts';
import { analysisNotFound } from '../../../commands/response-plans/common.ts';
import { claimChartSchema, presentClaimChart } from '../../../presenters/claim-chart.ts';
import { citedReferencesSchema, presentCitedReferences } from '../../../presenters/cited-references.ts';
import { presentSupport, supportSearchBody, supportSearchSchema } from '../../../presenters/support-search.ts';
import { errorObjectSchema } from '../../schemas.ts';
import { accountIdOf } from '../../plugins/auth.ts';

const analysisParams = z.object({ id: z.string().max(100) });

export function claimChartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/analyses/:id/claim-chart',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['analyses'],
        summary: "The claim chart: each rejected claim's limitations beside the examiner's words and the cited passages, with flags",
        description:
          'Limitations come from the claims the docket holds (as examined by this action); pinpoints resolve against the held text of each cited reference (the application file, or the public USPTO cache). ' +
          'Flags: no_pinpoint, terms_not_in_cited_passage (with the terms, and those found nowhere in the reference), examiner_admission, unresolved_pinpoint. notes says what to add to the file for a fuller chart. Free.',
        params: analysisParams,
        response: { 200: claimChartSchema, 401: errorObjectSchema, 404: errorObjectSchema, 503: errorObjectSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const analysis = await findAnalysisForAccount(db, accountId, request.params.id, { withText: true });
      if (!analysis) throw analysisNotFound();
      const sources = await chartSources(db, accountId, analysis);
      const chart = await analysisEngine().claimChart({
        actionText: analysis.text!,
        claims: sources.claims,
        references: sources.references,
        grounds: groundsOf(analysis.record, analysis.text).map((g) => ({ id: g.id, basis: g.basis, statement: { span: g.statement.span } })),
      });
      return presentClaimChart(chart, { analysisId: analysis.id, applicationNumber: analysis.application_number, claimsSource: sources.claimsSource });
    },
  );

  r.get(
    '/analyses/:id/references',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['analyses'],
        summary: 'The references the action cites, and whether the file holds their text',
        params: analysisParams,
        response: { 200: citedReferencesSchema, 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const analysis = await findAnalysisForAccount(db, accountId, request.params.id);
      if (!analysis) throw analysisNotFound();
      const sources = await chartSources(db, accountId, analysis);
      return presentCitedReferences(analysis, sources.references);
    },
  );

  r.post(
    '/docket/:id/support-search',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['file'],
        summary: 'Where the specification supports words added to a claim, and where the cited art mentions them',
        description:
          'Searches the specification (documents of kind specification or application) for paragraphs containing the distinguishing terms of `text`, best first, and the held text of the references cited (by `analysis_id`, else every reference in the file) for a novelty pre-check. ' +
          'Literal: each paragraph lists the terms it contains and those it lacks; `citation` ("see, e.g., ¶ [0032]") names only paragraphs that contain every term. Free.',
        params: z.object({ id: z.string().max(100) }),
        body: supportSearchBody,
        response: { 200: supportSearchSchema, 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const item = await findDocketItem(db, accountId, request.params.id);
      if (!item) throw notFound('Docket entry', 'docket_entry_not_found');
      const sources = await supportSources(db, accountId, item, request.body.analysis_id ?? null);
      const result = await analysisEngine().supportSearch({ text: request.body.text, specification: sources.specification, references: sources.references });
      return presentSupport(result, sources);
    },
  );
}
