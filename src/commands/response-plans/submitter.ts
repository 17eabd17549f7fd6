/**
 * Submits a response plan: the billed 49.00 draft job, the same job as REST #4 (draftJobCreator,
 * prepareOaResponse), carrying the plan's strategies (with the answers chosen for single grounds),
 * claim texts, arguments and election. An incomplete plan is refused (422 response_incomplete,
 * listing what is missing) unless the caller accepts an incomplete draft; the paper then says so
 * on its first page (the paper's report is the plan's: both are
 * src/domain/response-plan/completeness.ts on the same view). The plan is marked submitted in the
 * job's own transaction, so a plan gives at most one job (an Idempotency-Key retry returns that
 * job, uncharged).
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { DraftJobRow, ResponsePlanRow, Schema } from '../../db/schema.ts';
import { AppError, conflict } from '../../errors.ts';
import type { Practitioner, PractitionerArgument } from '../../documents/types.ts';
import { buildPlanView, type PlanView } from '../../domain/response-plan/plan.ts';
import { completenessOf, type CompletenessReport, type MissingItem } from '../../domain/response-plan/completeness.ts';
import { AMENDING } from '../../domain/response-plan/strategies.ts';
import type { SourceAnalysis } from '../../domain/response-plan/types.ts';
import { editsOf, findResponsePlan } from '../../queries/response-plans.ts';
import { draftJobCreator } from '../draft-job-creator.ts';
import { prepareOaResponse, type OaResponseSubmission } from '../draft-requests/oa-response.ts';
import { requireElection } from '../draft-requests/election.ts';
import { actingMemberId, type Actor } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { planNotFound, planSubmitted } from './common.ts';
import { unpackJson } from '../../db/packed-json.ts';

export interface PlanSubmission {
  /** Submit even though the completeness report lists missing items (the paper then says so). */
  accept_incomplete?: boolean;
  response_date?: string;
  office_action_date?: string;
  attorney?: Practitioner;
  attorney_docket_number?: string;
  previously_presented?: number[];
}

/** 422 response_incomplete; `missing` lists each item (the route adds it to the error object). */
export class ResponseIncompleteError extends AppError {
  readonly missing: MissingItem[];
  constructor(missing: MissingItem[]) {
    super(
      422,
      'response_incomplete',
      `The response plan is incomplete: ${missing.length} item${missing.length === 1 ? '' : 's'} missing (see "missing"). ${missing
        .slice(0, 3)
        .map((m) => m.message)
        .join(' ')}${missing.length > 3 ? ' ...' : ''}`,
      'Complete the plan (claim strategies and texts, an argument for each ground, the election), check it with GET /api/response-plans/{plan_id}/completeness, then submit again; or submit with accept_incomplete: true to draft it as it is (the paper then lists what is missing on its first page). Nothing was charged.',
    );
    this.missing = missing;
  }
}

export interface SubmittedPlan {
  job: DraftJobRow;
  replayed: boolean;
  report: CompletenessReport | null;
}

/** The plan's election in REST #4's words. */
function electionOf(view: PlanView): OaResponseSubmission['election'] {
  const e = view.election;
  if (!e) return undefined;
  return { ...(e.group ? { group: e.group } : {}), ...(e.species ? { species: e.species } : {}), with_traverse: e.traverse };
}

