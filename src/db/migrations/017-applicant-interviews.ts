import { sql, type Kysely } from 'kysely';

/**
 * Examiner statistics, issue 11 "Honest glass box": interview success counts APPLICANT-initiated
 * interviews only (an examiner's own call before allowance no longer counts), and RCEs before
 * allowance are counted (docs/decisions/examiner-profile.md "Interview success and RCEs").
 *
 * - examiner_app_facts.rces_to_allowance, examiner_stats.rces_sum: the RCE count and its sum.
 * - has_interview / allowed_interview / abandoned_interview keep their names; their meaning is now
 *   "applicant-initiated interview on or before the decision".
 * - Every stored public application is listed for recomputation: the next `prosa import` or
 *   `prosa stats refresh` (or the profile query, for a small database) recomputes the figures.
 *   Until then a large database answers from the old figures with stats_current: false.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('examiner_app_facts')
    .addColumn('rces_to_allowance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('examiner_stats')
    .addColumn('rces_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into examiner_stats_dirty (application_id)
    select id from applications where owner_account_id is null and examiner_name is not null
    on conflict do nothing`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Prosa migrations are forward-only');
}
