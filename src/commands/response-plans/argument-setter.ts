import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { setArgument } from '../../domain/response-plan/plan.ts';
import type { Actor } from '../actor.ts';
import { editResponsePlan } from './common.ts';

/** Sets (or, with an empty text, removes) the practitioner's argument on one ground. */
export function responsePlanArgumentSetter(
  db: Db,
  actor: Actor,
  props: { accountId: string; planId: string; groundId: string; text: string },
): Promise<ResponsePlanRow> {
  return editResponsePlan(db, actor, {
    accountId: props.accountId,
    planId: props.planId,
    action: 'response_plan.argument_set',
    apply: (source, edits) => ({
      edits: setArgument(source, edits, props.groundId, props.text, new Date().toISOString()),
      details: { ground_id: props.groundId.trim().toLowerCase(), text_chars: props.text.length },
    }),
  });
}
