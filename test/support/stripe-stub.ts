import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small local server speaking Stripe's wire format for what Prosa uses: POST and GET
 * /v1/checkout/sessions (form-encoded bodies, bearer secret key, Idempotency-Key replay,
 * Stripe's error shape), GET /v1/payment_intents/{id} (expand[]=latest_charge gives the charge
 * object with its receipt_url, else the charge id), a hosted "pay" page, a receipt page, and
 * signed webhook delivery
 * (stripe.webhooks.generateTestHeaderString) to the configured endpoint.
 */
export interface StubSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  livemode: false;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

export class StripeStub {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  readonly sessions = new Map<string, StubSession>();
  /** Payment intents of paid sessions, each with one succeeded charge. */
  readonly paymentIntents = new Map<
    string,
    { id: string; object: 'payment_intent'; amount: number; currency: string; status: 'succeeded'; latest_charge: string }
  >();
  readonly charges = new Map<
    string,
    { id: string; object: 'charge'; amount: number; currency: string; paid: true; status: 'succeeded'; payment_intent: string; receipt_url: string | null }
  >();
  readonly deliveries: Delivery[] = [];
  /** Requests received: method, path, form body. */
  readonly requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  /** Where events are POSTed (Prosa's webhook route). */
  webhookUrl = '';
  /** The next N deliveries are dropped before reaching Prosa (a failed delivery Stripe retries later). */
  dropFirstDeliveries = 0;
  private idempotent = new Map<string, { status: number; body: string }>();
  private server: Server;
  url = '';

