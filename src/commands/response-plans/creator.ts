import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { randomBase62 } from '../../auth/secrets.ts';
import type { Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { analysisNotFound, editResponsePlan } from './common.ts';
import { findApplicationForAccount } from '../../queries/applications.ts';
import { claimsOfRecord, findApplicationClaims } from '../../queries/application-claims.ts';
import { statedMailingDate, type StoredAnalysis } from '../draft-requests/inputs/analysis.ts';
import type { ClaimEdit } from '../../domain/response-plan/types.ts';
import { unpackJson } from '../../db/packed-json.ts';

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
  const analysis = await db
    .selectFrom('analyses')
    .select(['id', 'application_number', 'record'])
    .where('id', '=', props.analysisId)
    .where('account_id', '=', props.accountId)
    .executeTakeFirst();
  if (!analysis) throw analysisNotFound();
  const open = () =>
    db
      .selectFrom('response_plans')
      .selectAll()
      .where('account_id', '=', props.accountId)
      .where('analysis_id', '=', analysis.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
  // The docket's claims are the claims every plan marks its amendments against (issue 19 item 6:
  // claims put on the docket after a plan was started, or after an earlier plan, were ignored).
  const docket = await storedClaimTexts(db, props.accountId, analysis.id, analysis.application_number, unpackJson<StoredAnalysis>(analysis.record));
  const existing = await open();
  if (existing) return { row: await withDocketTexts(db, actor, props.accountId, existing, docket), created: false };

  const previous = await db
    .selectFrom('response_plans')
    .select(['id', 'claims', 'arguments', 'election'])
    .where('account_id', '=', props.accountId)
    .where('analysis_id', '=', analysis.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const seeded = mergeDocketTexts((previous?.claims ?? {}) as Record<string, ClaimEdit>, docket);
  const id = `rp_${randomBase62(24)}`;
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('response_plans')
      .values({
        id,
        account_id: props.accountId,
        analysis_id: analysis.id,
        application_number: analysis.application_number,
        claims: JSON.stringify(seeded),
        arguments: JSON.stringify(previous?.arguments ?? {}),
        election: previous?.election ? JSON.stringify(previous.election) : null,
      })
      .onConflict((oc) => oc.columns(['account_id', 'analysis_id']).where('status', '=', 'open').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await writeAudit(trx, actor, {
        accountId: props.accountId,
        action: 'response_plan.created',
        targetType: 'response_plan',
        targetId: id,
        details: {
          analysis_id: analysis.id,
          application_number: analysis.application_number,
          carried_forward_from: previous?.id ?? null,
          claims_from_docket: docket ? Object.keys(docket).length : 0,
        },
      });
    }
    return inserted;
  });
  if (row) return { row, created: true };
  // A concurrent start won: answer with its plan.
  const winner = await open();
  if (!winner) throw new Error('response plan vanished after a conflicting insert');
  return { row: winner, created: false };
}

/** The plan's claim edits with each claim's text as it stands taken from the docket where it holds one. */
function mergeDocketTexts(claims: Record<string, ClaimEdit>, docket: Record<string, { original_text: string }> | null): Record<string, ClaimEdit> {
  const out: Record<string, ClaimEdit> = { ...claims };
  for (const [n, { original_text }] of Object.entries(docket ?? {})) out[n] = { ...(out[n] ?? {}), original_text };
  return out;
}

/**
 * An open plan whose claims lack the text the docket now holds gets it (only where it has none:
 * a text the practitioner typed into the plan is theirs), as an edit of the plan (locked,
 * versioned, audited).
 */
async function withDocketTexts(
  db: Db,
  actor: Actor,
  accountId: string,
  row: ResponsePlanRow,
  docket: Record<string, { original_text: string }> | null,
): Promise<ResponsePlanRow> {
  const claims = (row.claims ?? {}) as Record<string, ClaimEdit>;
  const missing = Object.keys(docket ?? {}).filter((n) => !claims[n]?.original_text);
  if (missing.length === 0) return row;
  return editResponsePlan(db, actor, {
    accountId,
    planId: row.id,
    action: 'response_plan.claims_from_docket',
    apply: (_source, edits) => {
      const next = { ...edits.claims };
      for (const n of missing) if (!next[n]?.original_text) next[n] = { ...(next[n] ?? {}), original_text: docket![n].original_text };
      return { edits: { ...edits, claims: next }, details: { claims: missing.map(Number) } };
    },
  });
}

/** `{ "1": { original_text } }` for each claim of the analysis whose text the docket holds (pending or withdrawn). */
async function storedClaimTexts(
  db: Db,
  accountId: string,
  analysisId: string,
  applicationNumber: string,
  record: StoredAnalysis,
): Promise<Record<string, { original_text: string }> | null> {
  const app = await findApplicationForAccount(db, accountId, applicationNumber);
  const stored = claimsOfRecord(app ? await findApplicationClaims(db, accountId, app.id) : undefined, analysisId, statedMailingDate(record));
  if (!stored) return null;
  const inAnalysis = new Set(record.claim_analyses.map((c) => c.claim_number));
  const out: Record<string, { original_text: string }> = {};
  for (const c of stored.claims) if (c.status !== 'cancelled' && c.text && inAnalysis.has(c.number)) out[String(c.number)] = { original_text: c.text };
  return Object.keys(out).length ? out : null;
}
