import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, sessionCookie, signUp, type TestApp } from '../support/app.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { loadConfig } from '../../src/config.ts';

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Prosa <mail@prosa.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: randomIp() });

describe('password reset by e-mail over SMTP', () => {
  test('the link sets a new password once, ends old sessions and signs in', async () => {
    const a = await signUp(t.app, `reset-${Date.now()}@firm.example`);
    const res = await post('/api/auth/password-reset', { email: a.email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    const link = await smtp.linkFor(a.email, '/reset-password?token=');
    expect(link.startsWith('http://prosa.test/reset-password?token=')).toBe(true);
    expect(smtp.messages.at(-1)!.raw).toContain('From: Prosa <mail@prosa.test>');
    const token = new URL(link).searchParams.get('token')!;

    expect((await post('/api/auth/password-reset/confirm', { token, password: 'short' })).statusCode).toBe(400);
    const ok = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new passphrase' });
    expect(ok.statusCode, ok.body).toBe(200);
    const fresh = sessionCookie(ok);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: a.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: fresh } })).statusCode).toBe(200);
    const again = await post('/api/auth/password-reset/confirm', { token, password: 'another new passphrase' });
    expect(again.json().error_code).toBe('invalid_or_expired_link');
    expect((await post('/api/auth/signin', { email: a.email, password: 'a brand new passphrase' })).statusCode).toBe(200);
    // The reset proved the inbox.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/email-verification', headers: { cookie: fresh } })).json()).toMatchObject({ verified: true });
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const before = smtp.messages.length;
    const res = await post('/api/auth/password-reset', { email: 'nobody@nowhere.example' });
    expect(res.statusCode).toBe(202);
    expect(smtp.messages.length).toBe(before);
  });

  test('an empty or malformed address is a 400 naming the field, not a promise of mail', async () => {
    // The web form once submitted an empty address (the field was filled on the page it was
    // leaving) and was told a link was on its way.
    const before = smtp.messages.length;
    for (const email of ['', '   ', 'not-an-address']) {
      const res = await post('/api/auth/password-reset', { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_error' });
      expect(res.body).toContain('email');
    }
    expect(smtp.messages.length).toBe(before);
  });

  test('e-mail verification and password change', async () => {
    const a = await signUp(t.app, `verify-${Date.now()}@firm.example`);
    const sent = await post('/api/auth/email-verification', {}, { cookie: a.cookie });
    expect(sent.statusCode).toBe(202);
    const token = new URL(await smtp.linkFor(a.email, '/verify-email?token=')).searchParams.get('token')!;
    expect((await post('/api/auth/email-verification/confirm', { token })).json()).toMatchObject({ verified: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/email-verification', headers: { cookie: a.cookie } })).json()).toMatchObject({
      email: a.email,
      verified: true,
    });

    expect(
      (await post('/api/auth/password', { current_password: 'wrong wrong wrong', new_password: 'x'.repeat(12) }, { cookie: a.cookie })).json().error_code,
    ).toBe('wrong_password');
    expect(
      (await post('/api/auth/password', { current_password: 'correct horse battery', new_password: 'a changed passphrase' }, { cookie: a.cookie })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    expect((await post('/api/auth/signin', { email: a.email, password: 'a changed passphrase' })).statusCode).toBe(200);
  });
});

describe('with no SMTP configured', () => {
  test('mail is written to the mail folder of the data directory and logged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prosa-mail-'));
    const lines: object[] = [];
    const mailer = createMailer(loadConfig({ PROSA_DATA_DIR: dir, BASE_URL: 'http://prosa.test' }), { info: (o) => lines.push(o) });
    await mailer.send({ to: 'ada@firm.example', subject: 'Reset your Prosa password', text: 'http://prosa.test/reset-password?token=abc' });
    const files = readdirSync(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, 'mail', files[0]), 'utf8');
    expect(eml).toContain('To: ada@firm.example');
    expect(eml).toContain('Subject: Reset your Prosa password');
    expect(eml).toContain('reset-password?token=abc');
    expect(lines[0]).toMatchObject({ to: 'ada@firm.example', text: expect.stringContaining('token=abc') });
  });
});