/** The plan as REST #4's submission, with the plan's additions. */
export function planSubmissionBody(row: ResponsePlanRow, view: PlanView, report: CompletenessReport, s: PlanSubmission): OaResponseSubmission {
  const claims: Record<string, string> = {};
  const amended: Record<string, string> = {};
  const strategy: Record<string, string> = {};
  for (const c of view.claims) {
    // The analysis marks every claim of a restriction `elect` (subject to the requirement): that is
    // no choice, so only an election's or the practitioner's `elect` is sent and named in the paper.
    if (!(c.strategy === 'elect' && c.strategy_source === 'analysis')) strategy[`claim_${c.claim_number}`] = c.strategy;
    // Each answer chosen for one ground (issue 19 item 5), in REST #4's words: claim_<n>:<ground id>.
    for (const a of c.ground_answers) if (a.chosen) strategy[`claim_${c.claim_number}:${a.ground_id}`] = a.chosen;
    if (c.original_text) claims[String(c.claim_number)] = c.original_text;
    if (c.amended_text && AMENDING.has(c.strategy)) amended[String(c.claim_number)] = c.amended_text;
  }
  const args: PractitionerArgument[] = view.grounds
    .filter((g) => view.arguments[g.id]?.text.trim())
    .map((g) => ({
      ground_id: g.id,
      kind: g.kind,
      basis: g.basis,
      statement: g.statement.text,
      claims: g.claims,
      heading: g.title,
      text: view.arguments[g.id].text,
    }));
  return {
    application_number: row.application_number,
    analysis_id: row.analysis_id,
    strategy_selections: strategy,
    ...(Object.keys(claims).length ? { claims } : {}),
    ...(s.response_date ? { response_date: s.response_date } : {}),
    ...(s.office_action_date ? { office_action_date: s.office_action_date } : {}),
    ...(s.attorney ? { attorney: s.attorney } : {}),
    ...(s.attorney_docket_number ? { attorney_docket_number: s.attorney_docket_number } : {}),
    ...(s.previously_presented ? { previously_presented: s.previously_presented } : {}),
    ...(view.election ? { election: electionOf(view) } : {}),
    response_plan_id: row.id,
    ...(Object.keys(amended).length ? { amended_claims: amended } : {}),
    ...(args.length ? { arguments: args } : {}),
    // An incomplete plan reaches here only when the caller accepted it; the paper then says so on
    // its first page, from its own completeness report (the same computation as the plan's).
    ...(report.complete ? {} : { accept_incomplete: true }),
  };
}

export async function responsePlanSubmitter(
  db: Db,
  actor: Actor,
  props: {
    accountId: string;
    planId: string;
    submission: PlanSubmission;
    idempotencyKey: string | null;
    enqueue: (trx: Transaction<Schema>, jobId: string) => Promise<void>;
  },
): Promise<SubmittedPlan> {
  const first = await findResponsePlan(db, props.accountId, props.planId);
  if (!first) throw planNotFound();
  let version = 0;
  let report: CompletenessReport | null = null;
  const { job, replayed } = await draftJobCreator(db, actor, {
    accountId: props.accountId,
    idempotencyKey: props.idempotencyKey,
    requestForFingerprint: ['response-plan-submit', props.planId, props.submission],
    enqueue: props.enqueue,
    prepare: async () => {
      const row = await findResponsePlan(db, props.accountId, props.planId);
      if (!row) throw planNotFound();
      if (row.status !== 'open') throw planSubmitted(row);
      const analysis = await db.selectFrom('analyses').select('record').where('id', '=', row.analysis_id).executeTakeFirstOrThrow();
      const view = buildPlanView(unpackJson<SourceAnalysis>(analysis.record), editsOf(row));
      // No election, no paper: refused before the completeness report (accept_incomplete does not cover it).
      if (view.kind === 'restriction') requireElection(electionOf(view), view.restriction_groups, 'plan');
      report = completenessOf(view);
      if (!report.complete && !props.submission.accept_incomplete) throw new ResponseIncompleteError(report.missing);
      version = row.version;
      // Signed by the member submitting the plan (their own profile), not whoever made the plan.
      return prepareOaResponse(db, props.accountId, actingMemberId(actor, props.accountId), planSubmissionBody(row, view, report, props.submission));
    },
    onCreated: async (trx, created) => {
      const done = await trx
        .updateTable('response_plans')
        .set({ status: 'submitted', draft_job_id: created.id, submitted_at: new Date(), updated_at: new Date(), version: version + 1 })
        .where('id', '=', props.planId)
        .where('status', '=', 'open')
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        throw conflict(
          'plan_changed',
          'The response plan changed (or was submitted) while this submission was being prepared; nothing was charged.',
          'GET the plan, check it, and submit again.',
        );
      }
      await writeAudit(trx, actor, {
        accountId: props.accountId,
        action: 'response_plan.submitted',
        targetType: 'response_plan',
        targetId: props.planId,
        details: {
          draft_job_id: created.id,
          complete: report?.complete ?? null,
          missing: report?.missing.length ?? null,
          accept_incomplete: props.submission.accept_incomplete === true,
        },
      });
    },
  });
  return { job, replayed, report };
}
