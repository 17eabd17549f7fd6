import { sql, type Kysely } from 'kysely';

/**
 * Signed webhooks (issue 21): an account's endpoints, and one delivery row per event and
 * endpoint. The delivery row is the "sent once" record: `webhook_deliveries_once` makes the
 * fan-out of one docket event (migration 024) to one endpoint idempotent, across restarts and
 * replicas. Test pings have no docket event (docket_event_id null) and carry their own payload.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // The docket event kinds delivered to it (a JSON array of strings).
    .addColumn('event_kinds', 'jsonb', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    // The signing secret (whsec_...), encrypted with a key derived from the server's signing
    // secret (src/webhooks/secret-box.ts): it must be recoverable to sign, never readable from a dump alone.
    .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
    // Events with a larger id are delivered to it: nothing from before it existed.
    .addColumn('after_event_id', 'int8', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_endpoints_account').on('webhook_endpoints').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('docket_event_id', 'int8', (c) => c.references('docket_events.id').onDelete('cascade'))
    .addColumn('event_kind', 'text', (c) => c.notNull())
    // Only for pings (no docket event): the `data` the ping carries.
    .addColumn('payload', 'jsonb')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_response_ms', 'integer')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Each event is delivered once per endpoint (pings, with a null event, are not constrained).
  await sql`create unique index webhook_deliveries_once on webhook_deliveries (endpoint_id, docket_event_id)`.execute(db);
  // The delivery pass's scan: due pending rows.
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  // The log: an endpoint's deliveries, newest first.
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
