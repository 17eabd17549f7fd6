import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are written as Date (or defaulted by the database) and read back as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Calendar dates travel as 'YYYY-MM-DD' strings in both directions (no time zone drift). */
type CalendarDate = string;
/** int8 columns are read as bigint (see db/connect.ts type parsers). */
type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;
/** bigserial ids: generated on insert, read as bigint. */
type Serial8 = ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;

export interface AccountsTable {
  id: string;
  email: string;
  /** Lower-cased, trimmed e-mail: the unique key (sign-in is case-insensitive). */
  email_normalized: string;
  /** argon2id PHC string; null for accounts that only use third-party sign-in. */
  password_hash: string | null;
  display_name: string | null;
  /** The practitioner's firm, shown on the account (migration 009). */
  firm_name: string | null;
  /** Entity size used for fee figures: large | small | micro. */
  entity_size: Generated<string>;
  /** Model multiplier in thousandths (1000 = 1.0) applied to token prices. */
  model_multiplier_milli: Generated<number>;
  /**
   * The firm-wide practitioner profile of migration 023. Since migration 033 each member signs with
   * their own (members.practitioner; the founding owner's was copied from here): kept, never read for signing.
   */
  practitioner: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** New papers the USPTO watch records on the account's docket are analyzed (billed) (migration 025). */
  watch_analyze: Generated<boolean>;
  created_at: Timestamp;
}

