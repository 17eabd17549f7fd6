import { z } from 'zod';
import { defineTool, READ_ONLY, WRITE_IDEMPOTENT } from '../tool.ts';
import { quoteBody } from '../../requests/quote-body.ts';
import { creditsText } from '../../domain/money.ts';
import { AUDIT_SOURCES } from '../../domain/audit-source.ts';
import { accountSchema, type AccountWire, balanceSchema, type CreditsPageWire, creditsPageSchema } from '../../presenters/account.ts';
import { auditPageSchema, type AuditPageWire } from '../../presenters/audit-log.ts';
import { pricingSchema, type PricingWire } from '../../presenters/pricing.ts';
import { quoteSchema, type QuoteWire } from '../../presenters/quote.ts';
import { practitionerProfileInput } from '../../presenters/practitioner.ts';

/** Account and billing tools. Balance tools work for every client; purchase links only where allowed. */

// Outputs are the /api routes' own response schemas where a tool relays a route's answer
// (get_usage, get_pricing, quote_cost, get_audit_log), so a presenter change changes the tool.
const balanceShape = balanceSchema.shape;

interface Me {
  account: AccountWire;
  credits: z.infer<typeof balanceSchema>;
}

function signerText(p: AccountWire['practitioner']): string {
  return p
    ? `your papers are signed by ${p.name}, Reg. No. ${p.registration_number}`
    : "you have no practitioner profile: your papers leave the signer's name and registration number to fill";
}

const whoami = defineTool({
  name: 'whoami',
  title: 'Who am I signed in as',
  description:
    "The Prosa account this assistant acts for: e-mail, name, default entity size (fees use an application's own entity status first), the signed-in member's own practitioner profile (it signs the papers they submit), and credit balance. Free. Call it first when unsure which account or firm you are working in.",
  group: 'account',
  price: 'free',
  input: z.object({}),
  output: z.object({
    account_id: accountSchema.shape.id,
    ...accountSchema.pick({ email: true, display_name: true, entity_size: true, model_multiplier: true, practitioner: true }).shape,
    ...balanceShape,
  }),
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const me = await ctx.api.get<Me>('/api/auth/me');
    const data = {
      account_id: me.account.id,
      email: me.account.email,
      display_name: me.account.display_name,
      entity_size: me.account.entity_size,
      model_multiplier: me.account.model_multiplier,
      practitioner: me.account.practitioner,
      ...me.credits,
    };
    return {
      data,
      summary: `Signed in as ${me.account.email} (${me.account.entity_size} entity by default); ${signerText(me.account.practitioner)}; balance ${creditsText(me.credits.balance)} credits (${me.credits.status}).`,
    };
  },
});

const setPractitionerProfile = defineTool({
  name: 'set_practitioner_profile',
  title: 'Set who signs your papers',
  description:
    "Sets the signed-in member's own practitioner profile, which signs every paper and form they submit unless a request names its own signer (name, registration number, firm, address, telephone, e-mail, deposit account, customer number); each member of a firm signs with their own. Replaces the whole profile; null removes it. Only owners and practitioners sign (403 forbidden_role otherwise). Free. Confirm the details with the user.",
  group: 'account',
  price: 'free',
  input: z.object({ profile: practitionerProfileInput.nullable() }),
  output: z.object({ practitioner: accountSchema.shape.practitioner }),
  annotations: WRITE_IDEMPOTENT,
  async run(args, ctx) {
    const r = await ctx.api.patch<{ account: AccountWire }>('/api/account', { practitioner: args.profile });
    return { data: { practitioner: r.account.practitioner }, summary: `Saved: ${signerText(r.account.practitioner)}.` };
  },
});

const checkCredits = defineTool({
  name: 'check_credits',
  title: 'Check the credit balance',
  description:
    'The credit balance and its status (healthy > 25, low 10-25, very_low 5-10, critical < 5), requests made today and this hour, and where top-ups happen. Free. Check before billed steps: submit_response costs 49.00, an IDS 9.00, other forms 5.00; analysis is billed per token and is never blocked by the balance.',
  group: 'account',
  price: 'free',
  input: z.object({}),
  output: creditsPageSchema.pick({ balance: true, status: true, model_multiplier: true }).extend({
    requests_today: z.number().int().nullable(),
    requests_this_hour: z.number().int().nullable(),
    top_up: z.string().nullable().describe('Where the account owner buys credits; null where this assistant may not offer purchases'),
  }),
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const res = await ctx.api.call<CreditsPageWire>('GET', '/api/credits', {
      query: { limit: 1 },
    });
    const num = (h: string | undefined) => (h !== undefined && /^\d+$/.test(h) ? Number(h) : null);
    const topUp = ctx.caller.noPurchaseOffers ? null : ctx.links.billing;
    const data = {
      balance: res.body.balance,
      status: res.body.status,
      model_multiplier: res.body.model_multiplier,
      requests_today: num(res.headers['x-usage-requests-today']),
      requests_this_hour: num(res.headers['x-usage-requests-hour']),
      top_up: topUp,
    };
    const advice = res.body.status === 'healthy' || !topUp ? '' : ` Credits can be bought in Prosa's billing settings: ${topUp}.`;
    return { data, summary: `Balance ${creditsText(data.balance)} credits (${data.status}).${advice}` };
  },
});

