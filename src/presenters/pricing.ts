import { z } from 'zod';
import { CREDIT_PACKAGES, EXPORT_PRICES, TOKEN_RATES_PER_MILLION } from '../domain/pricing.ts';
import { formatCredits } from '../domain/money.ts';

/** GET /api/pricing: Prosa's price list (the MCP tool get_pricing relays it). */
export const pricingSchema = z.object({
  token_rates_per_million: z
    .object({ input: z.string(), output: z.string() })
    .describe("Credits per 1M analysis tokens, before the account's model multiplier"),
  exports: z.array(z.object({ type: z.string(), label: z.string(), price: z.string() })).describe('Fixed prices of documents, in credits'),
  packages: z.array(z.object({ id: z.string(), price: z.number().describe('Dollars'), credits: z.number(), bonus: z.number() })).describe('Credit packages'),
  custom_amounts: z.string(),
});
export type PricingWire = z.infer<typeof pricingSchema>;

export function presentPricing(): PricingWire {
  return {
    token_rates_per_million: { input: TOKEN_RATES_PER_MILLION.input.toFixed(2), output: TOKEN_RATES_PER_MILLION.output.toFixed(2) },
    exports: Object.entries(EXPORT_PRICES).map(([type, p]) => ({ type, label: p.label, price: formatCredits(p.priceMicro) })),
    packages: CREDIT_PACKAGES.map((p) => ({ id: p.id, price: p.price, credits: p.credits, bonus: p.bonus })),
    custom_amounts: 'credits 1:1 with dollars, no bonus',
  };
}
