import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { setGroundStrategy } from '../../domain/response-plan/plan.ts';
import type { Actor } from '../actor.ts';
import { editResponsePlan } from './common.ts';

export interface GroundStrategyProps {
  accountId: string;
  planId: string;
  claim: number;
  groundId: string;
  /** A strategy code; null removes the choice (the ground's answer then follows the claim's strategy). */
  strategy: string | null;
}

/**
 * Chooses the answer to one ground of rejection for one claim (issue 19 item 5): the edit and its
 * audit row in one transaction (editResponsePlan). The domain refuses a ground the action does not
 * state, one that does not treat the claim, and an answer that cannot answer the ground or does
 * not fit the claim's strategy.
 */
export function responsePlanGroundStrategySetter(db: Db, actor: Actor, props: GroundStrategyProps): Promise<ResponsePlanRow> {
  return editResponsePlan(db, actor, {
    accountId: props.accountId,
    planId: props.planId,
    action: 'response_plan.ground_strategy_set',
    apply: (source, edits) => {
      const groundId = props.groundId.trim().toLowerCase();
      const previous = edits.claims[String(props.claim)]?.ground_strategies?.[groundId] ?? null;
      return {
        edits: setGroundStrategy(source, edits, props.claim, groundId, props.strategy),
        details: { claim: props.claim, ground_id: groundId, strategy: props.strategy, previous },
      };
    },
  });
}
