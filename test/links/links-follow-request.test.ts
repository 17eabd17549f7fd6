import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../support/app.ts';
import { freePort } from '../support/browser.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { grant, pollUntilDone } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { loadConfig } from '../../src/config.ts';
import { localAddress } from '../../src/cli/serve.ts';

// "With BASE_URL unset, every link Prosa gives (download URLs, feed, e-mail
// links) uses the scheme, host and port of the request." The app runs as the README starts it:
// PORT set, no BASE_URL, and is called at 127.0.0.1:PORT over real TCP.
let t: TestApp;
let smtp: SmtpSink;
let origin: string;
let cookie: string;
let email: string;
let accountId: string;

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(origin + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ BASE_URL: undefined, PORT: String(port), SMTP_URL: smtp.url, MAIL_FROM: 'Prosa <mail@prosa.test>' }, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedDemoData(t.database.db, '2026-11-21');
  email = `links-${Date.now()}@firm.example`;
  const res = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  expect(res.status).toBe(201);
  accountId = ((await res.json()) as { account: { id: string } }).account.id;
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('prosa_session='))!;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('with BASE_URL unset, links follow the request', () => {
  test('the calendar feed URL names the host and port the request used', async () => {
    const feed = await call('/api/calendar-feed', { body: {} });
    expect(feed.status).toBe(201);
    expect(feed.json.url).toMatch(new RegExp(`^${origin}/calendar/[^/]+\\.ics$`));
    expect(feed.json.webcal_url.startsWith(`webcal://127.0.0.1:${new URL(origin).port}/`)).toBe(true);
    // The link works: it is this server.
    expect((await fetch(feed.json.url)).status).toBe(200);
  });

  test('the billing page address follows the request', async () => {
    expect((await call('/api/billing')).json.billing_url).toBe(`${origin}/settings/billing`);
  });

  test('password reset and e-mail confirmation links follow the request', async () => {
    expect((await call('/api/auth/password-reset', { body: { email } })).status).toBe(202);
    expect(await smtp.linkFor(email, '/reset-password?token=')).toMatch(new RegExp(`^${origin}/reset-password\\?token=`));
    expect((await call('/api/auth/email-verification', { body: {} })).json).toMatchObject({ verified: false, sent: true });
    expect(await smtp.linkFor(email, '/verify-email?token=')).toMatch(new RegExp(`^${origin}/verify-email\\?token=`));
  });

  test('a firm invitation link follows the request', async () => {
    const invitee = `invitee-${Date.now()}@firm.example`;
    const res = await call('/api/firm/invitations', { body: { email: invitee, role: 'paralegal' } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const link = await smtp.linkFor(invitee, '/join?token=');
    expect(link).toMatch(new RegExp(`^${origin}/join\\?token=`));
    // The link's token opens the invitation on this server.
    const token = new URL(link).searchParams.get('token')!;
    expect((await call(`/api/firm/join?token=${encodeURIComponent(token)}`)).status).toBe(200);
  });

  test('a DOCX download URL follows the request, and downloads', async () => {
    await grant(t.database.db, accountId, 20);
    const submitted = await call('/api/exports', {
      body: {
        type: 'ids',
        application_number: '17/200,011',
        input: {
          timing: '1.97(c)',
          statement: '1.97(e)(2)',
          us_patents: [{ number: '9,876,543', kind_code: 'B2', date: '2019-05-01', patentee_or_applicant: 'Smith' }],
          date: '2026-11-21',
        },
      },
    });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(202);
    await pollUntilDone(t.app, submitted.json.poll_url, { cookie }, t.database.db);
    const job = await call(submitted.json.poll_url);
    expect(job.json.status).toBe('complete');
    expect(job.json.download_url).toMatch(new RegExp(`^${origin}/v1/prosa/download/`));
    const file = await fetch(job.json.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('wordprocessingml');
  });

  test('a forwarded host is not believed from an untrusted peer (TRUSTED_PROXIES unset)', async () => {
    const billing = await call('/api/billing', { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    expect(billing.json.billing_url).toBe(`${origin}/settings/billing`);
  });

  test('BASE_URL, when set, is every link (a deployment behind a proxy)', async () => {
    const fixed = await createTestApp({ BASE_URL: 'https://prosa.firm.example/' });
    try {
      const { cookie: c } = await signUp(fixed.app);
      const res = await fixed.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: c, host: '127.0.0.1:9999' } });
      expect(res.json().billing_url).toBe('https://prosa.firm.example/settings/billing');
    } finally {
      await fixed.close();
    }
  }, 120_000);

  test('what has no request (OAuth issuer, the start-up hint) uses the PORT, not 8080', () => {
    expect(loadConfig({ PORT: '3000' }).baseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3000' }).baseUrlFixed).toBe(false);
    expect(localAddress('http://0.0.0.0:3000')).toBe('http://localhost:3000');
    expect(localAddress('http://[::]:3001')).toBe('http://localhost:3001');
  });
});
