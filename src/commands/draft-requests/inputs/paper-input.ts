/**
 * The response builder's whole input for a draft job, as the worker assembles it before any
 * language model is asked: the stored analysis, the application's caption and what the
 * application file contributes (the claim chart, support for amendments). One function, used by
 * the worker (jobs/recipes/oa-response.ts) and by a response plan's preview, which counts the
 * places the paper will leave to the practitioner on exactly the input the paper is built from.
 */
import type { Db } from '../../../db/connect.ts';
import type { ApplicationRow, DraftJobRow } from '../../../db/schema.ts';
import type { ResponseDraftInput } from '../../../documents/types.ts';
import type { OaResponseRequest } from '../request-types.ts';
import { loadAnalysis, loadApplication } from './load.ts';
import { captionOf } from './caption.ts';
import { fileFindings } from './file-findings.ts';
import { responseInputOf } from './response-input.ts';

export type PaperSource = Pick<DraftJobRow, 'account_id' | 'analysis_id' | 'application_id'>;

export async function responsePaperInput(
  db: Db,
  source: PaperSource,
  request: OaResponseRequest,
  onFile?: () => Promise<void>,
): Promise<{ input: ResponseDraftInput; application: ApplicationRow }> {
  const analysis = await loadAnalysis(db, source);
  const application = await loadApplication(db, source);
  await onFile?.();
  const file = await fileFindings(db, source, request);
  const meta = analysis.office_action?.metadata;
  const input = {
    ...responseInputOf(
      analysis,
      request,
      captionOf(application, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value }, request.attorney_docket_number),
    ),
    ...(file ? { file } : {}),
  };
  return { input, application };
}
