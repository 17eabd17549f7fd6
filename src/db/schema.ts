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
  /** Entity size used for fee figures: large | small | micro. */
  entity_size: Generated<string>;
  /** Model multiplier in thousandths (1000 = 1.0) applied to token prices. */
  model_multiplier_milli: Generated<number>;
  created_at: Timestamp;
}

/** Third-party sign-in identities (OIDC) attach here; the seam for later issues. */
export interface AccountIdentitiesTable {
  id: Serial8;
  account_id: string;
  provider: string;
  subject: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the raw token never reaches the database. */
  token_hash: string;
  account_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
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
}

export interface CreditLedgerTable {
  id: Serial8;
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
  created_at: Timestamp;
  updated_at: Timestamp;
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

export interface Schema {
  prosa_meta: ProsaMetaTable;
  accounts: AccountsTable;
  account_identities: AccountIdentitiesTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  credit_balances: CreditBalancesTable;
  credit_ledger: CreditLedgerTable;
  audit_log: AuditLogTable;
  usage_hourly: UsageHourlyTable;
  applications: ApplicationsTable;
  correspondence: CorrespondenceTable;
  prosecution_events: ProsecutionEventsTable;
  docket_entries: DocketEntriesTable;
  calendar_feeds: CalendarFeedsTable;
}

export type Account = Selectable<AccountsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplication = Insertable<ApplicationsTable>;
export type ApplicationUpdate = Updateable<ApplicationsTable>;
export type CorrespondenceRow = Selectable<CorrespondenceTable>;
export type DocketEntryRow = Selectable<DocketEntriesTable>;
export type LedgerRow = Selectable<CreditLedgerTable>;
export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
