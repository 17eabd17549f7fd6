/**
 * The document builders a draft job can run, by kind. The worker takes them as a parameter so a
 * test can swap one (for instance a builder that throws, to exercise failure and refund).
 */
import { buildResponseToOfficeAction } from '../documents/build-response.ts';
import { buildIds } from '../documents/build-ids.ts';
import { buildExtensionPetition } from '../documents/build-extension-petition.ts';
import { buildInterviewRequest } from '../documents/build-interview-request.ts';
import { buildDrawingSheet } from '../documents/build-drawing-sheet.ts';
import type { DrawingSheetInput, ExtensionPetitionInput, IdsInput, InterviewRequestInput, ResponseDraftInput } from '../documents/types.ts';

export interface Builders {
  oa_response(input: ResponseDraftInput): Promise<Buffer>;
  ids(input: IdsInput): Promise<Buffer>;
  extension_of_time(input: ExtensionPetitionInput): Promise<Buffer>;
  interview_request(input: InterviewRequestInput): Promise<Buffer>;
  drawing(input: DrawingSheetInput): Promise<Buffer>;
}

export const DEFAULT_BUILDERS: Builders = {
  oa_response: buildResponseToOfficeAction,
  ids: buildIds,
  extension_of_time: buildExtensionPetition,
  interview_request: buildInterviewRequest,
  drawing: buildDrawingSheet,
};

export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
