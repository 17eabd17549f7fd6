import { sql, type Kysely } from 'kysely';

/** Accounts, credentials, credits, audit, usage, and public/private application data. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('display_name', 'text')
    .addColumn('entity_size', 'text', (c) => c.notNull().defaultTo('large'))
    .addColumn('model_multiplier_milli', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('accounts_entity_size', sql`entity_size in ('large','small','micro')`)
    .addCheckConstraint('accounts_multiplier', sql`model_multiplier_milli > 0`)
    .execute();

  await db.schema
    .createTable('account_identities')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('account_identities_provider_subject', ['provider', 'subject'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

  await db.schema
    .createTable('credit_balances')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('balance_micro', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('amount_micro', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_micro', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('credit_ledger_account').on('credit_ledger').columns(['account_id', 'id']).execute();
  // The ledger is append-only: refuse UPDATE and DELETE at the database itself.
  await sql`create function prosa_ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception 'credit_ledger is append-only'; end $$`.execute(db);
  await sql`create trigger credit_ledger_no_update before update or delete on credit_ledger
    for each row execute function prosa_ledger_append_only()`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_account').on('audit_log').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('usage_hourly')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_hourly_pk', ['account_id', 'hour'])
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_number', 'text', (c) => c.notNull())
    .addColumn('owner_account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('invention_title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('status_description', 'text')
    .addColumn('status_date', 'date')
    .addColumn('filing_date', 'date')
    .addColumn('examiner_name', 'text')
    .addColumn('art_unit', 'text')
    .addColumn('confirmation_number', 'text')
    .addColumn('attorney_docket_number', 'text')
    .addColumn('first_inventor_name', 'text')
    .addColumn('first_applicant_name', 'text')
    .addColumn('entity_status', 'text')
    .addColumn('application_type', 'text')
    .addColumn('patent_number', 'text')
    .addColumn('grant_date', 'date')
    .addColumn('earliest_publication_number', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('applications_status', sql`status in ('pending','allowed','patented','abandoned')`)
    .execute();
  // One public record per number; each account may hold its own private record per number.
  await sql`create unique index applications_public_number on applications (application_number)
    where owner_account_id is null`.execute(db);
  await sql`create unique index applications_private_number on applications (owner_account_id, application_number)
    where owner_account_id is not null`.execute(db);
  await db.schema.createIndex('applications_examiner').on('applications').column('examiner_name').execute();

  await db.schema
    .createTable('correspondence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('document_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('mailing_date', 'date', (c) => c.notNull())
    .addColumn('direction', 'text')
    .addColumn('document_identifier', 'text')
    .addColumn('period_months', 'integer')
    .addColumn('full_text', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('correspondence_app_date').on('correspondence').columns(['application_id', 'mailing_date']).execute();
  await sql`create unique index correspondence_app_docid on correspondence (application_id, document_identifier)
    where document_identifier is not null`.execute(db);

  await db.schema
    .createTable('prosecution_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('event_date', 'date', (c) => c.notNull())
    .addUniqueConstraint('prosecution_events_unique', ['application_id', 'event_code', 'event_date'])
    .execute();

  await db.schema
    .createTable('docket_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('client_matter', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('docket_entries_account_app', ['account_id', 'application_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
