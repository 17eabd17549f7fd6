import { z } from 'zod';
import { formatCredits } from '../domain/money.ts';
import { EXPORT_PRICES } from '../domain/pricing.ts';
import type { Quote, QuoteLine } from '../queries/quote.ts';

const credits = z.string().describe('Credits as a decimal string, e.g. "5.00"');

const analyzeLineSchema = z.object({
  item: z.literal('analyze'),
  description: z.string(),
  input_tokens: z.number().int().describe('Counted exactly with the billing tokenizer'),
  output_tokens: z.number().int().describe('Estimated from a dry run of the analysis'),
  input_amount: credits,
  output_amount: credits,
  amount: credits,
  estimated: z.literal(true),
  estimate_basis: z.string(),
});

const fixedLineSchema = z.object({
  item: z.enum(['draft', 'export']),
  type: z.enum(['oa_response', 'ids', 'form', 'drawing']),
  description: z.string(),
  quantity: z.number().int(),
  unit_price: credits,
  amount: credits,
  estimated: z.literal(false),
});

/** A USPTO fee an export's paper carries today (paid to the USPTO, not in credits), for the entity status. */
export const usptoFeeQuotedSchema = z.object({
  export: z.string().describe('The export type or form the fee belongs to'),
  citation: z.string(),
  title: z.string(),
  amount: z.string().nullable().describe("Dollars; null when Prosa's table has no amount for today"),
  verified: z.boolean().describe('The amount was read from the CFR text'),
  per: z.string(),
  when: z.string().optional().describe('When the fee is due at all (the IDS fee only in some windows)'),
});

/** POST /api/quote. Decimal strings throughout, as every amount Prosa serves; nothing is billed. */
export const quoteSchema = z.object({
  line_items: z.array(z.union([analyzeLineSchema, fixedLineSchema])),
  total: credits,
  estimated: z.boolean().describe('An analysis is in the quote: its output tokens are estimated'),
  model_multiplier: z.number(),
  balance: credits,
  balance_after: credits,
  covers_prepaid_items: z.boolean().describe('The balance covers the drafts and exports, which are refused (402) beyond it; token usage never is'),
  billed: z.literal(false),
  notes: z.array(z.string()),
  uspto_fees: z.array(usptoFeeQuotedSchema).optional().describe('Exports whose papers carry USPTO fees'),
});
export type QuoteWire = z.infer<typeof quoteSchema>;

function presentLine(l: QuoteLine): QuoteWire['line_items'][number] {
  if (l.item === 'analyze') {
    return {
      item: 'analyze',
      description: 'Office action analysis (analyze_office_action, REST #3): billed on tokens when it runs',
      input_tokens: l.inputTokens,
      output_tokens: l.outputTokens,
      input_amount: formatCredits(l.inputMicro),
      output_amount: formatCredits(l.amountMicro - l.inputMicro),
      amount: formatCredits(l.amountMicro),
      estimated: true,
      estimate_basis: 'input tokens counted exactly (o200k_base, as billed); output tokens from a dry run of the analysis without examiner statistics',
    };
  }
  return {
    item: l.item,
    type: l.type,
    description:
      l.item === 'draft' ? 'Response to office action, DOCX (submit_response, REST #4)' : `${EXPORT_PRICES[l.type].label} export (POST /api/exports)`,
    quantity: l.quantity,
    unit_price: formatCredits(l.unitMicro),
    amount: formatCredits(l.amountMicro),
    estimated: false,
  };
}

export function presentQuote(q: Quote, notes: string[], usptoFees: z.infer<typeof usptoFeeQuotedSchema>[] = []): QuoteWire {
  const estimated = q.lines.some((l) => l.item === 'analyze');
  return {
    line_items: q.lines.map(presentLine),
    total: formatCredits(q.totalMicro),
    estimated,
    model_multiplier: q.multiplierMilli / 1000,
    balance: formatCredits(q.balanceMicro),
    balance_after: formatCredits(q.balanceMicro - q.totalMicro),
    // Drafts and exports are refused (402) when the balance cannot cover them; token usage never is.
    covers_prepaid_items: q.balanceMicro >= q.prepaidMicro,
    billed: false,
    notes,
    ...(usptoFees.length ? { uspto_fees: usptoFees } : {}),
  };
}
