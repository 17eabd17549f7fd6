import type { Db } from '../db/connect.ts';
import type { ResponsePlanRow } from '../db/schema.ts';
import type { ArgumentEdit, ClaimEdit, ElectionEdit, PlanEdits } from '../domain/response-plan/types.ts';

/** The account's plan, or undefined (another account's plan is not found: 404, never 403). */
export function findResponsePlan(db: Db, accountId: string, planId: string): Promise<ResponsePlanRow | undefined> {
  return db.selectFrom('response_plans').selectAll().where('id', '=', planId).where('account_id', '=', accountId).executeTakeFirst();
}

/** The practitioner's edits as the domain reads them. */
export function editsOf(row: Pick<ResponsePlanRow, 'claims' | 'arguments' | 'election'>): PlanEdits {
  return {
    claims: (row.claims ?? {}) as Record<string, ClaimEdit>,
    arguments: (row.arguments ?? {}) as Record<string, ArgumentEdit>,
    election: (row.election ?? null) as ElectionEdit | null,
  };
}

export interface ResponsePlanFilter {
  analysisId?: string;
  /** 8 digits. */
  applicationNumber?: string;
  status?: 'open' | 'submitted';
  limit: number;
  /** Keyset cursor: plans created before this plan (its id). */
  before?: string;
}

/** Newest first. */
export async function listResponsePlans(
  db: Db,
  accountId: string,
  filter: ResponsePlanFilter,
): Promise<{ plans: ResponsePlanRow[]; nextCursor: string | null }> {
  let q = db.selectFrom('response_plans').selectAll().where('account_id', '=', accountId);
  if (filter.analysisId) q = q.where('analysis_id', '=', filter.analysisId);
  if (filter.applicationNumber) q = q.where('application_number', '=', filter.applicationNumber);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.before) {
    const cursor = await db
      .selectFrom('response_plans')
      .select(['created_at', 'id'])
      .where('id', '=', filter.before)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (cursor)
      q = q.where((eb) => eb.or([eb('created_at', '<', cursor.created_at), eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)])]));
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const plans = rows.slice(0, filter.limit);
  return { plans, nextCursor: rows.length > filter.limit ? plans[plans.length - 1].id : null };
}
