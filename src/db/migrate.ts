import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './connect.ts';
import * as m001 from './migrations/001-foundation.ts';
import * as m002 from './migrations/002-meta.ts';
import * as m003 from './migrations/003-calendar-feeds.ts';
import * as m004 from './migrations/004-examiner-stats.ts';
import * as m006 from './migrations/006-analyses.ts';
import * as m007 from './migrations/007-draft-jobs.ts';
import * as m008 from './migrations/008-oauth.ts';
import * as m009 from './migrations/009-audit-and-correspondence.ts';
import * as m010 from './migrations/010-response-plans.ts';
import * as m011 from './migrations/011-billing.ts';
import * as m012 from './migrations/012-spending-caps.ts';
import * as m013 from './migrations/013-oidc-identities.ts';
import * as m014 from './migrations/014-checkout-receipts.ts';
import * as m015 from './migrations/015-application-claims.ts';
import * as m016 from './migrations/016-more-forms.ts';
import * as m017 from './migrations/017-applicant-interviews.ts';
import * as m018 from './migrations/018-rate-windows.ts';
import * as m019 from './migrations/019-credential-notify.ts';
import * as m020 from './migrations/020-activity-notify.ts';
import * as m021 from './migrations/021-rate-window-batches.ts';
import * as m022 from './migrations/022-application-file.ts';
import * as m023 from './migrations/023-practitioner-and-entity.ts';
import * as m024 from './migrations/024-docket-events.ts';
import * as m025 from './migrations/025-uspto-watch.ts';
import * as m026 from './migrations/026-notifications.ts';
import * as m027 from './migrations/027-webhooks.ts';
import * as m028 from './migrations/028-docket-imports.ts';
import * as m031 from './migrations/031-ocr-text-source.ts';
import * as m032 from './migrations/032-firm-members.ts';
import * as m033 from './migrations/033-member-practitioner.ts';
import * as m034 from './migrations/034-responsible-practitioner.ts';
import * as m035 from './migrations/035-docket-sort-keys.ts';
import * as m036 from './migrations/036-credit-page-version.ts';
import * as m037 from './migrations/037-analysis-record-json.ts';
import * as m038 from './migrations/038-grant-notify.ts';
import * as m039 from './migrations/039-docket-counts.ts';
import * as m042 from './migrations/042-analysis-record-packed.ts';
import * as m043 from './migrations/043-page-bump-once.ts';
import * as m044 from './migrations/044-analysis-text-uncompressed.ts';
import * as m045 from './migrations/045-page-bump-row-triggers.ts';

/** Migrations are listed here in order; they are TypeScript and run on start on both databases. */
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-meta': m002,
  '003-calendar-feeds': m003,
  '004-examiner-stats': m004,
  '006-analyses': m006,
  '007-draft-jobs': m007,
  '008-oauth': m008,
  '009-audit-and-correspondence': m009,
  '010-response-plans': m010,
  '011-billing': m011,
  '012-spending-caps': m012,
  '013-oidc-identities': m013,
  '014-checkout-receipts': m014,
  '015-application-claims': m015,
  '016-more-forms': m016,
  '017-applicant-interviews': m017,
  '018-rate-windows': m018,
  '019-credential-notify': m019,
  '020-activity-notify': m020,
  '021-rate-window-batches': m021,
  '022-application-file': m022,
  '023-practitioner-and-entity': m023,
  '024-docket-events': m024,
  '025-uspto-watch': m025,
  '026-notifications': m026,
  '027-webhooks': m027,
  '028-docket-imports': m028,
  '031-ocr-text-source': m031,
  '032-firm-members': m032,
  '033-member-practitioner': m033,
  '034-responsible-practitioner': m034,
  '035-docket-sort-keys': m035,
  '036-credit-page-version': m036,
  '037-analysis-record-json': m037,
  '038-grant-notify': m038,
  '039-docket-counts': m039,
  '042-analysis-record-packed': m042,
  '043-page-bump-once': m043,
  '044-analysis-text-uncompressed': m044,
  '045-page-bump-row-triggers': m045,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs the migrations up to and including `name` (tests that start from an older schema, e.g. before firms). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'prosa_migrations', migrationLockTableName: 'prosa_migrations_lock' });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * Every listed migration is recorded and no other: there is nothing to run. Two indexed reads,
 * where Kysely's migrator first introspects the catalogs for its tables (about 1 s of CPU on an
 * embedded database just opened, against about 0.1 s); every CLI command, server start and test
 * database asks this first. Anything else (a table missing, a migration not yet run, one this
 * code does not know) goes to the migrator, which takes its lock and runs or refuses as before.
 */
async function allMigrationsRecorded(db: Db): Promise<boolean> {
  const table = await sql<{ found: boolean }>`select to_regclass('prosa_migrations') is not null as found`.execute(db);
  if (!table.rows[0]?.found) return false;
  const recorded = await sql<{ name: string }>`select name from prosa_migrations`.execute(db);
  const names = new Set(recorded.rows.map((r) => r.name));
  const listed = Object.keys(migrations);
  return names.size === listed.length && listed.every((name) => names.has(name));
}

export async function migrateToLatest(db: Db): Promise<void> {
  if (await allMigrationsRecorded(db)) return;
  const migrator = new Migrator({ db, provider, migrationTableName: 'prosa_migrations', migrationLockTableName: 'prosa_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
