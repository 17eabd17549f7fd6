import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { randomBase62 } from '../../auth/secrets.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { analysisNotFound } from './common.ts';
import { findApplicationForAccount } from '../../queries/applications.ts';
import { claimsOfRecord, findApplicationClaims } from '../../queries/application-claims.ts';
import { statedMailingDate, type StoredAnalysis } from '../../jobs/inputs/analysis.ts';

export interface CreatedPlan {
  row: ResponsePlanRow;
  /** False when the account's open plan for the analysis was returned. */
  created: boolean;
}

/**
 * Starts a response plan for one of the account's analyses, or returns its open plan for that
 * analysis (at most one, by a partial unique index, so concurrent starts agree). A new plan after
 * a submitted one carries the submitted plan's choices forward; otherwise it starts from the
 * analysis' recommendations, with the claims the docket holds for the application as each claim's
 * `original_text` (carried forward, issue 11: the text amendments are marked against).
 */
export async function responsePlanCreator(db: Db, actor: Actor, props: { accountId: string; analysisId: string }): Promise<CreatedPlan> {
  const analysis = await db.selectFrom('analyses').select(['id', 'application_number', 'record']).where('id', '=', props.analysisId).where('account_id', '=', props.accountId).executeTakeFirst();
  if (!analysis) throw analysisNotFound();
  const open = () => db.selectFrom('response_plans').selectAll().where('account_id', '=', props.accountId).where('analysis_id', '=', analysis.id).where('status', '=', 'open').executeTakeFirst();
  const existing = await open();
  if (existing) return { row: existing, created: false };

  const previous = await db
    .selectFrom('response_plans')
    .select(['id', 'claims', 'arguments', 'election'])
    .where('account_id', '=', props.accountId)
    .where('analysis_id', '=', analysis.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const seeded = previous ? null : await storedClaimTexts(db, props.accountId, analysis.id, analysis.application_number, analysis.record as unknown as StoredAnalysis);
  const id = `rp_${randomBase62(24)}`;
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('response_plans')
      .values({
        id,
        account_id: props.accountId,
        analysis_id: analysis.id,
        application_number: analysis.application_number,
        claims: JSON.stringify(previous?.claims ?? seeded ?? {}),
        arguments: JSON.stringify(previous?.arguments ?? {}),
        election: previous?.election ? JSON.stringify(previous.election) : null,
      })
      .onConflict((oc) => oc.columns(['account_id', 'analysis_id']).where('status', '=', 'open').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await writeAudit(trx, actor, { accountId: props.accountId, action: 'response_plan.created', targetType: 'response_plan', targetId: id, details: { analysis_id: analysis.id, application_number: analysis.application_number, carried_forward_from: previous?.id ?? null, claims_from_docket: seeded ? Object.keys(seeded).length : 0 } });
    }
    return inserted;
  });
  if (row) return { row, created: true };
  // A concurrent start won: answer with its plan.
  const winner = await open();
  if (!winner) throw new Error('response plan vanished after a conflicting insert');
  return { row: winner, created: false };
}

/** `{ "1": { original_text } }` for each claim of the analysis whose text the docket holds (pending or withdrawn). */
async function storedClaimTexts(db: Db, accountId: string, analysisId: string, applicationNumber: string, record: StoredAnalysis): Promise<Record<string, { original_text: string }> | null> {
  const app = await findApplicationForAccount(db, accountId, applicationNumber);
  const stored = claimsOfRecord(app ? await findApplicationClaims(db, accountId, app.id) : undefined, analysisId, statedMailingDate(record));
  if (!stored) return null;
  const inAnalysis = new Set(record.claim_analyses.map((c) => c.claim_number));
  const out: Record<string, { original_text: string }> = {};
  for (const c of stored.claims) if (c.status !== 'cancelled' && c.text && inAnalysis.has(c.number)) out[String(c.number)] = { original_text: c.text };
  return Object.keys(out).length ? out : null;
}
