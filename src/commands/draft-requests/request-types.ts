/**
 * What a draft job's `request` column holds, per export type: everything the worker needs that
 * is not re-read from the analysis or the application, resolved and validated at submission
 * (dates defaulted, extension months and fee computed), so every attempt builds the same paper.
 */
import type {
  DrawingSheetInput,
  ExtensionPetitionInput,
  IdsInput,
  InterviewParticipant,
  InterviewRequestInput,
  InterviewType,
  IsoDate,
  Practitioner,
  PractitionerArgument,
  ResponseDraftInput,
  RestrictionElection,
} from '../../documents/types.ts';
import type { IdsTimingResult } from '../../domain/ids-timing.ts';
import type {
  ClientReportInput,
  IssueFeeTransmittalInput,
  NoticeOfAppealInput,
  PreAppealRequestInput,
  RceTransmittalInput,
  TerminalDisclaimerInput,
} from '../../documents/forms/types.ts';
import type { StrategyCode } from '../../domain/response-plan/strategies.ts';
import type { ExportType } from '../../domain/pricing.ts';

// FORM_KINDS lives in the domain (the request schemas and the quote read it too).
export type { FormKind } from '../../domain/form-kinds.ts';
import type { FormKind } from '../../domain/form-kinds.ts';

/**
 * The caption's attorney docket number resolved at submission: the request's, else the docket
 * entry's matter number (src/commands/draft-requests/paper-identity.ts). Absent: the caption
 * prints the USPTO record's number, as every job queued before it existed does.
 */
export interface DocketNumbered {
  attorney_docket_number?: string;
}

export interface OaResponseRequest extends DocketNumbered {
  application_number: string;
  analysis_id: string;
  /** `claim_<n>` → strategy code (the analysis' vocabulary); claims not named keep the analysis' recommendation. */
  strategy_selections: Record<string, StrategyCode>;
  /** Current claim text by claim number ("1" → "A method ..."). */
  claims?: Record<string, string>;
  response_date: IsoDate;
  /** Mailing date of the office action replied to. */
  office_action_date: IsoDate;
  attorney?: Practitioner;
  previously_presented?: number[];
  /** Withdrawn and cancelled claims from the docket's stored claims ("1" → "cancelled"). */
  claim_states?: Record<string, 'withdrawn' | 'cancelled'>;
  /** Where `claims` came from when the caller sent none: the docket's stored claims (issue 11). */
  claims_from?: { source: 'pasted' | 'response' | 'document'; source_job_id: string | null; updated_at: string };
  election?: RestrictionElection;
  /** Response plans: the plan submitted, and what it adds to the paper. */
  response_plan_id?: string;
  /** Claim number → the claim as amended (clean text), marked against `claims`. */
  amended_claims?: Record<string, string>;
  arguments?: PractitionerArgument[];
  drafting_notes?: string[];
  /** The caller accepts a draft that leaves grounds unanswered (REST #4 `accept_incomplete`). */
  accept_incomplete?: boolean;
  /** The completeness report computed at submission (shown in the job result). */
  completeness?: unknown;
  /** Excess claims fees for the application's entity status on the response date (37 CFR 1.16(h), (i)). */
  claim_fees?: ResponseDraftInput['claim_fees'];
}

/** The claim chart of an analysis as a document: built from the file as it stands when the job runs. */
export interface ClaimChartRequest extends DocketNumbered {
  application_number: string;
  analysis_id: string;
  date: IsoDate;
}

export interface IdsRequest extends DocketNumbered {
  application_number: string;
  ids: Omit<IdsInput, 'caption' | 'template'>;
  /** The 37 CFR 1.97 window decided from the docket at submission (src/domain/ids-timing.ts). */
  timing?: IdsTimingResult;
}

/** The petition's own fields as the builder takes them; the caption is re-read from the application. */
export type ExtensionRequest = Omit<ExtensionPetitionInput, 'caption' | 'template'> & { application_number: string } & DocketNumbered;

export interface InterviewRequestRequest extends DocketNumbered {
  application_number: string;
  analysis_id: string;
  office_action_date: IsoDate;
  strategy_selections: Record<string, StrategyCode>;
  interview_type: InterviewType;
  participants?: InterviewParticipant[];
  proposed_slots?: { date: IsoDate; time?: string }[];
  exhibit?: string;
  request_date: IsoDate;
  practitioner?: Practitioner;
  /** The deadline engine's dates for the action discussed, when it is the one pending on the docket. */
  reply_period?: InterviewRequestInput['reply_period'];
}

/**
 * The six issue-11 forms: the builder's input without the caption (re-read from the application
 * by the recipe), with fees and docket facts resolved at submission.
 */
type FormRequest<T> = Omit<T, 'caption' | 'template'> & { application_number: string } & DocketNumbered;
export type RceTransmittalRequest = FormRequest<RceTransmittalInput>;
export type NoticeOfAppealRequest = FormRequest<NoticeOfAppealInput>;
export type PreAppealRequestRequest = FormRequest<PreAppealRequestInput>;
export type TerminalDisclaimerRequest = FormRequest<TerminalDisclaimerInput>;
export type IssueFeeTransmittalRequest = FormRequest<IssueFeeTransmittalInput>;
export type ClientReportRequest = FormRequest<ClientReportInput> & { analysis_id: string };
export type MoreFormRequest =
  | RceTransmittalRequest
  | NoticeOfAppealRequest
  | PreAppealRequestRequest
  | TerminalDisclaimerRequest
  | IssueFeeTransmittalRequest
  | ClientReportRequest;

export interface DrawingRequest {
  application_number?: string;
  drawing: DrawingSheetInput;
}

/** A validated submission, ready to be charged and queued. */
export interface PreparedDraft {
  exportType: ExportType;
  formKind: FormKind | null;
  analysisId: string | null;
  applicationId: string | null;
  applicationNumber: string | null;
  request: OaResponseRequest | IdsRequest | ExtensionRequest | InterviewRequestRequest | DrawingRequest | MoreFormRequest | ClaimChartRequest;
}
