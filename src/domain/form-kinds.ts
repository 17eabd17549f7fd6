/** Forms at the Form price, drafted as exports of type `form` (migrations 016 and 022 check `draft_jobs.form_kind` against this list). */
export const FORM_KINDS = [
  'extension_of_time',
  'interview_request',
  'rce_transmittal',
  'notice_of_appeal',
  'pre_appeal_request',
  'terminal_disclaimer',
  'issue_fee_transmittal',
  'client_report',
  'claim_chart',
] as const;
export type FormKind = (typeof FORM_KINDS)[number];
