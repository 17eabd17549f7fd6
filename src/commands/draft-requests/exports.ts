/**
 * The other billed exports (POST /api/exports): IDS, forms (petition for extension of time,
 * interview request) and drawing sheets, checked and resolved before they are charged.
 */
import type { Db } from '../../db/connect.ts';
import { AppError, validationError } from '../../errors.ts';
import type { DrawingSheetInput, IdsInput, InterviewParticipant, InterviewType, PaperKind, Practitioner } from '../../documents/types.ts';
import type { EntitySize } from '../../domain/deadlines/fees.ts';
import { pendingAction } from '../../queries/application-deadlines.ts';
import { idsTimingFor } from '../../queries/ids-docket.ts';
import { applicationEntity } from '../../queries/entity-size.ts';
import { paperIdentity, signedBy } from './paper-identity.ts';
import { idsClaimProblem } from '../../domain/ids-timing.ts';
import { actionKindForDocumentCode } from '../../sources/uspto-codes.ts';
import { statedMailingDate } from './inputs/analysis.ts';
import type { DrawingRequest, ExtensionRequest, IdsRequest, InterviewRequestRequest, PreparedDraft } from './request-types.ts';
import { checkStrategySelections, requireCaption, resolveAnalysis, resolveApplication, resolveMailingDate, todayUtc } from './common.ts';

export type IdsSubmission = Omit<IdsInput, 'caption' | 'template' | 'date' | 'timing' | 'fee_1_17_p' | 'timing_basis'> & {
  date?: string;
  timing?: IdsInput['timing'];
  attorney_docket_number?: string;
};

/**
 * An IDS: its window under 37 CFR 1.97 comes from the docket (src/domain/ids-timing.ts). A stated
 * timing, statement or fee that does not fit the window is refused (422, nothing charged); without
 * a stated timing the paper takes the docket's window with the statement given and the 1.17(p)
 * fee authorized where the window calls for it, at the amount for the application's entity status.
 */
export async function prepareIds(db: Db, accountId: string, memberId: string, applicationNumber: string, input: IdsSubmission): Promise<PreparedDraft> {
  const app = await resolveApplication(db, accountId, applicationNumber);
  requireCaption(app);
  const listed =
    (input.us_patents?.length ?? 0) +
    (input.us_publications?.length ?? 0) +
    (input.foreign_documents?.length ?? 0) +
    (input.non_patent_literature?.length ?? 0);
  if (listed === 0)
    throw validationError('input', 'an IDS must list at least one document (us_patents, us_publications, foreign_documents or non_patent_literature)');
  const date = input.date ?? todayUtc();
  const timing = await idsTimingFor(db, app, accountId, date);
  if (!timing)
    throw new AppError(
      422,
      'application_record_incomplete',
      `The record of application ${app.application_number} has no filing date, which the IDS timing of 37 CFR 1.97(b) counts from.`,
      'Add the filing date to the docket entry, then retry; nothing was charged.',
    );
  const problem = idsClaimProblem(timing, input);
  if (problem) {
    const after = timing.window === 'after_issue_fee';
    throw new AppError(
      422,
      after ? 'ids_after_issue_fee' : 'ids_timing_mismatch',
      `${problem.field}: ${problem.message}`,
      after
        ? 'An IDS cannot be considered after the issue fee is paid; consider QPIDS or a petition to withdraw from issue with an RCE. Nothing was charged.'
        : `Check GET /api/applications/${app.application_number}/ids-timing, then send the timing it gives (or omit input.timing) with what it requires; nothing was charged.`,
    );
  }
  const window = timing.window as IdsInput['timing'];
  // (c): the statement or the fee (the fee when no statement is made); (d): both.
  const payFee = window === '1.97(d)' || (window === '1.97(c)' && (input.pay_fee_1_17_p ?? !input.statement));
  const { attorney_docket_number, ...given } = input;
  const { attorney_docket_number: docketNumber, ...signer } = await paperIdentity(db, accountId, memberId, app.id, input);
  const ids: IdsRequest['ids'] = {
    ...given,
    ...signer,
    timing: window,
    date,
    ...(window === '1.97(c)' && !payFee ? {} : { pay_fee_1_17_p: payFee }),
    ...(payFee && timing.fee ? { fee_1_17_p: { amount: timing.fee.amount, entity_size: timing.fee.entity_size, verified: timing.fee.verified } } : {}),
    timing_basis: timing.explanation,
  };
  const request: IdsRequest = { application_number: app.application_number, ids, timing, ...(docketNumber ? { attorney_docket_number: docketNumber } : {}) };
  return { exportType: 'ids', formKind: null, analysisId: null, applicationId: app.id, applicationNumber: app.application_number, request };
}

