import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { StripeStub } from '../support/stripe-stub.ts';

// After paying, Stripe returns to the billing page with the page that needed
// the credits (`next`), which the billing page confirms and returns to. Only a same-site path
// travels: anything else is dropped (no open redirect through our success_url).
let t: TestApp;
let stub: StripeStub;
beforeAll(async () => {
  stub = await new StripeStub().start();
  t = await createTestApp({ STRIPE_SECRET_KEY: stub.secretKey, STRIPE_WEBHOOK_SECRET: stub.webhookSecret, STRIPE_API_BASE: stub.url });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

async function start(cookie: string, body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie }, payload: body, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(201);
  return stub.sessions.get(res.json().session_id)!;
}

describe('checkout carries the page to return to', () => {
  test('a same-site path rides on the success and cancel addresses', async () => {
    const { cookie } = await signUp(t.app);
    const s = await start(cookie, { package_id: 'pkg_100', next: '/responses/rp_abc?step=submit' });
    expect(s.success_url).toBe(
      'http://prosa.test/settings/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}&next=%2Fresponses%2Frp_abc%3Fstep%3Dsubmit',
    );
    expect(s.cancel_url).toBe('http://prosa.test/settings/billing?checkout=cancelled&next=%2Fresponses%2Frp_abc%3Fstep%3Dsubmit');
  });

  test('another site, a scheme-relative or tricked path is dropped, not carried', async () => {
    const { cookie } = await signUp(t.app);
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)']) {
      const s = await start(cookie, { package_id: 'pkg_100', next });
      expect(s.success_url, next).toBe('http://prosa.test/settings/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}');
    }
  });

  test('an over-long next is a clear 400, not a 500', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { cookie },
      payload: { package_id: 'pkg_100', next: `/${'a'.repeat(600)}` },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_error' });
  });
});
