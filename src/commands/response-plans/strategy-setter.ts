import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { setStrategy } from '../../domain/response-plan/plan.ts';
import type { Actor } from '../actor.ts';
import { editResponsePlan } from './common.ts';

export interface StrategyProps {
  accountId: string;
  planId: string;
  claim: number;
  strategy: string;
}

/**
 * Chooses one claim's strategy (any code of the one vocabulary). Answers chosen for single grounds
 * that no longer fit the new strategy are dropped by the domain; the audit row names them.
 */
export function responsePlanStrategySetter(db: Db, actor: Actor, props: StrategyProps): Promise<ResponsePlanRow> {
  return editResponsePlan(db, actor, {
    accountId: props.accountId,
    planId: props.planId,
    action: 'response_plan.strategy_set',
    apply: (source, edits) => {
      const next = setStrategy(source, edits, props.claim, props.strategy);
      const before = edits.claims[String(props.claim)]?.ground_strategies ?? {};
      const after = next.claims[String(props.claim)]?.ground_strategies ?? {};
      const dropped = Object.keys(before).filter((gid) => !(gid in after));
      return { edits: next, details: { claim: props.claim, strategy: props.strategy, ...(dropped.length ? { ground_strategies_dropped: dropped } : {}) } };
    },
  });
}
