/**
 * The claim chart document: the chart of the analysis against the file as it stands now (the
 * claims of record as examined, the references' held texts), laid out by the builder.
 */
import { analysisEngine } from '../../analysis/analysis-engine.ts';
import { groundsOf } from '../../domain/response-plan/grounds.ts';
import { chartSources } from '../../queries/chart-sources.ts';
import { presentClaimChart } from '../../presenters/claim-chart.ts';
import { PermanentJobError } from '../../commands/draft-requests/job-errors.ts';
import { captionOf } from '../../commands/draft-requests/inputs/caption.ts';
import { paperKindOf, statedMailingDate, type StoredAnalysis } from '../../commands/draft-requests/inputs/analysis.ts';
import type { ClaimChartRequest } from '../../commands/draft-requests/request-types.ts';
import { loadApplication } from '../../commands/draft-requests/inputs/load.ts';
import { docxName, type Recipe } from './types.ts';
import { unpackJson } from '../../db/packed-json.ts';

export const claimChartRecipe: Recipe = async ({ db, job, builders, step }) => {
  const request = job.request as unknown as ClaimChartRequest;
  await step(10, 'Loading the analysis and the application file');
  const row = await db
    .selectFrom('analyses')
    .select(['id', 'application_number', 'record', 'text'])
    .where('id', '=', request.analysis_id)
    .where('account_id', '=', job.account_id)
    .executeTakeFirst();
  const analysis = row && { ...row, record: unpackJson(row.record) };
  if (!analysis) throw new PermanentJobError('The analysis this chart was requested from no longer exists.');
  const application = await loadApplication(db, job);
  const sources = await chartSources(db, job.account_id, analysis);
  await step(40, "Resolving the examiner's pinpoints in the references");
  const chart = await analysisEngine().claimChart({
    actionText: analysis.text,
    claims: sources.claims,
    references: sources.references,
    grounds: groundsOf(analysis.record as never, analysis.text).map((g) => ({ id: g.id, basis: g.basis, statement: { span: g.statement.span } })),
  });
  const wire = presentClaimChart(chart, { analysisId: analysis.id, applicationNumber: analysis.application_number, claimsSource: sources.claimsSource });
  await step(70, 'Laying out the chart');
  const record = analysis.record as unknown as StoredAnalysis;
  const meta = record.office_action?.metadata;
  const document = await builders.claim_chart({
    caption: captionOf(application, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value }, request.attorney_docket_number),
    office_action: { kind: paperKindOf(record), mailing_date: statedMailingDate(record) },
    date: request.date,
    claims: wire.claims,
    notes: wire.notes,
    summary: wire.summary,
  });
  await step(90, 'Assembling the document');
  return { document, filename: docxName('Claim-Chart', application.application_number, request.date) };
};
