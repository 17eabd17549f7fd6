import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../errors.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { actorOf } from '../../actor.ts';
import { SYSTEM_ACTOR } from '../../../commands/actor.ts';
import { findAccountById } from '../../../queries/accounts.ts';
import { getBalanceMicro } from '../../../queries/credits.ts';
import { CREDIT_PACKAGES } from '../../../domain/pricing.ts';
import { credits, formatCredits } from '../../../domain/money.ts';
import { constructWebhookEvent, createStripe, WEBHOOK_BODY_LIMIT } from '../../../billing/stripe-client.ts';
import { CURRENCY, CUSTOM_MAX_DOLLARS, CUSTOM_MIN_DOLLARS, offerFor } from '../../../billing/offers.ts';
import { withReceipts } from '../../../billing/receipts.ts';
import { checkoutSettler, checkoutStarter, findOwnCheckoutSession, stripeUnavailable } from '../../../billing/checkout.ts';
import { publicBase } from '../../public-base.ts';
import { billingPageUrl } from '../../plugins/purchase-url.ts';
import { SAFE_NEXT_MAX_LENGTH } from '../../../domain/safe-next-path.ts';
import {
  billingOfferSchema,
  checkoutConfirmedSchema,
  checkoutStartedSchema,
  presentPurchase,
  purchasesSchema,
  type CheckoutStatus,
} from '../../../presenters/billing.ts';

const NOT_CONFIGURED_MESSAGE =
  'This Prosa server has no Stripe keys (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). An operator can add credits to an account with `prosa credits grant --email <e-mail> --amount <credits>`.';

function notConfigured(): AppError {
  return new AppError(
    409,
    'billing_not_configured',
    'Credit top-ups are not configured on this server.',
    'Ask the operator to grant credits with `prosa credits grant --email <e-mail> --amount <credits>`, or to configure Stripe.',
  );
}

const SETTLE_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']);

