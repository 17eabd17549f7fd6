/**
 * The document builders a draft job can run, by kind. The worker takes them as a parameter so a
 * test can swap one (for instance a builder that throws, to exercise failure and refund).
 */
import { buildResponseToOfficeAction } from '../documents/build-response.ts';
import { buildIds } from '../documents/build-ids.ts';
import { buildExtensionPetition } from '../documents/build-extension-petition.ts';
import { buildInterviewRequest } from '../documents/build-interview-request.ts';
import { buildDrawingSheet } from '../documents/build-drawing-sheet.ts';
import { buildRceTransmittal } from '../documents/build-rce-transmittal.ts';
import { buildNoticeOfAppeal } from '../documents/build-notice-of-appeal.ts';
import { buildPreAppealRequest } from '../documents/build-pre-appeal-request.ts';
import { buildTerminalDisclaimer } from '../documents/build-terminal-disclaimer.ts';
import { buildIssueFeeTransmittal } from '../documents/build-issue-fee-transmittal.ts';
import { buildClientReport } from '../documents/build-client-report.ts';
import { buildClaimChart, type ClaimChartDocumentInput } from '../documents/build-claim-chart.ts';
import type { DrawingSheetInput, ExtensionPetitionInput, IdsInput, InterviewRequestInput, ResponseDraftInput } from '../documents/types.ts';
import type {
  ClientReportInput,
  IssueFeeTransmittalInput,
  NoticeOfAppealInput,
  PreAppealRequestInput,
  RceTransmittalInput,
  TerminalDisclaimerInput,
} from '../documents/forms/types.ts';

export interface Builders {
  oa_response(input: ResponseDraftInput): Promise<Buffer>;
  ids(input: IdsInput): Promise<Buffer>;
  extension_of_time(input: ExtensionPetitionInput): Promise<Buffer>;
  interview_request(input: InterviewRequestInput): Promise<Buffer>;
  drawing(input: DrawingSheetInput): Promise<Buffer>;
  rce_transmittal(input: RceTransmittalInput): Promise<Buffer>;
  notice_of_appeal(input: NoticeOfAppealInput): Promise<Buffer>;
  pre_appeal_request(input: PreAppealRequestInput): Promise<Buffer>;
  terminal_disclaimer(input: TerminalDisclaimerInput): Promise<Buffer>;
  issue_fee_transmittal(input: IssueFeeTransmittalInput): Promise<Buffer>;
  client_report(input: ClientReportInput): Promise<Buffer>;
  claim_chart(input: ClaimChartDocumentInput): Promise<Buffer>;
}

export const DEFAULT_BUILDERS: Builders = {
  oa_response: buildResponseToOfficeAction,
  ids: buildIds,
  extension_of_time: buildExtensionPetition,
  interview_request: buildInterviewRequest,
  drawing: buildDrawingSheet,
  rce_transmittal: buildRceTransmittal,
  notice_of_appeal: buildNoticeOfAppeal,
  pre_appeal_request: buildPreAppealRequest,
  terminal_disclaimer: buildTerminalDisclaimer,
  issue_fee_transmittal: buildIssueFeeTransmittal,
  client_report: buildClientReport,
  claim_chart: buildClaimChart,
};

export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
