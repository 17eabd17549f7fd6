import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { setElection } from '../../domain/response-plan/plan.ts';
import type { ElectionInput } from '../../domain/response-plan/election.ts';
import type { Actor } from '../actor.ts';
import { editResponsePlan } from './common.ts';

/** The election in reply to a restriction requirement; an unknown group or species label is refused. */
export function responsePlanElectionSetter(
  db: Db,
  actor: Actor,
  props: { accountId: string; planId: string; election: ElectionInput },
): Promise<ResponsePlanRow> {
  return editResponsePlan(db, actor, {
    accountId: props.accountId,
    planId: props.planId,
    action: 'response_plan.election_set',
    apply: (source, edits) => {
      const next = setElection(source, edits, props.election);
      return { edits: next, details: { ...next.election } };
    },
  });
}
