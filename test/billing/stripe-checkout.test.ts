import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp, LIFTED } from '../support/app.ts';
import { StripeStub, type StubSession } from '../support/stripe-stub.ts';
import { analyzeOa } from '../support/drafts.ts';
import { getBalanceMicro, ledgerSumMicro } from '../../src/queries/credits.ts';
import { credits } from '../../src/domain/money.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';

let stub: StripeStub;
let t: TestApp;
let base: string;

beforeAll(async () => {
  stub = await new StripeStub().start();
  // Every delivery of this file comes from 127.0.0.1, many within a second: the webhook's
  // per-address tier is raised here and tested with its own app below.
  t = await createTestApp({ STRIPE_SECRET_KEY: stub.secretKey, STRIPE_WEBHOOK_SECRET: stub.webhookSecret, STRIPE_API_BASE: stub.url }, undefined, {
    tiers: { stripe_webhook: LIFTED },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stub.webhookUrl = `${base}/api/billing/stripe/webhook`;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

async function account() {
  const s = await signUp(t.app);
  return s;
}

async function startCheckout(cookie: string, body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie }, payload: body, remoteAddress: randomIp() });
  return res;
}

async function purchaseLines(accountId: string) {
  return t.database.db.selectFrom('credit_ledger').selectAll().where('account_id', '=', accountId).where('kind', '=', 'purchase').orderBy('id').execute();
}

async function balanceOf(accountId: string) {
  const b = await getBalanceMicro(t.database.db, accountId);
  expect(await ledgerSumMicro(t.database.db, accountId)).toBe(b);
  return b;
}

describe('billing: starting a checkout', () => {
  test('the server sets the price from the package; the client cannot name one', async () => {
    const a = await account();
    const res = await startCheckout(a.cookie, { package_id: 'pkg_100' });
    expect(res.statusCode, res.body).toBe(201);
    const { session_id, url } = res.json();
    expect(url).toBe(`${stub.url}/pay/${session_id}`);
    const s = stub.sessions.get(session_id)!;
    expect(s.amount_total).toBe(10_000);
    expect(s.currency).toBe('usd');
    expect(s.client_reference_id).toBe(a.accountId);
    expect(s.success_url).toBe('http://prosa.test/settings/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}');
    const row = await t.database.db.selectFrom('checkout_sessions').selectAll().where('id', '=', session_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: a.accountId, amount_cents: 10_000, currency: 'usd', status: 'open', package_id: 'pkg_100' });
    expect(row.credits_micro).toBe(credits(100));
    expect(row.bonus_micro).toBe(credits(10));

    const priced = await startCheckout(a.cookie, { package_id: 'pkg_100', price: 1 });
    expect(priced.statusCode).toBe(400);
  });

  test('custom amounts are whole dollars from 10 to 10,000, credited 1:1', async () => {
    const a = await account();
    for (const amount of [9, 10_001, 10.5, -5]) {
      const res = await startCheckout(a.cookie, { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error_code).toBe('validation_error');
    }
    expect((await startCheckout(a.cookie, { package_id: 'pkg_7' })).statusCode).toBe(400);
    const ok = await startCheckout(a.cookie, { amount: 40 });
    expect(ok.statusCode).toBe(201);
    expect(stub.sessions.get(ok.json().session_id)!.amount_total).toBe(4000);
  });

  test('only a web session can buy: an API key is refused', async () => {
    const a = await account();
    const key = await createKey(t.app, a.cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { 'x-api-key': key },
      payload: { package_id: 'pkg_25' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(401);
  });

  test('a Stripe error is a 502 with the error object; nothing is recorded', async () => {
    const broken = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_WEBHOOK_SECRET: stub.webhookSecret, STRIPE_API_BASE: stub.url });
    try {
      const a = await signUp(broken.app);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { cookie: a.cookie },
        payload: { package_id: 'pkg_25' },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: true, error_code: 'payment_provider_error' });
      expect(res.json().message).toContain('Invalid API Key');
      expect(await broken.database.db.selectFrom('checkout_sessions').selectAll().execute()).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

describe('billing: the webhook credits exactly once', () => {
  async function paidSession(pkg = 'pkg_500') {
    const a = await account();
    const res = await startCheckout(a.cookie, { package_id: pkg });
    expect(res.statusCode).toBe(201);
    const s = stub.markPaid(res.json().session_id);
    return { a, s };
  }

  test('a paid checkout credits the amount and the bonus as separate ledger lines', async () => {
    const { a, s } = await paidSession('pkg_500');
    const d = await stub.deliver('checkout.session.completed', s);
    expect(d.status, d.body).toBe(200);
    expect(JSON.parse(d.body)).toMatchObject({ outcome: 'credited' });
    const lines = await purchaseLines(a.accountId);
    expect(lines.map((l) => [l.amount_micro, l.reference])).toEqual([
      [credits(500), `stripe:${s.id}`],
      [credits(75), `stripe:${s.id}:bonus`],
    ]);
    expect(await balanceOf(a.accountId)).toBe(credits(25 + 575));
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'credits.purchase')
      .execute();
    expect(audit).toHaveLength(1);
  });

  test('redelivery of the same event, and the second event kind, credit nothing more', async () => {
    const { a, s } = await paidSession('pkg_100');
    const ev = stub.signedEvent('checkout.session.completed', s);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(stub.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': ev.header },
        body: ev.payload,
      });
      expect(res.status).toBe(200);
    }
    expect((await stub.deliver('checkout.session.async_payment_succeeded', s)).status).toBe(200);
    expect(await balanceOf(a.accountId)).toBe(credits(25 + 110));
    expect(await purchaseLines(a.accountId)).toHaveLength(2);
  });

  test('concurrent deliveries of different events for one session credit once', async () => {
    const { a, s } = await paidSession('pkg_2000');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => stub.deliver(i % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed', s)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => JSON.parse(r.body).outcome === 'credited')).toHaveLength(1);
    expect(await balanceOf(a.accountId)).toBe(credits(25 + 2400));
  });

  test('a failed first delivery is retried by Stripe and credits once', async () => {
    const { a, s } = await paidSession('pkg_25');
    stub.dropFirstDeliveries = 1;
    const ev = { eventId: `evt_retry_${s.id}` };
    expect((await stub.deliver('checkout.session.completed', s, ev)).status).toBe(0);
    expect(await balanceOf(a.accountId)).toBe(credits(25));
    expect((await stub.deliver('checkout.session.completed', s, ev)).status).toBe(200);
    expect((await stub.deliver('checkout.session.completed', s, ev)).status).toBe(200);
    expect(await balanceOf(a.accountId)).toBe(credits(50));
  });

  test('bad signatures, wrong secrets and stale timestamps are 400 and credit nothing', async () => {
    const { a, s } = await paidSession('pkg_100');
    expect((await stub.deliver('checkout.session.completed', s, { secret: 'whsec_not_the_secret' })).status).toBe(400);
    expect((await stub.deliver('checkout.session.completed', s, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    expect((await stub.deliver('checkout.session.completed', s, { header: 't=1,v1=deadbeef' })).status).toBe(400);
    const noSig = await fetch(stub.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noSig.status).toBe(400);
    // A body altered after signing.
    const ev = stub.signedEvent('checkout.session.completed', s);
    const tampered = await fetch(stub.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': ev.header },
      body: ev.payload.replace('"paid"', '"paid" '),
    });
    expect(tampered.status).toBe(400);
    expect(await balanceOf(a.accountId)).toBe(credits(25));
  });

  test('an unpaid session is not credited until its async payment succeeds', async () => {
    const a = await account();
    const res = await startCheckout(a.cookie, { amount: 60 });
    const s = stub.sessions.get(res.json().session_id)!;
    s.status = 'complete';
    const first = await stub.deliver('checkout.session.completed', s);
    expect(JSON.parse(first.body).outcome).toBe('not_paid');
    expect(await balanceOf(a.accountId)).toBe(credits(25));
    stub.markPaid(s.id);
    const second = await stub.deliver('checkout.session.async_payment_succeeded', s);
    expect(JSON.parse(second.body).outcome).toBe('credited');
    expect(await balanceOf(a.accountId)).toBe(credits(85));
    expect(await purchaseLines(a.accountId)).toHaveLength(1);
  });

  test('tampered amounts, currencies or accounts are not credited; unknown sessions neither', async () => {
    const { a, s } = await paidSession('pkg_25');
    const other = await account();
    for (const patch of [
      { amount_total: 999_900 },
      { currency: 'eur' },
      { client_reference_id: other.accountId, metadata: { account_id: other.accountId } },
    ] as Partial<StubSession>[]) {
      const d = await stub.deliver('checkout.session.completed', { ...s, ...patch });
      expect(JSON.parse(d.body).outcome).toBe('mismatch');
    }
    const unknown = await stub.deliver('checkout.session.completed', { ...s, id: 'cs_test_not_created_by_prosa' });
    expect(JSON.parse(unknown.body).outcome).toBe('unknown_session');
    expect(await balanceOf(a.accountId)).toBe(credits(25));
    expect(await balanceOf(other.accountId)).toBe(credits(25));
    // The genuine session still credits afterwards.
    expect(JSON.parse((await stub.deliver('checkout.session.completed', s)).body).outcome).toBe('credited');
    expect(await balanceOf(a.accountId)).toBe(credits(50));
  });

  test('unrelated event types are acknowledged and ignored', async () => {
    const d = await stub.deliver('payment_intent.created', { id: 'pi_1', object: 'payment_intent' });
    expect(d.status).toBe(200);
    expect(JSON.parse(d.body)).toMatchObject({ handled: false });
  });
});

describe('billing: the webhook refuses what Stripe never sends', () => {
  async function paidSession(pkg: string) {
    const a = await account();
    const res = await startCheckout(a.cookie, { package_id: pkg });
    expect(res.statusCode).toBe(201);
    return { a, s: stub.markPaid(res.json().session_id) };
  }

  test('a signature dated more than a minute ahead is refused; a few seconds of skew are not', async () => {
    const { a, s } = await paidSession('pkg_100');
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [3600, 300, 120]) {
      const d = await stub.deliver('checkout.session.completed', s, { timestamp: now + ahead });
      expect(d.status, `${ahead} s ahead`).toBe(400);
      expect(JSON.parse(d.body)).toMatchObject({ error: true, error_code: 'invalid_signature' });
    }
    expect(await balanceOf(a.accountId)).toBe(credits(25));
    const skewed = await stub.deliver('checkout.session.completed', s, { timestamp: now + 5 });
    expect(JSON.parse(skewed.body)).toMatchObject({ outcome: 'credited' });
    expect(await balanceOf(a.accountId)).toBe(credits(25 + 110));
  });

  test('bodies over 64 KiB are refused with 413 before anything is read into the settlement; a large genuine event is not', async () => {
    const { a, s } = await paidSession('pkg_25');
    // Correctly signed, but far larger than any Checkout Session event.
    const big = stub.signedEvent('checkout.session.completed', { ...s, metadata: { pad: 'x'.repeat(70 * 1024) } });
    const res = await fetch(stub.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': big.header },
      body: big.payload,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: true, error_code: 'payload_too_large' });
    expect(await balanceOf(a.accountId)).toBe(credits(25));
    // Stripe's own ceiling on metadata (50 keys of 500 characters) stays well inside the limit.
    const metadata = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key_${i}`, 'm'.repeat(500)]));
    const full = stub.signedEvent('checkout.session.completed', { ...s, metadata });
    const ok = await fetch(stub.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': full.header },
      body: full.payload,
    });
    expect(ok.status).toBe(200);
    expect(await balanceOf(a.accountId)).toBe(credits(50));
  });

  test('per address: a flood gets 429 with Retry-After before its bodies are read; a refused genuine delivery leaves no trace and its retry credits once', async () => {
    const own = await createTestApp({ STRIPE_SECRET_KEY: stub.secretKey, STRIPE_WEBHOOK_SECRET: stub.webhookSecret, STRIPE_API_BASE: stub.url }, undefined, {
      tiers: { stripe_webhook: { perMinute: 3, perSecond: 3 } },
    });
    try {
      const a = await signUp(own.app);
      const started = await own.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { cookie: a.cookie },
        payload: { package_id: 'pkg_25' },
        remoteAddress: randomIp(),
      });
      const s = stub.markPaid(started.json().session_id);
      const ev = stub.signedEvent('checkout.session.completed', s);
      const post = (from: string, body: string, header = ev.header) =>
        own.app.inject({
          method: 'POST',
          url: '/api/billing/stripe/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          remoteAddress: from,
        });
      const flood = '203.0.113.9';
      for (let i = 0; i < 3; i++) expect((await post(flood, '{"junk":true}', 't=1,v1=00')).statusCode).toBe(400);
      const refused = await post(flood, ev.payload);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: true, error_code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Nothing recorded: the retry is processed as new.
      expect(await own.database.db.selectFrom('stripe_events').select('id').where('id', '=', ev.eventId).execute()).toEqual([]);
      const retried = await post('198.51.100.20', ev.payload);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ outcome: 'credited' });
      const again = await post('198.51.100.21', ev.payload);
      expect(again.statusCode).toBe(200);
      expect(await getBalanceMicro(own.database.db, a.accountId)).toBe(credits(50));
    } finally {
      await own.close();
    }
  });
});

describe('billing: the success page', () => {
  test('racing the webhook, the purchase is credited once', async () => {
    const a = await account();
    const res = await startCheckout(a.cookie, { package_id: 'pkg_100' });
    const s = stub.markPaid(res.json().session_id);
    const confirm = () =>
      t.app.inject({ method: 'POST', url: `/api/billing/checkout/${s.id}/confirm`, headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    const [c1, d1, c2, d2] = await Promise.all([
      confirm(),
      stub.deliver('checkout.session.completed', s),
      confirm(),
      stub.deliver('checkout.session.async_payment_succeeded', s),
    ]);
    expect([c1.statusCode, d1.status, c2.statusCode, d2.status]).toEqual([200, 200, 200, 200]);
    expect(c1.json()).toMatchObject({ status: 'credited', credited: true });
    expect(await balanceOf(a.accountId)).toBe(credits(135));
    expect(await purchaseLines(a.accountId)).toHaveLength(2);
    const purchases = await t.app.inject({ method: 'GET', url: '/api/billing/purchases', headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    expect(purchases.json().purchases[0]).toMatchObject({ session_id: s.id, amount: '100.00', credits: '110.00', bonus: '10.00', status: 'credited' });
  });

  test("a paid purchase lists Stripe's receipt (payment intent -> latest charge), fetched once and kept", async () => {
    const a = await account();
    const res = await startCheckout(a.cookie, { package_id: 'pkg_25' });
    const list = () => t.app.inject({ method: 'GET', url: '/api/billing/purchases', headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    // Not paid yet: no receipt, and Stripe is not asked for one.
    expect((await list()).json().purchases[0]).toMatchObject({ status: 'open', receipt_url: null });
    const s = stub.markPaid(res.json().session_id);
    expect(JSON.parse((await stub.deliver('checkout.session.completed', s)).body).outcome).toBe('credited');
    const charge = stub.charges.get(stub.paymentIntents.get(s.payment_intent!)!.latest_charge)!;
    const asked = () => stub.requests.filter((r) => r.path === `/v1/payment_intents/${s.payment_intent}`);
    const first = (await list()).json().purchases[0];
    expect(first).toMatchObject({ session_id: s.id, status: 'credited', receipt_url: charge.receipt_url });
    expect(asked()).toHaveLength(1);
    expect(asked()[0]!.body).toMatchObject({ expand: ['latest_charge'] });
    expect((await fetch(first.receipt_url)).status).toBe(200);
    // Cached in checkout_sessions: the second listing does not ask Stripe again.
    expect((await list()).json().purchases[0].receipt_url).toBe(charge.receipt_url);
    expect(asked()).toHaveLength(1);
  });

  test('before payment it reports open; another account gets 404', async () => {
    const a = await account();
    const res = await startCheckout(a.cookie, { package_id: 'pkg_25' });
    const id = res.json().session_id;
    const mine = await t.app.inject({ method: 'POST', url: `/api/billing/checkout/${id}/confirm`, headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    expect(mine.json()).toMatchObject({ status: 'open', credited: false });
    const b = await account();
    const theirs = await t.app.inject({ method: 'POST', url: `/api/billing/checkout/${id}/confirm`, headers: { cookie: b.cookie }, remoteAddress: randomIp() });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('billing: the billing page URL', () => {
  test('X-Purchase-Message and the 402 name the billing settings page (BASE_URL/settings/billing)', async () => {
    await seedDemoData(t.database.db, '2026-11-21');
    const a = await account();
    const key = await createKey(t.app, a.cookie);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    expect(me.headers['x-purchase-message']).toContain('http://prosa.test/settings/billing');
    const { analysis_id } = await analyzeOa(t.app, key);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': key },
      payload: { application_number: '17/200,011', analysis_id },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: true, error_code: 'insufficient_credits', purchase_url: 'http://prosa.test/settings/billing' });
    expect(res.json().agent_suggestion).toContain('http://prosa.test/settings/billing');
  });
});

describe('billing: not configured', () => {
  test('says so and how an operator grants credits', async () => {
    const plain = await createTestApp();
    try {
      const a = await signUp(plain.app);
      const info = await plain.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: a.cookie }, remoteAddress: randomIp() });
      expect(info.json()).toMatchObject({ configured: false });
      expect(info.json().not_configured_message).toContain('prosa credits grant');
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { cookie: a.cookie },
        payload: { package_id: 'pkg_25' },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error_code).toBe('billing_not_configured');
      const hook = await plain.app.inject({
        method: 'POST',
        url: '/api/billing/stripe/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(hook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
