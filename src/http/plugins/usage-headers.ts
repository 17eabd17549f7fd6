import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { balanceStatus, needsPurchasePrompt, purchaseMessage } from '../../domain/balance-status.ts';
import { formatCredits2 } from '../../domain/money.ts';
import { getBalanceMicro } from '../../queries/credits.ts';

/**
 * Usage headers on every authenticated response (spec "Usage headers"), errors included.
 * A read (GET, HEAD) charges nothing, so it shows the balance its credential was read with (one
 * statement, principal.ts); any other request reads it again as the response leaves, so a charge
 * it made shows.
 */
export function registerUsageHeaders(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (!principal) return payload;
    let balance: bigint;
    try {
      const read = request.method === 'GET' || request.method === 'HEAD';
      balance = read && principal.balanceMicro !== undefined ? principal.balanceMicro : await getBalanceMicro(ctx.database.db, principal.accountId);
    } catch (err) {
      request.log.warn({ err }, 'could not read the balance for usage headers');
      return payload;
    }
    const status = balanceStatus(balance);
    const shown = formatCredits2(balance);
    reply.header('X-Credit-Balance', shown);
    reply.header('X-Balance-Status', status);
    reply.header('X-Usage-Requests-Today', String(request.usage?.today ?? 0));
    reply.header('X-Usage-Requests-Hour', String(request.usage?.hour ?? 0));
    if (needsPurchasePrompt(status)) {
      reply.header('X-Purchase-Prompt', 'true');
      reply.header('X-Purchase-Message', purchaseMessage(status, shown, `${ctx.config.baseUrl}/settings/billing`));
    }
    return payload;
  });
}