  constructor() {
    this.server = createServer(
      (req, res) =>
        void this.handle(req, res).catch((err) => {
          res.statusCode = 500;
          res.end(String(err));
        }),
    );
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Marks a session paid (as the hosted page does when the buyer pays). */
  markPaid(id: string, patch: Partial<StubSession> = {}): StubSession {
    const s = this.sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomBytes(8).toString('hex')}`, url: null }, patch);
    if (s.payment_intent && !this.paymentIntents.has(s.payment_intent)) {
      const ch = `ch_${randomBytes(8).toString('hex')}`;
      this.charges.set(ch, {
        id: ch,
        object: 'charge',
        amount: s.amount_total,
        currency: s.currency,
        paid: true,
        status: 'succeeded',
        payment_intent: s.payment_intent,
        receipt_url: `${this.url}/receipts/${ch}`,
      });
      this.paymentIntents.set(s.payment_intent, {
        id: s.payment_intent,
        object: 'payment_intent',
        amount: s.amount_total,
        currency: s.currency,
        status: 'succeeded',
        latest_charge: ch,
      });
    }
    return s;
  }

  /** A signed event body and header for this session. */
  signedEvent(
    type: string,
    session: StubSession | Record<string, unknown>,
    opts: { eventId?: string; timestamp?: number; secret?: string } = {},
  ): { payload: string; header: string; eventId: string } {
    const eventId = opts.eventId ?? `evt_${randomBytes(10).toString('hex')}`;
    const payload = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: session },
      },
      null,
      2,
    );
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? this.webhookSecret,
      timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { payload, header, eventId };
  }

  /** POSTs a signed event to the webhook URL, as Stripe does (a dropped attempt answers status 0). */
  async deliver(
    type: string,
    session: StubSession | Record<string, unknown>,
    opts: { eventId?: string; timestamp?: number; secret?: string; header?: string } = {},
  ): Promise<Delivery> {
    const ev = this.signedEvent(type, session, opts);
    if (this.dropFirstDeliveries > 0) {
      this.dropFirstDeliveries--;
      const d = { eventId: ev.eventId, type, status: 0, body: 'dropped' };
      this.deliveries.push(d);
      return d;
    }
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': opts.header ?? ev.header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: ev.payload,
    });
    const d = { eventId: ev.eventId, type, status: res.status, body: await res.text() };
    this.deliveries.push(d);
    return d;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const raw = await readBody(req);
    const path = url.pathname;

    // The hosted checkout page (what the buyer's browser sees).
    const pay = /^\/pay\/(cs_test_[A-Za-z0-9]+)$/.exec(path);
    if (pay) {
      const s = this.sessions.get(pay[1]);
      if (!s) return send(res, 404, 'text/html', '<h1>Unknown session</h1>');
      if (req.method === 'GET') {
        return send(
          res,
          200,
          'text/html; charset=utf-8',
          `<!doctype html><html lang="en"><head><title>Stripe test checkout</title></head><body><main><h1>Pay $${(s.amount_total / 100).toFixed(2)}</h1><form method="post"><button type="submit">Pay</button></form><a href="${escapeHtml(s.cancel_url)}">Cancel</a></main></body></html>`,
        );
      }
      this.markPaid(s.id);
      // Stripe delivers the event and redirects the buyer; the redirect may win the race.
      void this.deliver('checkout.session.completed', { ...s }).catch(() => undefined);
      res.statusCode = 303;
      res.setHeader('location', s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id));
      return void res.end();
    }

    // Stripe's hosted receipt (what the purchases list links to).
    const receipt = /^\/receipts\/(ch_[a-f0-9]+)$/.exec(path);
    if (receipt && req.method === 'GET') {
      const ch = this.charges.get(receipt[1]);
      if (!ch) return send(res, 404, 'text/html', '<h1>Unknown receipt</h1>');
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        `<!doctype html><html lang="en"><head><title>Receipt</title></head><body><main><h1>Receipt from Prosa</h1><p>Amount paid $${(ch.amount / 100).toFixed(2)}</p></main></body></html>`,
      );
    }

    // GET parameters (expand[]) travel in the query string, POST ones in the form body.
    const body = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
    this.requests.push({ method: req.method ?? 'GET', path, body });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    }
    const idemKey = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof idemKey === 'string' && this.idempotent.has(idemKey)) {
      const prior = this.idempotent.get(idemKey)!;
      res.setHeader('idempotent-replayed', 'true');
      return send(res, prior.status, 'application/json', prior.body);
    }
    const reply = (status: number, obj: unknown) => {
      const text = JSON.stringify(obj);
      if (req.method === 'POST' && typeof idemKey === 'string') this.idempotent.set(idemKey, { status, body: text });
      send(res, status, 'application/json', text);
    };

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items as Record<string, unknown>[] | undefined) ?? [];
      const item = items[0] as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } } | undefined;
      const unit = Number(item?.price_data?.unit_amount);
      if (!item || !Number.isInteger(unit) || unit <= 0)
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          message: 'Missing required param: line_items[0][price_data][unit_amount].',
          param: 'line_items[0][price_data][unit_amount]',
          code: 'parameter_missing',
        });
      if (!body.success_url)
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          message: 'Missing required param: success_url.',
          param: 'success_url',
          code: 'parameter_missing',
        });
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const amount = unit * Number(item.quantity ?? 1);
      const s: StubSession = {
        id,
        object: 'checkout.session',
        mode: String(body.mode ?? 'payment'),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        amount_subtotal: amount,
        currency: String(item.price_data?.currency ?? 'usd'),
        client_reference_id: (body.client_reference_id as string) ?? null,
        customer_email: (body.customer_email as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        payment_intent: null,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url ?? ''),
        url: `${this.url}/pay/${id}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.sessions.set(id, s);
      return reply(200, s);
    }
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const s = this.sessions.get(get[1]);
      if (!s)
        return stripeError(res, 404, {
          type: 'invalid_request_error',
          message: `No such checkout.session: '${get[1]}'`,
          param: 'session',
          code: 'resource_missing',
        });
      return reply(200, s);
    }
    const pi = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && pi) {
      const intent = this.paymentIntents.get(pi[1]);
      if (!intent)
        return stripeError(res, 404, {
          type: 'invalid_request_error',
          message: `No such payment_intent: '${pi[1]}'`,
          param: 'intent',
          code: 'resource_missing',
        });
      const expand = (body.expand as string[] | undefined) ?? [];
      return reply(200, expand.includes('latest_charge') ? { ...intent, latest_charge: this.charges.get(intent.latest_charge) ?? null } : intent);
    }
    return stripeError(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` });
  }
}

function stripeError(res: ServerResponse, status: number, error: Record<string, unknown>): void {
  send(res, status, 'application/json', JSON.stringify({ error: { ...error, request_log_url: null } }));
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stripe's form encoding: a[b][0][c]=v into nested objects and arrays. */
export function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((p, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const k = Array.isArray(node) ? Number(p) : p;
      const container = node as Record<string | number, unknown>;
      if (last) container[k] = value;
      else {
        container[k] ??= nextIsIndex ? [] : {};
        node = container[k] as Record<string, unknown>;
      }
    });
  }
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
