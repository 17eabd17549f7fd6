/** REST #4's submission, checked and resolved before it is charged. */
import type { Db } from '../../db/connect.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Practitioner, PractitionerArgument, RestrictionElection } from '../../documents/types.ts';
import { outlineResponse } from '../../documents/response-outline.ts';
import { paperKindOf, statedMailingDate } from './inputs/analysis.ts';
import { captionOf } from './inputs/caption.ts';
import { responseInputOf } from './inputs/response-input.ts';
import { pendingAction } from '../../queries/application-deadlines.ts';
import { claimsOfRecord, findApplicationClaims, type StoredClaims } from '../../queries/application-claims.ts';
import { claimTexts } from '../../domain/claims/claim-set.ts';
import { actionKindForDocumentCode } from '../../sources/uspto-codes.ts';
import type { OaResponseRequest, PreparedDraft } from './request-types.ts';
import { chartDefaults } from './chart-defaults.ts';
import { paperIdentityAndEntity } from './paper-identity.ts';
import { feeLine } from './forms/context.ts';
import { requireElection } from './election.ts';
import { checkStrategySelections, requireCaption, resolveAnalysis, resolveApplication, resolveMailingDate, todayUtc } from './common.ts';

export interface OaResponseSubmission {
  application_number: string;
  analysis_id: string;
  strategy_selections?: Record<string, string> | null;
  claims?: Record<string, string>;
  response_date?: string;
  office_action_date?: string;
  attorney?: Practitioner;
  /** The caption's attorney docket number for this paper (default: the docket entry's matter number). */
  attorney_docket_number?: string;
  previously_presented?: number[];
  election?: RestrictionElection;
  /** Response plans only (not part of REST #4's body): see OaResponseRequest. */
  response_plan_id?: string;
  amended_claims?: Record<string, string>;
  arguments?: PractitionerArgument[];
  drafting_notes?: string[];
  /** Draft even when the paper leaves grounds unanswered (page 1 then says so). */
  accept_incomplete?: boolean;
  /** Draft even when the analysed paper is not the application's pending action. */
  confirm_kind_mismatch?: boolean;
}

const KIND_WORDS: Readonly<Record<string, string>> = {
  non_final: 'a non-final rejection',
  final: 'a final rejection',
  restriction: 'a restriction requirement',
  requirement_for_information: 'a requirement for information',
  quayle: 'an Ex parte Quayle action',
  notice_of_allowance: 'a Notice of Allowance',
};

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

/** The request's claim fields from the docket's stored claims. */
function carriedForward(
  stored: StoredClaims,
  previously: readonly number[] | undefined,
): Pick<OaResponseRequest, 'claims' | 'previously_presented' | 'claim_states' | 'claims_from'> {
  const texts = claimTexts(stored.claims);
  const states = Object.fromEntries(stored.claims.filter((c) => c.status !== 'pending').map((c) => [String(c.number), c.status as 'withdrawn' | 'cancelled']));
  const presented = [...new Set([...(previously ?? []), ...stored.claims.filter((c) => c.previously_presented).map((c) => c.number)])].sort((a, b) => a - b);
  return {
    ...(Object.keys(texts).length ? { claims: texts } : {}),
    ...(presented.length ? { previously_presented: presented } : {}),
    ...(Object.keys(states).length ? { claim_states: states } : {}),
    claims_from: { source: stored.source, source_job_id: stored.source_job_id, updated_at: stored.updated_at.toISOString() },
  };
}

/** Page 1 says where the listing's text came from, so the practitioner checks it against the file. */
function carriedForwardNote(stored: StoredClaims & { redraft: boolean }): string {
  const when = stored.updated_at.toISOString().slice(0, 10);
  const from = stored.redraft
    ? `the claims as they stood before the response Prosa drafted on ${when} for this same action${stored.source_job_id ? ` (job ${stored.source_job_id})` : ''}`
    : stored.source === 'response'
      ? `the claims as amended by the response Prosa drafted on ${when}${stored.source_job_id ? ` (job ${stored.source_job_id})` : ''}`
      : stored.source === 'document'
        ? `the claims of the document added to the application's file on ${when}`
        : `the claims pasted into the docket on ${when}`;
  return `The claim listing starts from ${from}: check them against the claims of record (including any examiner's amendment or later paper) before filing.`;
}

