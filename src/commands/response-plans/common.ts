/** What the response-plan commands share: loading a plan for an edit, and the plan's errors. */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow, Schema } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { PlanRuleError, type PlanEdits, type SourceAnalysis } from '../../domain/response-plan/types.ts';
import { editsOf } from '../../queries/response-plans.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import type { AuditAction } from '../../domain/audit-words.ts';
import { unpackJson } from '../../db/packed-json.ts';

export function planNotFound(): AppError {
  return notFound(
    'Response plan',
    'plan_not_found',
    'Check the plan_id (POST /api/response-plans with an analysis_id returns it); plans are visible only to the account that created them.',
  );
}

export function analysisNotFound(): AppError {
  return notFound('Analysis', 'analysis_not_found', 'Check the analysis_id; analyses are visible only to the account that created them.');
}

/** A refusal of the plan's rules as the error object. */
function planRuleError(err: PlanRuleError): AppError {
  const status = err.kind === 'not_found' ? 404 : err.kind === 'conflict' ? 409 : 400;
  return new AppError(status, err.code, err.message, err.suggestion);
}

export function planSubmitted(row: Pick<ResponsePlanRow, 'id' | 'draft_job_id'>): AppError {
  return new AppError(
    409,
    'plan_submitted',
    `Response plan ${row.id} was submitted${row.draft_job_id ? ` (draft job ${row.draft_job_id})` : ''} and can no longer be changed.`,
    "To revise the response, POST /api/response-plans with the same analysis_id: it starts a new plan carrying this one's choices forward.",
  );
}

export interface PlanEditProps {
  accountId: string;
  planId: string;
  /** Audit action, e.g. response_plan.strategy_set. */
  action: Extract<AuditAction, `response_plan.${string}`>;
  /** The edit itself: pure, from the analysis record and the current edits to the new edits. */
  apply: (source: SourceAnalysis, edits: PlanEdits) => { edits: PlanEdits; details: Record<string, unknown> };
}

/**
 * One edit of a plan: the row is locked, the edit checked against the analysis by the domain,
 * the new edits and version stored and the audit row written, in one transaction (concurrent
 * edits from the web app and an assistant apply one after the other, none lost).
 */
export async function editResponsePlan(db: Db, actor: Actor, props: PlanEditProps): Promise<ResponsePlanRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('response_plans')
      .selectAll()
      .where('id', '=', props.planId)
      .where('account_id', '=', props.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw planNotFound();
    if (row.status !== 'open') throw planSubmitted(row);
    const analysis = await trx.selectFrom('analyses').select('record').where('id', '=', row.analysis_id).executeTakeFirstOrThrow();
    let result: ReturnType<PlanEditProps['apply']>;
    try {
      result = props.apply(unpackJson<SourceAnalysis>(analysis.record), editsOf(row));
    } catch (err) {
      if (err instanceof PlanRuleError) throw planRuleError(err);
      throw err;
    }
    const updated = await saveEdits(trx, row, result.edits);
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: props.action,
      targetType: 'response_plan',
      targetId: row.id,
      details: { ...result.details, version: updated.version },
    });
    return updated;
  });
}

async function saveEdits(trx: Transaction<Schema>, row: ResponsePlanRow, edits: PlanEdits): Promise<ResponsePlanRow> {
  return trx
    .updateTable('response_plans')
    .set({
      claims: JSON.stringify(edits.claims),
      arguments: JSON.stringify(edits.arguments),
      election: edits.election ? JSON.stringify(edits.election) : null,
      version: row.version + 1,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
