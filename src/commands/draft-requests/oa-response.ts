/** REST #4's submission, checked and resolved before it is charged. */
import type { Db } from '../../db/connect.ts';
import { validationError } from '../../errors.ts';
import type { Practitioner, PractitionerArgument, RestrictionElection } from '../../documents/types.ts';
import { statedMailingDate } from '../../jobs/inputs/analysis.ts';
import type { OaResponseRequest, PreparedDraft } from '../../jobs/requests.ts';
import { checkStrategySelections, requireCaption, resolveAnalysis, resolveApplication, resolveMailingDate, todayUtc } from './common.ts';

export interface OaResponseSubmission {
  application_number: string;
  analysis_id: string;
  strategy_selections?: Record<string, string> | null;
  claims?: Record<string, string>;
  response_date?: string;
  office_action_date?: string;
  attorney?: Practitioner;
  previously_presented?: number[];
  election?: RestrictionElection;
  /** Response plans only (not part of REST #4's body): see OaResponseRequest. */
  response_plan_id?: string;
  amended_claims?: Record<string, string>;
  arguments?: PractitionerArgument[];
  drafting_notes?: string[];
}

const CLAIM_NUMBER = /^(?:claim_)?([1-9]\d{0,3})$/;

/** `claims`: current text by claim number; keys `1` (or `claim_1`). */
function checkClaimsText(claims: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!claims) return undefined;
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(claims)) {
    const m = CLAIM_NUMBER.exec(key);
    if (!m) throw validationError(`claims.${key}`, 'keys must be claim numbers, e.g. "1"');
    if (!text.trim()) throw validationError(`claims.${key}`, 'must not be empty');
    out[m[1]] = text;
  }
  return out;
}

export async function prepareOaResponse(db: Db, accountId: string, body: OaResponseSubmission): Promise<PreparedDraft> {
  const analysis = await resolveAnalysis(db, accountId, body.analysis_id, body.application_number);
  const strategy = checkStrategySelections(body.strategy_selections, analysis.record);
  const claims = checkClaimsText(body.claims);
  const application = await resolveApplication(db, accountId, body.application_number);
  const meta = analysis.record.office_action?.metadata;
  requireCaption(application, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value });
  const request: OaResponseRequest = {
    application_number: application.application_number,
    analysis_id: analysis.id,
    strategy_selections: strategy,
    response_date: body.response_date ?? todayUtc(),
    office_action_date: await resolveMailingDate(db, accountId, body.office_action_date, analysis.record, application.id, statedMailingDate(analysis.record)),
    ...(claims ? { claims } : {}),
    ...(body.attorney ? { attorney: body.attorney } : {}),
    ...(body.previously_presented ? { previously_presented: body.previously_presented } : {}),
    ...(body.election ? { election: body.election } : {}),
    ...(body.response_plan_id ? { response_plan_id: body.response_plan_id } : {}),
    ...(body.amended_claims && Object.keys(body.amended_claims).length ? { amended_claims: checkClaimsText(body.amended_claims) } : {}),
    ...(body.arguments?.length ? { arguments: body.arguments } : {}),
    ...(body.drafting_notes?.length ? { drafting_notes: body.drafting_notes } : {}),
  };
  return { exportType: 'oa_response', formKind: null, analysisId: analysis.id, applicationId: application.id, applicationNumber: application.application_number, request };
}
