import type { Db } from '../../db/connect.ts';
import type { ResponsePlanRow } from '../../db/schema.ts';
import { setClaimText, type ClaimTextInput } from '../../domain/response-plan/plan.ts';
import type { Actor } from '../actor.ts';
import { editResponsePlan } from './common.ts';

/** Sets one claim's amended text and/or the text it now has (the markup's baseline). */
export function responsePlanClaimTextSetter(
  db: Db,
  actor: Actor,
  props: { accountId: string; planId: string; claim: number; input: ClaimTextInput },
): Promise<ResponsePlanRow> {
  return editResponsePlan(db, actor, {
    accountId: props.accountId,
    planId: props.planId,
    action: 'response_plan.claim_text_set',
    apply: (source, edits) => ({
      edits: setClaimText(source, edits, props.claim, props.input),
      // Lengths only: claim text is the client's confidential work product.
      details: { claim: props.claim, text_chars: props.input.text?.length ?? null, original_text_chars: props.input.original_text?.length ?? null },
    }),
  });
}