/** get_usage answers with GET /api/credits' page as it is, less the model multiplier check_credits gives. */
const usagePageSchema = creditsPageSchema.pick({ balance: true, status: true, entries: true, next_cursor: true });

const getUsage = defineTool({
  name: 'get_usage',
  title: 'Recent credit usage',
  description:
    'The credit ledger, newest first: every charge (analyses by tokens, documents at their fixed price), refund, grant and purchase, with the balance after each. Free. Pass `before` (the next_cursor of a previous page) to page back.',
  group: 'account',
  price: 'free',
  input: z.object({
    limit: z.number().int().min(1).max(100).default(20),
    before: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional()
      .describe('next_cursor from a previous page'),
  }),
  output: usagePageSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const page = await ctx.api.get<CreditsPageWire>('/api/credits', { limit: args.limit, before: args.before });
    const data = { balance: page.balance, status: page.status, entries: page.entries, next_cursor: page.next_cursor };
    return { data, summary: `${page.entries.length} ledger entr${page.entries.length === 1 ? 'y' : 'ies'}; balance ${creditsText(page.balance)}.` };
  },
});

const getPricing = defineTool({
  name: 'get_pricing',
  title: 'Prosa prices',
  description:
    "Prosa's price list: token rates for analysis (per 1M tokens, times the account's model multiplier), the fixed document prices (OA Response 49.00, IDS 9.00, Form 5.00, Drawing 5.00) and credit packages. Free. For the price of one planned step, use quote_cost.",
  group: 'account',
  price: 'free',
  input: z.object({}),
  // Packages and custom amounts are an offer to buy: left out where the assistant may not offer purchases.
  output: pricingSchema.partial({ packages: true, custom_amounts: true }),
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const p = await ctx.api.get<PricingWire>('/api/pricing');
    const data = ctx.caller.noPurchaseOffers ? { token_rates_per_million: p.token_rates_per_million, exports: p.exports } : p;
    return {
      data,
      summary: `Analysis ${p.token_rates_per_million.input}/1M input and ${p.token_rates_per_million.output}/1M output tokens; ${p.exports.map((e) => `${e.label} ${e.price}`).join(', ')}.`,
    };
  },
});

const quoteCost = defineTool({
  name: 'quote_cost',
  title: 'Price a planned step before running it',
  description:
    "What a planned analysis, response draft or export would cost, in credits, with this account's model multiplier: an analysis is priced on the action's text (input tokens exact, output estimated: estimated true), a draft 49.00, an IDS 9.00, other forms and drawings 5.00 each. Free; nothing is charged or reserved. Says whether the balance covers the documents (which are refused when it does not; analyses never are). Call before analyze_office_action on a long action or before submit_response.",
  group: 'account',
  price: 'free',
  input: quoteBody,
  output: quoteSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const q = await ctx.api.post<QuoteWire>('/api/quote', args);
    const items = q.line_items.map((l) => `${l.item === 'export' ? l.type : l.item} ${l.amount}${l.estimated ? ' (estimated)' : ''}`).join(', ');
    const cover = q.covers_prepaid_items ? '' : ' The balance does not cover the documents: they would be refused until credits are added.';
    return { data: q, summary: `${items}; total ${q.total} credits${q.estimated ? ' (estimated)' : ''}; balance ${creditsText(q.balance)}.${cover}` };
  },
});

const getAuditLog = defineTool({
  name: 'get_audit_log',
  title: "The account's audit log",
  description:
    'Who did what in this account, newest first: every write (docket changes, recorded actions, analyses, exports, settings), sign-ins and every assistant tool call, with its source (web, api_key, assistant, cli, system) and details. Filter by source and by action prefix (e.g. docket., mcp.tool_call). Free. Page back with `before` = next_cursor.',
  group: 'account',
  price: 'free',
  input: z.object({
    limit: z.number().int().min(1).max(200).default(50),
    before: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional()
      .describe('next_cursor from a previous page'),
    source: z.enum(AUDIT_SOURCES).optional(),
    action: z
      .string()
      .regex(/^[a-z0-9_.]{1,64}$/)
      .optional()
      .describe('Action or prefix: docket., analysis., mcp.tool_call'),
  }),
  output: auditPageSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const page = await ctx.api.get<AuditPageWire>('/api/audit', args);
    const latest = page.entries[0];
    return {
      data: page,
      summary: `${page.entries.length} audit entr${page.entries.length === 1 ? 'y' : 'ies'}${latest ? `; latest ${latest.created_at} ${latest.action} (${latest.source})` : ''}${page.next_cursor ? '; more with before=next_cursor' : ''}.`,
    };
  },
});

export const ACCOUNT_TOOLS = [whoami, setPractitionerProfile, checkCredits, getUsage, getPricing, quoteCost, getAuditLog];
