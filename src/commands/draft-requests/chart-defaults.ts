/**
 * Strategies the application file changes (issue 18): with the claims and the cited reference
 * held, a claim the analysis would narrow is argued instead where the reference nowhere uses
 * terms of a limitation the examiner mapped to it (src/domain/art/chart-strategy.ts). Only claims
 * the caller left to the analysis' recommendation change; page 1 says which and why.
 */
import type { Db } from '../../db/connect.ts';
import { analysisEngine } from '../../analysis/analysis-engine.ts';
import { claimsToArgue } from '../../domain/art/chart-strategy.ts';
import { groundsOf } from '../../domain/response-plan/grounds.ts';
import type { StrategyCode } from '../../domain/response-plan/strategies.ts';
import { claimsPhrase } from '../../documents/format/claim-numbers.ts';
import { listPhrase } from '../../documents/remarks/wording.ts';
import { chartReferences } from '../../queries/chart-sources.ts';
import type { StoredAnalysis } from './inputs/analysis.ts';
import { claimsBeforeResponse } from './inputs/claims-before.ts';
import type { OaResponseRequest } from './request-types.ts';

export interface ChartDefaults {
  selections: Record<string, StrategyCode>;
  note: string | null;
}

const NONE: ChartDefaults = { selections: {}, note: null };

export async function chartDefaults(
  db: Db,
  accountId: string,
  analysis: { id: string; record: StoredAnalysis },
  request: OaResponseRequest,
): Promise<ChartDefaults> {
  const claims = claimsBeforeResponse(request).filter((c) => c.text !== null);
  if (claims.length === 0) return NONE;
  // The submission already read the analysis' record and the request carries the claims: only the
  // references' held text is read, and the action's text when there is a reference to chart.
  const references = await chartReferences(db, accountId, analysis.record);
  if (references.length === 0) return NONE;
  const row = await db.selectFrom('analyses').select('text').where('id', '=', analysis.id).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) return NONE;
  const chart = await analysisEngine().claimChart({
    actionText: row.text,
    claims,
    references,
    grounds: groundsOf(analysis.record as never, row.text).map((g) => ({ id: g.id, basis: g.basis, statement: { span: g.statement.span } })),
  });
  const recommended = new Map(analysis.record.claim_analyses.map((c) => [c.claim_number, c.recommendation]));
  const argue = claimsToArgue(chart).filter(
    (d) => !(`claim_${d.claim_number}` in request.strategy_selections) && recommended.get(d.claim_number) === 'amend_narrow',
  );
  if (argue.length === 0) return NONE;
  const numbers = argue.map((d) => d.claim_number);
  const terms = listPhrase(
    [...new Set(argue.flatMap((d) => d.absent_terms))].slice(0, 6).map((t) => `“${t}”`),
    'or',
  );
  const citing = [...new Set(argue.map((d) => d.reference))].join(' and ');
  return {
    selections: Object.fromEntries(numbers.map((n) => [`claim_${n}`, 'argue_distinction' as StrategyCode])),
    note: `${claimsPhrase(numbers, true)} ${numbers.length > 1 ? 'are' : 'is'} argued rather than amended: the claim chart shows that ${citing} nowhere uses ${terms}, which ${numbers.length > 1 ? 'they recite' : 'it recites'}. To amend ${numbers.length > 1 ? 'them' : 'it'} instead, draft again choosing to amend ${numbers.length > 1 ? 'them' : 'it'}.`,
  };
}
