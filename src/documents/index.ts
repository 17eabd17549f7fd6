/** Document builders (issue 6): pure functions from typed inputs to .docx buffers. */
export { buildResponseToOfficeAction } from './build-response.ts';
export { buildIds } from './build-ids.ts';
export { buildExtensionPetition, petitionFee } from './build-extension-petition.ts';
export { buildInterviewRequest } from './build-interview-request.ts';
export { buildDrawingSheet, DRAWING_MARGINS } from './build-drawing-sheet.ts';
export { planAmendments, type AmendmentPlan, type PlannedClaim, type StatusIdentifier } from './amendment-plan.ts';
export { diffWords, markClaimAmendment, type MarkedRun } from '../domain/claims/claim-amendments.ts';
export { interviewSuggestion, MEANINGFUL_INTERVIEW_LIFT } from './remarks/interview.ts';
export { DocumentInputError } from './validate.ts';
export { TemplateError } from './docx/template.ts';
export * from './types.ts';
