import { formatCredits } from '../domain/money.ts';
import { EXPORT_PRICES } from '../domain/pricing.ts';
import type { Quote, QuoteLine } from '../queries/quote.ts';

function presentLine(l: QuoteLine) {
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
    description: l.item === 'draft' ? 'Response to office action, DOCX (submit_response, REST #4)' : `${EXPORT_PRICES[l.type].label} export (POST /api/exports)`,
    quantity: l.quantity,
    unit_price: formatCredits(l.unitMicro),
    amount: formatCredits(l.amountMicro),
    estimated: false,
  };
}

/** POST /api/quote. Decimal strings throughout, as every amount Prosa serves; nothing is billed. */
export function presentQuote(q: Quote, notes: string[]) {
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
  };
}
