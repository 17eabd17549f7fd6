import type { AppContext } from '../context.ts';
import { publicBase } from '../public-base.ts';
import { PLUGIN, sharedPlugin } from './shared-plugin.ts';

/** The web app's billing page; the 402 and X-Purchase-Message point here. */
export function billingPageUrl(baseUrl: string): string {
  return `${baseUrl}/settings/billing`;
}

/**
 * A 402 insufficient_credits (raised deep in the ledger, which knows no URL) names the billing
 * page's real address in its agent_suggestion and a purchase_url field, on every surface that can
 * spend credits (REST v1, /api, MCP through /api): shared, not a hook of the billing routes' scope.
 */
export function purchaseUrlPlugin(ctx: AppContext) {
  return sharedPlugin(PLUGIN.purchaseUrl, (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 402 || typeof payload !== 'string' || !payload.includes('"insufficient_credits"')) return payload;
      try {
        const body = JSON.parse(payload) as Record<string, unknown>;
        if (body.error_code !== 'insufficient_credits') return payload;
        const billingUrl = billingPageUrl(publicBase(ctx.config, request));
        body.agent_suggestion = `Tell the user to buy credits in the Prosa web app under Settings > Billing, ${billingUrl} (credit purchases are not available inside some assistants), then retry this request.`;
        body.purchase_url = billingUrl;
        return JSON.stringify(body);
      } catch {
        return payload;
      }
    });
  });
}
