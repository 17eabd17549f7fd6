// POST /api/quote: what a planned run would cost, before running it. Reads only; bills nothing.
import type { Db } from '../db/connect.ts';
import type { TypeHint } from '../domain/office-action/index.ts';
import { EXPORT_PRICES, tokenCostMicro, type ExportType } from '../domain/pricing.ts';
import { analysisEngine } from '../analysis/analysis-engine.ts';
import { getBalanceMicro } from './credits.ts';

export interface QuoteRequest {
  analyze?: { text: string; officeActionType: TypeHint };
  draft?: boolean;
  exports?: { type: Exclude<ExportType, 'oa_response'>; count: number }[];
}

export type QuoteLine =
  | { item: 'analyze'; inputTokens: number; outputTokens: number; inputMicro: bigint; amountMicro: bigint }
  | { item: 'draft' | 'export'; type: ExportType; quantity: number; unitMicro: bigint; amountMicro: bigint };

export interface Quote {
  lines: QuoteLine[];
  totalMicro: bigint;
  /** The billed-when-submitted part (draft and exports): a submission is refused (402) beyond the balance. */
  prepaidMicro: bigint;
  multiplierMilli: number;
  balanceMicro: bigint;
}

/**
 * Prices a plan with the account's model multiplier. An analysis is billed on tokens (commands/
 * analysis-creator.ts): its input is counted exactly with the same tokenizer; its output is the
 * record the analysis would deliver, counted from a dry run of the deterministic pipeline, so an
 * estimate (examiner statistics and the optional language-model expert may change it).
 */
export async function quote(db: Db, accountId: string, req: QuoteRequest): Promise<Quote> {
  const account = await db.selectFrom('accounts').select('model_multiplier_milli').where('id', '=', accountId).executeTakeFirstOrThrow();
  const multiplier = account.model_multiplier_milli;
  const lines: QuoteLine[] = [];
  if (req.analyze) {
    // A dry run of the pipeline, in the analysis threads like the real run (issue 12 item 6).
    const { inputTokens, outputTokens } = await analysisEngine().estimateTokens({ text: req.analyze.text, typeHint: req.analyze.officeActionType });
    lines.push({
      item: 'analyze',
      inputTokens,
      outputTokens,
      inputMicro: tokenCostMicro(inputTokens, 0, multiplier),
      amountMicro: tokenCostMicro(inputTokens, outputTokens, multiplier),
    });
  }
  if (req.draft) {
    const unit = EXPORT_PRICES.oa_response.priceMicro;
    lines.push({ item: 'draft', type: 'oa_response', quantity: 1, unitMicro: unit, amountMicro: unit });
  }
  for (const e of req.exports ?? []) {
    const unit = EXPORT_PRICES[e.type].priceMicro;
    lines.push({ item: 'export', type: e.type, quantity: e.count, unitMicro: unit, amountMicro: unit * BigInt(e.count) });
  }
  const sum = (ls: QuoteLine[]) => ls.reduce((t, l) => t + l.amountMicro, 0n);
  return {
    lines,
    totalMicro: sum(lines),
    prepaidMicro: sum(lines.filter((l) => l.item !== 'analyze')),
    multiplierMilli: multiplier,
    balanceMicro: await getBalanceMicro(db, accountId),
  };
}