export interface ExtensionSubmission {
  /** Months of extension; by default the fewest that make petition_date timely. */
  months?: number;
  entity_size?: EntitySize;
  petition_date?: string;
  deposit_account?: string;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

const KIND_BY_ACTION: Readonly<Record<string, PaperKind>> = {
  non_final: 'non_final',
  final: 'final',
  restriction: 'restriction',
  quayle: 'quayle',
  notice_of_allowance: 'notice_of_allowance',
};

function noExtension(code: string, message: string, suggestion: string): AppError {
  return new AppError(409, code, message, suggestion);
}

/**
 * Petition for extension of time: the months, the extended period and the fee come from the
 * deadline engine for the application's pending office action (its extensions[].due_effective
 * and .fee), on the petition date and for the entity size.
 */
export async function prepareExtension(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  input: ExtensionSubmission,
): Promise<PreparedDraft> {
  const app = await resolveApplication(db, accountId, applicationNumber);
  requireCaption(app);
  const entity = (await applicationEntity(db, accountId, app.id, input.entity_size)).entity_size;
  const petitionDate = input.petition_date ?? todayUtc();
  const pending = await pendingAction(db, app.id, { entity, today: petitionDate, accountId });
  if (!pending) {
    throw noExtension(
      'no_pending_action',
      `Application ${app.application_number} has no office action awaiting a reply, so there is no period to extend.`,
      "Check the application's deadlines (GET /v1/prosa/deadlines/{application_number}); nothing was charged.",
    );
  }
  const { result, correspondence } = pending;
  if (!result.extendable || result.extensions.length === 0) {
    throw noExtension(
      'period_not_extendable',
      `The period for reply to the ${correspondence.document_code} of ${correspondence.mailing_date} cannot be extended under 37 CFR 1.136(a).`,
      'File the reply within the period set; nothing was charged.',
    );
  }
  let ext = result.extensions.find((e) => e.months === input.months);
  if (input.months !== undefined && !ext) {
    throw validationError('input.months', `must be one of ${result.extensions.map((e) => e.months).join(', ')} for this action`);
  }
  if (!ext) {
    if (petitionDate <= result.response_deadline) {
      throw noExtension(
        'extension_not_needed',
        `A reply filed on ${petitionDate} is within the period set, which ends ${result.response_deadline}; no extension is needed.`,
        'Send input.months to petition for a specific extension anyway, or give the petition_date you plan to file on; nothing was charged.',
      );
    }
    ext = result.extensions.find((e) => e.due_effective >= petitionDate);
    if (!ext) {
      throw noExtension(
        'reply_period_expired',
        `The last day to reply with an extension was ${result.critical_deadline_date}; ${petitionDate} is too late for a petition under 37 CFR 1.136(a).`,
        'Consider a petition to revive under 37 CFR 1.137; nothing was charged.',
      );
    }
  }
  const kind = KIND_BY_ACTION[actionKindForDocumentCode(correspondence.document_code) ?? ''] ?? 'non_final';
  const request: ExtensionRequest = {
    application_number: app.application_number,
    office_action: { kind, mailing_date: correspondence.mailing_date },
    months: ext.months,
    entity_size: entity,
    // The petition states the nominal dates; the rolled dates (35 U.S.C. 21(b)) go in a note.
    period: { reply_due: result.ssp_due, extended_due: ext.due, reply_due_effective: result.response_deadline, extended_due_effective: ext.due_effective },
    petition_date: petitionDate,
    ...(ext.fee ? { fee_amount: ext.fee[entity] } : {}),
    ...(await paperIdentity(db, accountId, memberId, app.id, input)),
  };
  return { exportType: 'form', formKind: 'extension_of_time', analysisId: null, applicationId: app.id, applicationNumber: app.application_number, request };
}

export interface InterviewSubmission {
  interview_type: InterviewType;
  strategy_selections?: Record<string, string> | null;
  participants?: InterviewParticipant[];
  proposed_slots?: { date: string; time?: string }[];
  exhibit?: string;
  request_date?: string;
  office_action_date?: string;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

/** Interview request: its agenda comes from the analysis (analysis_id), like a response's remarks. */
export async function prepareInterview(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  analysisId: string | undefined,
  input: InterviewSubmission,
): Promise<PreparedDraft> {
  if (!analysisId) throw validationError('analysis_id', 'is required for an interview request: its agenda comes from the analysis of the office action');
  const analysis = await resolveAnalysis(db, accountId, analysisId, applicationNumber);
  const strategy = checkStrategySelections(input.strategy_selections, analysis.record);
  const app = await resolveApplication(db, accountId, applicationNumber);
  const meta = analysis.record.office_action?.metadata;
  requireCaption(app, { examiner_name: meta?.examiner?.normalized, art_unit: meta?.art_unit?.value });
  const officeActionDate = await resolveMailingDate(db, accountId, input.office_action_date, analysis.record, app.id, statedMailingDate(analysis.record));
  // The period the interview does not extend: the deadline engine's, for the action pending on the docket.
  const pending = await pendingAction(db, app.id, { accountId });
  const period =
    pending && pending.correspondence.mailing_date === officeActionDate
      ? { reply_due: pending.result.response_deadline, last_day: pending.result.critical_deadline_date }
      : null;
  const request: InterviewRequestRequest = {
    application_number: app.application_number,
    analysis_id: analysis.id,
    office_action_date: officeActionDate,
    strategy_selections: strategy,
    interview_type: input.interview_type,
    request_date: input.request_date ?? todayUtc(),
    ...(input.participants ? { participants: input.participants } : {}),
    ...(input.proposed_slots ? { proposed_slots: input.proposed_slots } : {}),
    ...(input.exhibit ? { exhibit: input.exhibit } : {}),
    ...(period ? { reply_period: period } : {}),
    // No fee: the signer and the docket number only.
    ...signedBy(await paperIdentity(db, accountId, memberId, app.id, input)),
  };
  return {
    exportType: 'form',
    formKind: 'interview_request',
    analysisId: analysis.id,
    applicationId: app.id,
    applicationNumber: app.application_number,
    request,
  };
}

export type DrawingSubmission = Omit<DrawingSheetInput, 'title'> & { title?: string };

/** A drawing sheet: the title (and identifying indicia) default from the application, when one is named. */
export async function prepareDrawing(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string | undefined,
  input: DrawingSubmission,
): Promise<PreparedDraft> {
  const app = applicationNumber ? await resolveApplication(db, accountId, applicationNumber) : null;
  // The sheet's identifying indicia (37 CFR 1.84(c)) carry the firm's matter number, as the papers' captions do.
  const docketNumber =
    input.attorney_docket_number ??
    (app ? ((await paperIdentity(db, accountId, memberId, app.id, {})).attorney_docket_number ?? app.attorney_docket_number) : null);
  const title = input.title ?? app?.invention_title;
  if (!title?.trim()) throw validationError('input.title', 'is required when no application_number is given');
  if (input.nodes.length === 0) throw validationError('input.nodes', 'must have at least one node');
  const ids = new Set(input.nodes.map((n) => n.id));
  for (const [i, e] of input.edges.entries()) {
    if (!ids.has(e.from) || !ids.has(e.to))
      throw validationError(`input.edges.${i}`, `connects a node that is not in input.nodes (${!ids.has(e.from) ? e.from : e.to})`);
  }
  const drawing: DrawingSheetInput = {
    ...input,
    title,
    ...(app ? { application_number: input.application_number ?? app.application_number } : {}),
    ...(app?.first_inventor_name && !input.first_named_inventor ? { first_named_inventor: app.first_inventor_name } : {}),
    ...(docketNumber ? { attorney_docket_number: docketNumber } : {}),
  };
  const request: DrawingRequest = { ...(app ? { application_number: app.application_number } : {}), drawing };
  return {
    exportType: 'drawing',
    formKind: null,
    analysisId: null,
    applicationId: app?.id ?? null,
    applicationNumber: app?.application_number ?? null,
    request,
  };
}
