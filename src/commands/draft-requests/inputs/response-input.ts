/**
 * The response builder's input from a stored analysis and a REST #4 request: one pure function
 * used both at submission (to check completeness and strategies before anything is charged) and
 * by the worker (to build the paper), so the two always agree.
 */
import type { ApplicationCaption, ResponseDraftInput } from '../../../documents/types.ts';
import type { OaResponseRequest } from '../request-types.ts';
import { claimDispositions, examinerStatsOf, groundStrategiesOf, officeActionOf, restrictionGroupsOf, strategyOf, type StoredAnalysis } from './analysis.ts';

export function responseInputOf(analysis: StoredAnalysis, request: OaResponseRequest, caption: ApplicationCaption): ResponseDraftInput {
  const groups = restrictionGroupsOf(analysis);
  return {
    caption,
    office_action: officeActionOf(analysis, request.office_action_date),
    claims: claimDispositions(analysis),
    strategy: strategyOf(request.strategy_selections),
    ...(Object.keys(groundStrategiesOf(request.strategy_selections)).length ? { ground_strategies: groundStrategiesOf(request.strategy_selections) } : {}),
    examiner_stats: examinerStatsOf(analysis),
    response_date: request.response_date,
    ...(request.claims ? { claims_text: Object.fromEntries(Object.entries(request.claims).map(([n, text]) => [Number(n), text])) } : {}),
    ...(request.attorney ? { practitioner: request.attorney } : {}),
    ...(request.previously_presented ? { previously_presented: request.previously_presented } : {}),
    ...(request.claim_states ? { claim_states: Object.fromEntries(Object.entries(request.claim_states).map(([n, s]) => [Number(n), s])) } : {}),
    ...(request.election ? { election: request.election } : {}),
    ...(groups.length ? { restriction_groups: groups } : {}),
    ...(analysis.grounds ? { grounds: analysis.grounds } : {}),
    ...(request.accept_incomplete ? { accept_incomplete: true } : {}),
    // Response plans: the practitioner's amended claims, arguments and notes; their answers are the
    // practitioner's own (completeness rules, src/domain/response-plan/completeness.ts).
    ...(request.amended_claims
      ? { amended_claims_text: Object.fromEntries(Object.entries(request.amended_claims).map(([n, text]) => [Number(n), text])) }
      : {}),
    ...(request.arguments?.length ? { practitioner_arguments: request.arguments } : {}),
    ...(request.drafting_notes?.length ? { drafting_notes: request.drafting_notes } : {}),
    ...(request.claim_fees ? { claim_fees: request.claim_fees } : {}),
    answers: request.response_plan_id ? 'practitioner' : 'draft',
  };
}
