import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { balanceStatus, needsPurchasePrompt, purchaseMessage } from '../../domain/balance-status.ts';
import { formatCredits2 } from '../../domain/money.ts';
import { balanceAfterWrite, requestBalanceMicro } from '../../queries/request-balance.ts';
import { UsageCounter } from '../../commands/usage-counter.ts';
import { publicBase } from '../public-base.ts';
import { billingPageUrl } from './purchase-url.ts';
import { PLUGIN, sharedPlugin } from './shared-plugin.ts';

/**
 * The usage counter every surface's rate limiter counts admitted requests into
 * (`app.usageCounter`, rate-limit.ts), which writes them in batches and flushes what is left when
 * the app closes.
 */
export function usageCounterPlugin(ctx: AppContext) {
  return sharedPlugin(PLUGIN.usageCounter, async (app) => {
    const counter = new UsageCounter(ctx.database.db, {
      onFlushError: (err) => app.log.warn({ err }, 'could not store usage counts; kept for the next flush'),
    });
    app.decorate('usageCounter', counter);
    app.addHook('onClose', async () => {
      await counter.close();
    });
  });
}

/**
 * Usage headers on every authenticated response (spec "Usage headers"), errors included: added
 * by the surfaces whose routes authenticate (/api and /v1), in their own scope.
 * A read (GET, HEAD) charges nothing, so it shows the balance read with its credential or by its
 * handler, or kept in memory, or reads it here if none did (once per request, request-balance.ts);
 * any other request reads it again as the response leaves, so a charge it made shows (and its
 * next read in this process sees it too), unless its charge returned the balance it wrote
 * (`balanceWrittenMicro`: a draft job's submission), which is shown as it is.
 */
export function addUsageHeaders(app: FastifyInstance, ctx: AppContext): void {
  // A callback hook: most requests (free lookups, static files) have no principal and must not
  // pay a promise and a microtask for nothing (issue 12, per-request cost).
  app.addHook('onSend', (request, reply, payload, done) => {
    const principal = request.principal;
    if (!principal) return done(null, payload);
    const show = (micro: bigint) => {
      const status = balanceStatus(micro);
      const shown = formatCredits2(micro);
      reply.header('X-Credit-Balance', shown);
      reply.header('X-Balance-Status', status);
      reply.header('X-Usage-Requests-Today', String(request.usage?.today ?? 0));
      reply.header('X-Usage-Requests-Hour', String(request.usage?.hour ?? 0));
      if (needsPurchasePrompt(status)) {
        reply.header('X-Purchase-Prompt', 'true');
        reply.header('X-Purchase-Message', purchaseMessage(status, shown, billingPageUrl(publicBase(ctx.config, request))));
      }
      done(null, payload);
    };
    if (principal.balanceWrittenMicro !== undefined) {
      // The request's own charge returned the balance it wrote: no read. What this process kept
      // of the account is forgotten, so its next read sees the charge.
      app.accountCache.forgetAccount(principal.accountId);
      return show(principal.balanceWrittenMicro);
    }
    const read = request.method === 'GET' || request.method === 'HEAD';
    const balance = read
      ? requestBalanceMicro(ctx.database.db, request, principal.accountId)
      : balanceAfterWrite(ctx.database.db, app.accountCache, principal.accountId);
    balance.then(show, (err: unknown) => {
      request.log.warn({ err }, 'could not read the balance for usage headers');
      done(null, payload);
    });
  });
}
