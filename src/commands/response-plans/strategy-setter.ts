import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { setStrategy } from '../../domain/response-plan/plan.ts';
import type { Actor } from '../actor.ts';
import { editResponsePlan } from './common.ts';

/** Chooses one claim's strategy (any code of the one vocabulary). */
export function responsePlanStrategySetter(db: Db, actor: Actor, props: { accountId: string; planId: string; claim: number; strategy: string }): Promise<ResponsePlanRow> {
  return editResponsePlan(db, actor, {
    accountId: props.accountId,
    planId: props.planId,
    action: 'response_plan.strategy_set',
    apply: (source, edits) => ({ edits: setStrategy(source, edits, props.claim, props.strategy), details: { claim: props.claim, strategy: props.strategy } }),
  });
}