export async function prepareOaResponse(db: Db, accountId: string, memberId: string, body: OaResponseSubmission): Promise<PreparedDraft> {
  const analysis = await resolveAnalysis(db, accountId, body.analysis_id, body.application_number);
  const strategy = checkStrategySelections(body.strategy_selections, analysis.record);
  const claims = checkClaimsText(body.claims);
  const application = await resolveApplication(db, accountId, body.application_number);
  const meta = analysis.record.office_action?.metadata;
  requireCaption(application, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value });
  const kind = paperKindOf(analysis.record);
  if (kind === 'notice_of_allowance') {
    const cancelled = analysis.record.claim_analyses.filter((c) => c.status === 'cancelled').map((c) => c.claim_number);
    throw new AppError(
      422,
      'no_reply_to_allowance',
      `The analysis ${analysis.id} is of a Notice of Allowance, which takes no reply: pay the issue fee within three months of its mailing (not extendable, 35 U.S.C. 151; 37 CFR 1.311(a)); comments on the statement of reasons for allowance are optional (37 CFR 1.104(e)).` +
        (cancelled.length
          ? ` The examiner's amendment cancels claims ${cancelled.join(', ')}: to keep that subject matter, file a continuation or divisional before the patent issues (35 U.S.C. 120).`
          : ''),
      'Nothing was charged. For the issue-fee transmittal (PTOL-85B content) and comments on the reasons for allowance, request the issue_fee_transmittal form through POST /api/exports.',
    );
  }
  if (kind === 'restriction') requireElection(body.election, analysis.record.restriction_groups ?? [], body.response_plan_id ? 'plan' : 'draft');
  const pending = body.confirm_kind_mismatch ? null : await pendingAction(db, application.id, { accountId });
  if (pending) {
    const pendingKind = actionKindForDocumentCode(pending.correspondence.document_code);
    if (pendingKind && pendingKind !== kind) {
      throw new AppError(
        409,
        'analysis_kind_mismatch',
        `The analysis ${analysis.id} is of ${KIND_WORDS[kind] ?? kind}, but the action awaiting a reply in application ${application.application_number} is ${KIND_WORDS[pendingKind] ?? pendingKind} (${pending.correspondence.document_code} mailed ${pending.correspondence.mailing_date}).`,
        'Analyse the pending action and draft from that analysis; or, if the record is behind, resend with confirm_kind_mismatch: true. Nothing was charged.',
      );
    }
  }
  // Claims carried forward (issue 11): with no claim text in the request, the listing starts from
  // the claims the docket holds (the last Prosa response's listing as amended, or pasted claims).
  const officeActionDate = await resolveMailingDate(
    db,
    accountId,
    body.office_action_date,
    analysis.record,
    application.id,
    statedMailingDate(analysis.record),
    pending?.correspondence,
  );
  const stored = claims ? undefined : claimsOfRecord(await findApplicationClaims(db, accountId, application.id), analysis.id, officeActionDate);
  // Who signs (the request's attorney over the submitting member's own profile) and the firm's docket number.
  // Excess claims fees (37 CFR 1.16(h), (i)) are at the application's entity status (read with the identity).
  const { identity, entity } = await paperIdentityAndEntity(db, accountId, memberId, application.id, {
    practitioner: body.attorney,
    attorney_docket_number: body.attorney_docket_number,
  });
  const responseDate = body.response_date ?? todayUtc();
  const request: OaResponseRequest = {
    application_number: application.application_number,
    analysis_id: analysis.id,
    strategy_selections: strategy,
    response_date: responseDate,
    claim_fees: {
      entity_size: entity,
      independent: feeLine('excess_independent_claims', entity, responseDate),
      total: feeLine('excess_claims', entity, responseDate),
    },
    office_action_date: officeActionDate,
    ...(claims ? { claims } : {}),
    ...(identity.practitioner ? { attorney: identity.practitioner } : {}),
    ...(identity.attorney_docket_number ? { attorney_docket_number: identity.attorney_docket_number } : {}),
    ...(body.previously_presented ? { previously_presented: body.previously_presented } : {}),
    ...(stored ? carriedForward(stored, body.previously_presented) : {}),
    ...(body.election ? { election: body.election } : {}),
    ...(body.response_plan_id ? { response_plan_id: body.response_plan_id } : {}),
    ...(body.amended_claims && Object.keys(body.amended_claims).length ? { amended_claims: checkClaimsText(body.amended_claims) } : {}),
    ...(body.arguments?.length ? { arguments: body.arguments } : {}),
    ...(body.drafting_notes?.length || stored ? { drafting_notes: [...(stored ? [carriedForwardNote(stored)] : []), ...(body.drafting_notes ?? [])] } : {}),
    ...(body.accept_incomplete ? { accept_incomplete: true } : {}),
  };
  // With the claims and the cited reference held, claims the art plainly lacks are argued (issue 18).
  if (!body.response_plan_id) {
    const fromChart = await chartDefaults(db, accountId, analysis, request);
    if (fromChart.note) {
      request.strategy_selections = { ...request.strategy_selections, ...fromChart.selections };
      request.drafting_notes = [...(request.drafting_notes ?? []), fromChart.note];
    }
  }
  // The paper this request would produce: its choices must all be carried out, and it must answer
  // every ground of the action unless the caller accepts an incomplete draft (37 CFR 1.111(b)).
  const outline = outlineResponse(
    responseInputOf(
      analysis.record,
      request,
      captionOf(application, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value }, request.attorney_docket_number),
    ),
  );
  if (outline.problems.length) {
    throw new AppError(
      422,
      'strategy_not_applicable',
      `These choices cannot be carried out: ${outline.problems.join('; ')}.`,
      'Change the strategy_selections (or election) named, then retry; nothing was charged.',
    );
  }
  if (!outline.completeness.complete && !body.accept_incomplete) {
    throw new AppError(
      422,
      'response_incomplete',
      `The draft would not answer every ground of the Office Action (37 CFR 1.111(b)): ${outline.completeness.missing.map((m) => m.message).join(' ')}`,
      'Select a strategy that answers each ground named (strategy_selections), or resend with accept_incomplete: true to draft it anyway with a note on its first page; nothing was charged.',
    );
  }
  request.completeness = outline.completeness;
  return {
    exportType: 'oa_response',
    formKind: null,
    analysisId: analysis.id,
    applicationId: application.id,
    applicationNumber: application.application_number,
    request,
  };
}