/**
 * Credit top-ups through Stripe Checkout: the price list, starting a checkout (the server sets
 * the price), the success page's confirmation, the account's purchases, and Stripe's webhook.
 */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const stripe: Stripe | null = ctx.config.stripe ? createStripe(ctx.config.stripe) : null;

  r.get(
    '/billing',
    {
      config: { auth: 'account' },
      schema: { tags: ['credits'], summary: 'Credit top-ups: whether they are configured, packages and custom amounts', response: { 200: billingOfferSchema } },
    },
    async (request) => ({
      configured: stripe !== null,
      currency: CURRENCY,
      packages: CREDIT_PACKAGES.map((p) => ({
        id: p.id,
        price: formatCredits(credits(p.price)),
        credits: formatCredits(credits(p.credits)),
        bonus: formatCredits(credits(p.bonus)),
      })),
      custom: { min: formatCredits(credits(CUSTOM_MIN_DOLLARS)), max: formatCredits(credits(CUSTOM_MAX_DOLLARS)), rate: 'credits 1:1 with dollars, no bonus' },
      billing_url: billingPageUrl(publicBase(ctx.config, request)),
      not_configured_message: stripe ? null : NOT_CONFIGURED_MESSAGE,
    }),
  );

  r.post(
    '/billing/checkout',
    {
      // A purchase is made in person: a web session, never an API key or an assistant's token.
      config: { auth: 'session', permission: 'billing' },
      schema: {
        tags: ['credits'],
        summary: 'Start a Stripe Checkout for a package or a whole-dollar amount; answers the checkout URL',
        // `next`: the page to return to once paid (a same-site path; anything else returns to billing).
        body: z
          .object({ package_id: z.string().max(40).optional(), amount: z.number().optional(), next: z.string().max(SAFE_NEXT_MAX_LENGTH).optional() })
          .strict(),
        response: { 201: checkoutStartedSchema },
      },
    },
    async (request, reply) => {
      if (!stripe) throw notConfigured();
      const accountId = accountIdOf(request);
      const offer = offerFor(request.body);
      const account = await findAccountById(db, accountId);
      const started = await checkoutStarter(db, stripe, actorOf(request), {
        accountId,
        email: account!.email,
        offer,
        baseUrl: publicBase(ctx.config, request),
        next: request.body.next,
      });
      return reply.status(201).send({ session_id: started.sessionId, url: started.url });
    },
  );

  // The success page: retrieve the session from Stripe and run the same idempotent step as the
  // webhook, so whichever comes first credits and the other is a no-op.
  r.post(
    '/billing/checkout/:id/confirm',
    {
      config: { auth: 'session', permission: 'billing' },
      schema: {
        tags: ['credits'],
        params: z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'must be a checkout session id') }),
        response: { 200: checkoutConfirmedSchema },
      },
    },
    async (request) => {
      if (!stripe) throw notConfigured();
      const accountId = accountIdOf(request);
      const own = await findOwnCheckoutSession(db, accountId, request.params.id);
      let status = own.status;
      if (own.status === 'open') {
        let session: Stripe.Checkout.Session;
        try {
          session = await stripe.checkout.sessions.retrieve(own.id);
        } catch (err) {
          throw stripeUnavailable(err);
        }
        const result = await checkoutSettler(db, actorOf(request), session);
        status = result.row?.status ?? status;
        if (result.outcome === 'mismatch') status = 'open';
      }
      return {
        session_id: own.id,
        status: status as CheckoutStatus,
        credited: status === 'credited',
        balance: formatCredits(await getBalanceMicro(db, accountId)),
      };
    },
  );

  r.get('/billing/purchases', { config: { auth: 'account' }, schema: { tags: ['credits'], response: { 200: purchasesSchema } } }, async (request) => {
    const rows = await withReceipts(
      db,
      stripe,
      await db.selectFrom('checkout_sessions').selectAll().where('account_id', '=', accountIdOf(request)).orderBy('created_at', 'desc').limit(100).execute(),
    );
    return {
      purchases: rows.map(presentPurchase),
    };
  });

  // Stripe's webhook: the raw body (a parser scoped to this route, at most 64 KiB) verified with
  // the library and our future-timestamp check; per client address, at most the stripe_webhook
  // tier (counted before the body is read; a 429 leaves no trace and Stripe retries it).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(
      '/billing/stripe/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT, config: { auth: 'none', rateLimit: 'stripe_webhook' }, schema: { hide: true } },
      async (request, reply) => {
        if (!stripe || !ctx.config.stripe)
          return reply.status(404).send({
            error: true,
            error_code: 'billing_not_configured',
            message: 'Stripe is not configured on this server.',
            agent_suggestion: 'Configure STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.',
          });
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) {
          return reply.status(400).send({
            error: true,
            error_code: 'invalid_signature',
            message: 'Missing Stripe-Signature header or body.',
            agent_suggestion: 'Only Stripe calls this endpoint.',
          });
        }
        let event: Stripe.Event;
        try {
          event = constructWebhookEvent(stripe, raw, signature, ctx.config.stripe.webhookSecret);
        } catch (err) {
          request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'stripe webhook: bad signature or timestamp');
          return reply.status(400).send({
            error: true,
            error_code: 'invalid_signature',
            message: 'The Stripe signature does not verify, or its timestamp is more than 5 minutes old or more than a minute ahead.',
            agent_suggestion: 'Only Stripe calls this endpoint.',
          });
        }
        if (!SETTLE_EVENTS.has(event.type)) return { received: true, handled: false };
        const session = event.data.object as Stripe.Checkout.Session;
        const result = await checkoutSettler(db, SYSTEM_ACTOR, session, { event: { id: event.id, type: event.type } });
        request.log.info({ event: event.id, type: event.type, session: session.id, outcome: result.outcome }, 'stripe webhook');
        return { received: true, handled: true, outcome: result.outcome };
      },
    );
  });
}
