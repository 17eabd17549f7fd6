import type { Db } from '../../../db/connect.ts';
import type { ApplicationRow, DraftJobRow } from '../../../db/schema.ts';
import { PermanentJobError } from '../job-errors.ts';
import type { StoredAnalysis } from './analysis.ts';
import { findAccountAnalysis } from './analysis-records.ts';

export async function loadApplication(db: Db, job: Pick<DraftJobRow, 'application_id'>): Promise<ApplicationRow> {
  const app = job.application_id ? await db.selectFrom('applications').selectAll().where('id', '=', job.application_id).executeTakeFirst() : undefined;
  if (!app) throw new PermanentJobError('The application record this document was requested for no longer exists.');
  return app;
}

export async function loadAnalysis(db: Db, job: Pick<DraftJobRow, 'analysis_id' | 'account_id'>): Promise<StoredAnalysis> {
  const analysis = job.analysis_id ? await findAccountAnalysis(db, job.account_id, job.analysis_id) : undefined;
  if (!analysis) throw new PermanentJobError('The analysis this document was requested from no longer exists.');
  return analysis.record;
}
