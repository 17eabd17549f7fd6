/**
 * Pre-appeal brief request for review (1296 OG 67): filed with the notice of appeal, so the same
 * docket condition (claims twice rejected); no fee; at most five pages of argument (checked by
 * words, 400 naming input.arguments). With an analysis, one section per rejection ground, the
 * supplied argument under its ground_id; without, the caller's headings.
 */
import type { Db } from '../../../db/connect.ts';
import { validationError } from '../../../errors.ts';
import type { Practitioner } from '../../../documents/types.ts';
import type { PreAppealArgument } from '../../../documents/forms/types.ts';
import { argumentWords, MAX_PAGES, PAGE_WORDS } from '../../../documents/build-pre-appeal-request.ts';
import { groundsOf } from '../../../domain/response-plan/grounds.ts';
import type { PreAppealRequestRequest, PreparedDraft } from '../request-types.ts';
import { resolveAnalysis } from '../common.ts';
import { actionRef, formContext } from './context.ts';
import { signedBy } from '../paper-identity.ts';
import { appealableRejection } from './notice-of-appeal.ts';

export interface PreAppealSubmission {
  arguments?: { ground_id?: string; heading?: string; text?: string }[];
  date?: string;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

export async function preparePreAppealRequest(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  analysisId: string | undefined,
  input: PreAppealSubmission,
): Promise<PreparedDraft> {
  const ctx = await formContext(db, accountId, memberId, applicationNumber, input);
  const rejection = appealableRejection(ctx);
  const given = input.arguments ?? [];
  let args: PreAppealArgument[];
  if (analysisId) {
    const analysis = await resolveAnalysis(db, accountId, analysisId, applicationNumber);
    const grounds = groundsOf(analysis.record as never).filter((g) => g.kind === 'rejection');
    const known = new Set(grounds.map((g) => g.id));
    given.forEach((a, i) => {
      if (a.ground_id && !known.has(a.ground_id))
        throw validationError(`input.arguments.${i}.ground_id`, `is not a rejection ground of the analysis (${[...known].join(', ') || 'none'})`);
    });
    args = grounds.map((g) => ({ heading: g.title, text: given.find((a) => a.ground_id === g.id)?.text }));
    args.push(...given.filter((a) => !a.ground_id && a.heading).map((a) => ({ heading: a.heading!, text: a.text })));
  } else {
    given.forEach((a, i) => {
      if (!a.heading?.trim()) throw validationError(`input.arguments.${i}.heading`, 'is required without an analysis_id (name the rejection argued)');
    });
    args = given.map((a) => ({ heading: a.heading!, text: a.text }));
  }
  if (args.length === 0) throw validationError('input.arguments', 'give at least one rejection to argue, or an analysis_id whose rejections are listed');
  const words = argumentWords(args);
  if (words > MAX_PAGES * PAGE_WORDS)
    throw validationError(
      'input.arguments',
      `run to ${words} words; a pre-appeal brief request allows at most ${MAX_PAGES} pages (about ${MAX_PAGES * PAGE_WORDS} words)`,
    );
  const request: PreAppealRequestRequest = {
    application_number: ctx.app.application_number,
    office_action: actionRef(rejection),
    arguments: args,
    entity_size: ctx.entity,
    date: ctx.date,
    ...signedBy(ctx.identity),
  };
  return {
    exportType: 'form',
    formKind: 'pre_appeal_request',
    analysisId: analysisId ?? null,
    applicationId: ctx.app.id,
    applicationNumber: ctx.app.application_number,
    request,
  };
}