/** Third-party sign-in identities (migration 013): one per (ID token `iss`, `sub`). */
export interface OidcIdentitiesTable {
  id: string;
  account_id: string;
  /** The member this identity signs in (migration 032). */
  member_id: string;
  /** Which configured provider it came through: google | microsoft. */
  provider: string;
  /** The ID token's `iss` (for Entra multi-tenant: the tenant's issuer, `tid` filled in). */
  issuer: string;
  subject: string;
  /** The address the provider gave when the identity was linked (shown in settings only). */
  email: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** Third-party authorization requests in flight (migration 013), single use, ten minutes. */
export interface OidcLoginStatesTable {
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  next_path: string;
  /** Set when a signed-in user links an identity from Settings rather than signing in. */
  link_account_id: string | null;
  /** The member linking (migration 032). */
  link_member_id?: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the raw token never reaches the database. */
  token_hash: string;
  account_id: string;
  /** The member signed in (migration 032); the firm is `account_id`. */
  member_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** The member the key acts as, with that member's role (migration 032). */
  member_id: string;
  name: string;
  /** First characters of the key, shown in lists so users can tell keys apart. */
  display_prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface CreditBalancesTable {
  account_id: string;
  balance_micro: Int8;
  updated_at: Timestamp;
  /** Migration 036: bumped by every change a ledger page of GET /api/credits shows (ledger-page-cache.ts). */
  page_version: ColumnType<bigint, never, bigint | number | string>;
}

export interface CreditLedgerTable {
  id: Serial8;
  /** The member who acted (migration 032); null on older rows = the firm's founding owner. */
  member_id: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: string;
  /** Signed amount in micro-credits: credits are positive, charges negative. */
  amount_micro: Int8;
  balance_after_micro: Int8;
  kind: string;
  description: string;
  /** What the entry is for: an analysis id, a job id, a package id... */
  reference: string | null;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Serial8;
  /** The member who acted (migration 032); null on older rows = the firm's founding owner. */
  member_id: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: string | null;
  /** How the actor authenticated: session, api_key, bearer, cli, system. */
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  request_id: string | null;
  created_at: Timestamp;
}

export interface UsageHourlyTable {
  account_id: string;
  /** Start of the UTC hour the requests fall in. */
  hour: Timestamp;
  requests: number;
}

export interface ApplicationsTable {
  id: string;
  /** Normalized 8-digit number (series code + serial), e.g. 17200011. */
  application_number: string;
  /** Null for public records; the owning account for an unpublished application it added. */
  owner_account_id: string | null;
  invention_title: string;
  /** Prosa's state: pending | allowed | patented | abandoned. */
  status: string;
  status_code: number | null;
  status_description: string | null;
  status_date: CalendarDate | null;
  filing_date: CalendarDate | null;
  examiner_name: string | null;
  /** PatEx's stable examiner key (uspto-data.md §2); ODP has none. */
  examiner_id: string | null;
  art_unit: string | null;
  confirmation_number: string | null;
  attorney_docket_number: string | null;
  first_inventor_name: string | null;
  first_applicant_name: string | null;
  entity_status: string | null;
  application_type: string | null;
  patent_number: string | null;
  grant_date: CalendarDate | null;
  earliest_publication_number: string | null;
  /** Where the record came from: demo | odp | patex | user. */
  source: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CorrespondenceTable {
  id: string;
  application_id: string;
  /** USPTO document code (CTNF, CTFR, CTRS, CTEQ, NOA, ...). */
  document_code: string;
  description: string | null;
  mailing_date: CalendarDate;
  /** INCOMING | OUTGOING | INTERNAL. */
  direction: string | null;
  /** USPTO document identifier when imported; unique per application. */
  document_identifier: string | null;
  /** Shortened statutory period the paper itself states, in months, when known. */
  period_months: number | null;
  full_text: string | null;
  source: string;
  /**
   * Null: the public record (USPTO data, demo seed). Otherwise the account that recorded the paper
   * itself (POST /api/docket/{id}/office-actions): visible to that account alone (migration 009).
   */
  owner_account_id: string | null;
  /** text | ocr: the paper's text as recorded, or read by OCR from a scan (migration 031). */
  text_source: Generated<string>;
  /** OCR: mean word confidence 0-100; null otherwise. */
  ocr_confidence: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** The docket's outbox (migration 024): what happened, for e-mail alerts and webhooks. */
export interface DocketEventsTable {
  id: ColumnType<string, never, never>;
  account_id: string;
  kind: string;
  application_id: string | null;
  subject_type: string;
  subject_id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: ColumnType<Date, never, never>;
}

/** The USPTO watch's state per watched application (migration 025). */
export interface WatchStateTable {
  application_id: string;
  last_checked_at: Date | null;
  last_status: string | null;
  last_error: string | null;
  failures: Generated<number>;
  next_check_after: Date | null;
  cursor_date: CalendarDate | null;
}

/** An outgoing paper the USPTO watch handled, once per application and document identifier (migration 025). */
export interface WatchPapersTable {
  application_id: string;
  document_identifier: string;
  correspondence_id: string;
  document_code: string;
  mailing_date: CalendarDate;
  announced: boolean;
  /** held | none | skipped */
  text_status: string;
  text_note: string | null;
  recorded_at: Generated<Date>;
}

/** One pass of the USPTO watch and its figures (migration 025). */
export interface WatchRunsTable {
  id: Serial8;
  trigger: string;
  run_date: CalendarDate;
  started_at: Generated<Date>;
  finished_at: Date | null;
  applications_due: Generated<number>;
  applications_checked: Generated<number>;
  requests_made: Generated<number>;
  papers_recorded: Generated<number>;
  papers_announced: Generated<number>;
  events_written: Generated<number>;
  analyses_created: Generated<number>;
  stopped_reason: string | null;
  error: string | null;
}

/** Migration 026: one person's mail preferences (person = an account today; a firm member later). */
export interface NotificationPreferencesTable {
  person_id: string;
  reminders_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  remind_response: ColumnType<boolean, boolean | undefined, boolean>;
  remind_issue_fee: ColumnType<boolean, boolean | undefined, boolean>;
  remind_maintenance: ColumnType<boolean, boolean | undefined, boolean>;
  remind_briefs: ColumnType<boolean, boolean | undefined, boolean>;
  remind_priority: ColumnType<boolean, boolean | undefined, boolean>;
  /** Days before the due date (jsonb array of integers). */
  offsets: ColumnType<number[], string | undefined, string>;
  digest: ColumnType<'none' | 'daily' | 'weekly', 'none' | 'daily' | 'weekly' | undefined, 'none' | 'daily' | 'weekly'>;
  new_paper_alerts: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 034: mine = the entries the member is responsible for (owners: and unassigned ones); firm = the whole docket. */
  scope: ColumnType<'mine' | 'firm', 'mine' | 'firm' | undefined, 'mine' | 'firm'>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 026: the sent-log; the row is the claim (inserted before the mail is sent). */
export interface NotificationDeliveriesTable {
  id: ColumnType<string, never, never>;
  person_id: string;
  kind: 'reminder' | 'alert' | 'digest';
  deadline_key: string | null;
  offset_days: number | null;
  docket_event_id: string | null;
  digest_period: string | null;
  status: 'sending' | 'sent' | 'failed' | 'superseded';
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  pass_date: string;
  created_at: ColumnType<Date, never, never>;
  sent_at: Date | null;
}

export interface NotificationUnsubscribeTokensTable {
  token_hash: string;
  person_id: string;
  list: 'reminders' | 'digest' | 'alerts';
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** An account's webhook endpoint (migration 027). */
export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  description: Generated<string>;
  event_kinds: ColumnType<string[], string, string>;
  enabled: Generated<boolean>;
  /** The whsec_ secret, encrypted (src/webhooks/secret-box.ts). */
  secret_ciphertext: string;
  after_event_id: ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One event's delivery to one endpoint, with its attempts (migration 027). */
export interface WebhookDeliveriesTable {
  id: Serial8;
  endpoint_id: string;
  account_id: string;
  docket_event_id: ColumnType<bigint | null, bigint | number | string | null | undefined, bigint | number | string | null>;
  event_kind: string;
  payload: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_status_code: number | null;
  last_error: string | null;
  last_response_ms: number | null;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface ProsecutionEventsTable {
  id: Serial8;
  application_id: string;
  event_code: string;
  description: string | null;
  event_date: CalendarDate;
}

export interface DocketEntriesTable {
  id: string;
  account_id: string;
  application_id: string;
  client_matter: string | null;
  notes: string | null;
  /** The application's entity status as the firm records it (migration 023): large | small | micro, null when not set. */
  entity_size: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 034: the firm's member (owner or practitioner) responsible for the matter; null = not assigned. */
  responsible_member_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 035: every deadline date of the entry's pending action (its sort key by next deadline; YYYY-MM-DD). */
  upcoming_deadlines: ColumnType<string[], string[] | undefined, string[]>;
  /** Migration 035: the earliest of upcoming_deadlines on or after the day it was taken; 'infinity' when none (sorts last). */
  next_deadline_key: ColumnType<string, string | undefined, string>;
  /** Migration 035: set by triggers when an input of the deadline engine changed; the key awaits recomputation. */
  deadlines_stale: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 039: an account's docket entries per application status, kept by triggers (0 rows possible). */
export interface DocketStatusCountsTable {
  account_id: string;
  status: string;
  entries: number;
}

/** A docket import's preview (migration 028): the rows it would add, committed at most once. */
export interface DocketImportsTable {
  id: string;
  account_id: string;
  source: 'csv' | 'customer_number';
  /** The file's name, or the customer number. */
  label: string | null;
  content_sha256: string;
  /** The rows to add: DocketImportAddRow[] (src/commands/docket-import-previewer.ts). */
  rows: ColumnType<unknown, string, string>;
  counts: ColumnType<Record<string, number>, string, string>;
  created_at: Timestamp;
  committed_at: NullableTimestamp;
  added_count: number | null;
}

/** An account's private iCalendar feed (at most one; rotating replaces the hash). */
export interface CalendarFeedsTable {
  account_id: string;
  /** SHA-256 of the token in the feed URL; the token itself is shown once and never stored. */
  token_hash: string;
  created_at: Timestamp;
}

export interface ProsaMetaTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** PatEx event_codes.csv: descriptions for imported transaction codes. */
export interface UsptoEventCodesTable {
  code: string;
  description: string;
}

/** One office action's rejection-basis flags (ODP OA Rejections API), by application number. */
export interface OfficeActionRejectionsTable {
  application_number: string;
  /** The USPTO document identifier, or document code + date when the record has none. */
  action_key: string;
  document_code: string | null;
  mailing_date: CalendarDate | null;
  art_unit: string | null;
  rej_101: boolean;
  rej_102: boolean;
  rej_103: boolean;
  rej_112: boolean;
  rej_dp: boolean;
  source: string;
  updated_at: Timestamp;
}

/** Bases found by an account's own office-action analyses; private to that account. */
export interface AnalysisRejectionBasesTable {
  id: Serial8;
  account_id: string;
  /** Application number or id + mailing date: re-recording an action replaces its bases. */
  action_key: string;
  application_id: string | null;
  application_number: string | null;
  examiner_name: string;
  name_last: string;
  name_first: string;
  name_middle: string;
  basis: string;
  mailing_date: CalendarDate | null;
  created_at: Timestamp;
}

/** What one public application contributes to its examiner's statistics (docs/examiner-profile.md). */
export interface ExaminerAppFactsTable {
  application_id: string;
  examiner_key: string;
  name_last: string;
  name_first: string;
  name_middle: string;
  examiner_id: string | null;
  examiner_name: string;
  art_unit: string;
  /** allowed | abandoned | pending | excluded (pre-examination abandonment). */
  outcome: string;
  disposal_date: CalendarDate | null;
  /** Year of disposal_date; 0 when not disposed. */
  disposal_year: number;
  actions_to_allowance: number;
  /** RCEs filed before allowance (migration 017). */
  rces_to_allowance: number;
  /** An APPLICANT-initiated interview on or before the decision (migration 017; examiner-outcome.ts). */
  has_interview: boolean;
  filing_date: CalendarDate | null;
  rej_actions: number;
  rej_101: number;
  rej_102: number;
  rej_103: number;
  rej_112: number;
  rej_dp: number;
}

/** Sums of examiner_app_facts per (examiner variant, art unit, disposal year). */
export interface ExaminerStatsTable {
  examiner_key: string;
  art_unit: string;
  disposal_year: number;
  name_last: string;
  name_first: string;
  name_middle: string;
  examiner_id: string | null;
  examiner_name: string;
  allowed: number;
  abandoned: number;
  /** Disposed applications with an applicant-initiated interview before the decision (migration 017). */
  allowed_interview: number;
  abandoned_interview: number;
  actions_sum: number;
  /** RCEs before allowance, summed over allowed applications (migration 017). */
  rces_sum: number;
  pending: number;
  excluded: number;
  rej_actions: number;
  rej_101: number;
  rej_102: number;
  rej_103: number;
  rej_112: number;
  rej_dp: number;
  first_disposal: CalendarDate | null;
  last_disposal: CalendarDate | null;
  last_filing: CalendarDate | null;
  refreshed_at: Timestamp;
}

/** Work list of the incremental examiner-statistics refresh (filled by triggers). */
export interface ExaminerStatsDirtyTable {
  application_id: string;
}

export interface ExaminerStatsDirtyKeysTable {
  examiner_key: string;
}

export interface AnalysesTable {
  /** Opaque id handed to callers as analysis_id (an_ + 24 base62). */
  id: string;
  /** The member who acted (migration 032); null on older rows = the firm's founding owner. */
  member_id: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: string;
  /** The application the analysis was linked to (public or the account's private record), if known. */
  application_id: string | null;
  application_number: string;
  /** The interface type code the analysis reports (CTNF, CTFR, CTED, CTRS). */
  office_action_type: string;
  /** The office-action text as received, so evidence spans stay verifiable. */
  text: string;
  text_sha256: string;
  /** The analysis record as served (spec "Analysis record"), its JSON text packed (db/packed-json.ts, migration 042). */
  record: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  input_tokens: number;
  output_tokens: number;
  /** tokenizer (counted locally) or provider (reported by the LLM provider). */
  token_source: string;
  cost_micro: Int8;
  idempotency_key: string | null;
  /** SHA-256 of the request's meaningful fields: a reused Idempotency-Key must match it. */
  request_fingerprint: string;
  created_at: Timestamp;
}

/** Nullable timestamps (set when a job starts or finishes). */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Nullable int8 references (ledger entry ids). */
type NullableInt8 = ColumnType<bigint | null, bigint | number | string | null | undefined, bigint | number | string | null>;

/** A billed document export and its state machine (src/commands/draft-job-transitions.ts; migration 007). */
export interface DraftJobsTable {
  /** Opaque id handed to callers as job_id (job_ + 24 base62). */
  id: string;
  /** The member who acted (migration 032); null on older rows = the firm's founding owner. */
  member_id: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: string;
  /** oa_response | ids | form | drawing (the price list's export types). */
  export_type: string;
  /** Forms only: extension_of_time | interview_request. */
  form_kind: string | null;
  analysis_id: string | null;
  application_id: string | null;
  application_number: string | null;
  /** The validated request the worker builds the document from. */
  request: ColumnType<Record<string, unknown>, string, string>;
  request_fingerprint: string;
  idempotency_key: string | null;
  /** queued | in_progress | complete | failed. */
  status: Generated<string>;
  /** Integer percent, 0 to 100. */
  progress: Generated<number>;
  current_step: string | null;
  error_message: string | null;
  /** Attempts started; also the fencing token a worker's updates must match. */
  attempts: Generated<number>;
  price_micro: Int8;
  charge_ledger_id: NullableInt8;
  refund_ledger_id: NullableInt8;
  document: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  filename: string | null;
  media_type: string | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** Roles a firm member can hold (src/domain/firm-roles.ts). */
// The role type lives with the role table (domain/firm-roles.ts).
export type { MemberRole } from '../domain/firm-roles.ts';
import type { MemberRole } from '../domain/firm-roles.ts';

/** A person in a firm (migration 032); the firm is the account `account_id`. */
export interface MembersTable {
  id: string;
  account_id: string;
  email: string;
  /** Lower-cased, trimmed e-mail: unique among live members (sign-in finds one person). */
  email_normalized: string;
  /** argon2id PHC string; null for members who only use third-party sign-in. */
  password_hash: string | null;
  display_name: string | null;
  role: MemberRole;
  /** This person's own practitioner profile: signs the papers they submit (migration 033); null: none, the papers keep placeholders for the signer. */
  practitioner: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An invitation to join a firm (migration 032): single use, expiring; only the token's SHA-256 is kept. */
export interface FirmInvitationsTable {
  id: string;
  account_id: string;
  email: string;
  email_normalized: string;
  role: MemberRole;
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  accepted_by: string | null;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Schema {
  members: MembersTable;
  firm_invitations: FirmInvitationsTable;
  analyses: AnalysesTable;
  response_plans: ResponsePlansTable;
  draft_jobs: DraftJobsTable;
  prosa_meta: ProsaMetaTable;
  accounts: AccountsTable;
  spending_caps: SpendingCapsTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_login_states: OidcLoginStatesTable;
  application_claims: ApplicationClaimsTable;
  file_documents: FileDocumentsTable;
  public_references: PublicReferencesTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  credit_balances: CreditBalancesTable;
  credit_ledger: CreditLedgerTable;
  audit_log: AuditLogTable;
  usage_hourly: UsageHourlyTable;
  applications: ApplicationsTable;
  correspondence: CorrespondenceTable;
  prosecution_events: ProsecutionEventsTable;
  docket_events: DocketEventsTable;
  watch_state: WatchStateTable;
  watch_papers: WatchPapersTable;
  watch_runs: WatchRunsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_unsubscribe_tokens: NotificationUnsubscribeTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  docket_entries: DocketEntriesTable;
  docket_status_counts: DocketStatusCountsTable;
  docket_imports: DocketImportsTable;
  calendar_feeds: CalendarFeedsTable;
  uspto_event_codes: UsptoEventCodesTable;
  office_action_rejections: OfficeActionRejectionsTable;
  analysis_rejection_bases: AnalysisRejectionBasesTable;
  examiner_app_facts: ExaminerAppFactsTable;
  examiner_stats: ExaminerStatsTable;
  examiner_stats_dirty: ExaminerStatsDirtyTable;
  examiner_stats_dirty_keys: ExaminerStatsDirtyKeysTable;
  oauth_artifacts: OAuthArtifactsTable;
  checkout_sessions: CheckoutSessionsTable;
  stripe_events: StripeEventsTable;
  account_tokens: AccountTokensTable;
  email_verifications: EmailVerificationsTable;
}

export type Account = Selectable<AccountsTable>;
export type MemberRow = Selectable<MembersTable>;
/** Who a credential's member is, read with the credential (src/auth/principal.ts): their own signing profile included (migration 033). */
export type CredentialPerson = Pick<MemberRow, 'email' | 'display_name' | 'practitioner'>;
export type FirmInvitationRow = Selectable<FirmInvitationsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplication = Insertable<ApplicationsTable>;
export type ApplicationUpdate = Updateable<ApplicationsTable>;
export type CorrespondenceRow = Selectable<CorrespondenceTable>;
export type DocketEntryRow = Selectable<DocketEntriesTable>;
export type LedgerRow = Selectable<CreditLedgerTable>;
export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
export type DraftJobRow = Selectable<DraftJobsTable>;

// --- OAuth authorization server (issue 9, migration 008-oauth) ---

/** One oidc-provider artifact (Client, Grant, AuthorizationCode, RefreshToken, Session, Interaction...). */
export interface OAuthArtifactsTable {
  /** The oidc-provider model name. */
  model: string;
  /** The artifact id (client_id for clients, the token value's jti for tokens). */
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  account_id: string | null;
  client_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
  /** Grants only: the last refresh or token exchange (the connected-apps list shows it). */
  last_used_at: NullableTimestamp;
}

// --- Response plans (migration 010; plan workstream) ---

/** The practitioner's edits on top of an analysis (src/domain/response-plan). */
export interface ResponsePlansTable {
  /** Opaque id handed to callers as plan_id (rp_ + 24 base62). */
  id: string;
  account_id: string;
  analysis_id: string;
  /** 8 digits, as the analysis states it. */
  application_number: string;
  /** open (editable) | submitted (its draft job was created; frozen). */
  status: Generated<string>;
  /** Claim number → { strategy?, amended_text?, original_text? }. */
  claims: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Ground id → { text, updated_at }. */
  arguments: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** { group, species, traverse } or null. */
  election: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** Incremented by every edit. */
  version: Generated<number>;
  draft_job_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: NullableTimestamp;
}

export type ResponsePlanRow = Selectable<ResponsePlansTable>;

// --- Claims carried forward (issue 11, migration 015) ---

/** The claims of an application as the account knows them: from its last Prosa response, or pasted. */
export interface ApplicationClaimsTable {
  account_id: string;
  application_id: string;
  /** ClaimEntry[] (src/domain/claims/claim-set.ts), ascending by number. */
  claims: ColumnType<unknown[], string, string>;
  /** pasted | response | document (a claims-bearing document of the file, source_document_id) */
  source: string;
  source_job_id: string | null;
  /** source = response: the claims the response started from, and the action it answered. */
  claims_before: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  answered_action_date: ColumnType<string | null, string | null | undefined, string | null>;
  source_document_id: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

export type ApplicationClaimsRow = Selectable<ApplicationClaimsTable>;

// --- The application file and the art (issue 18, migration 022) ---

export interface FileDocumentsTable {
  /** `doc_` + 24 base62. */
  id: string;
  account_id: string;
  application_id: string;
  /** claims | specification | application | reference | response */
  kind: string;
  /** upload | paste | uspto | prosa */
  source: string;
  filename: string | null;
  /** txt | docx | pdf | xml */
  format: string;
  sha256: string;
  title: string | null;
  /** References: publication number without kind code (`US20050025220`) and as displayed. */
  publication_number: string | null;
  publication_display: string | null;
  reference_name: string | null;
  document_date: ColumnType<string | null, string | null | undefined, string | null>;
  text: string;
  /** TextParagraph[] (src/domain/file/paragraphs.ts). */
  paragraphs: ColumnType<unknown[], string, string>;
  /** FigureEntry[] (src/domain/file/read-document.ts). */
  figures: ColumnType<unknown[], string, string>;
  /** ColumnLine[] (src/extraction/types.ts), for a grant PDF. */
  column_lines: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  /** ClaimEntry[] the document states. */
  claims: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  pages: number | null;
  warnings: ColumnType<string[], string | undefined, string>;
  /** text | ocr: the file's own text, or read by OCR from a scan (migration 031). */
  text_source: Generated<string>;
  /** OCR: mean word confidence 0-100; null otherwise. */
  ocr_confidence: ColumnType<number | null, number | null | undefined, number | null>;
  /** held | draft (a response Prosa drafted, not yet filed) | filed */
  status: Generated<string>;
  draft_job_id: string | null;
  filed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
}

export type FileDocumentRow = Selectable<FileDocumentsTable>;

/** US references fetched from the USPTO: public records, shared by every account. */
export interface PublicReferencesTable {
  publication_number: string;
  publication_display: string;
  kind_code: string | null;
  title: string | null;
  format: string;
  sha256: string;
  text: string;
  paragraphs: ColumnType<unknown[], string, string>;
  figures: ColumnType<unknown[], string, string>;
  column_lines: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  claims: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  origin: ColumnType<Record<string, unknown>, string, string>;
  fetched_at: Generated<Date>;
}

export type PublicReferenceRow = Selectable<PublicReferencesTable>;

// --- Spending caps (issue 12, migration 012) ---

export interface SpendingCapsTable {
  account_id: string;
  /** The most the account's AI usage (analysis token charges) may cost per UTC day, in micro-credits. */
  daily_ai_cap_micro: ColumnType<bigint, bigint | string, bigint | string>;
  updated_at: Generated<Date>;
}

// --- Billing (migration 011; web workstream, issue 10) ---

/** A Stripe Checkout Session the server created, with the price it set. */
export interface CheckoutSessionsTable {
  /** Stripe's session id (cs_...). */
  id: string;
  account_id: string;
  /** pkg_25 ... or null for a custom amount. */
  package_id: string | null;
  amount_cents: number;
  currency: string;
  /** Credits bought (the paid amount, 1:1), in micro-credits. */
  credits_micro: Int8;
  /** Package bonus, a separate ledger line. */
  bonus_micro: Int8;
  /** open | credited | expired */
  status: Generated<string>;
  payment_intent: string | null;
  created_at: Generated<Date>;
  credited_at: Date | null;
  /** Stripe's receipt page for the payment (migration 014), once fetched; null before. */
  receipt_url: Generated<string | null>;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  session_id: string | null;
  received_at: Generated<Date>;
}

export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;

/** A single-use e-mailed link (migration 011): only its SHA-256 is stored. */
export interface AccountTokensTable {
  token_hash: string;
  account_id: string;
  purpose: 'password_reset' | 'email_verification';
  /** The address the link was sent to: a link for an old address verifies nothing. */
  email_normalized: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface EmailVerificationsTable {
  account_id: string;
  email_normalized: string;
  verified_at: Generated<Date>;
}
