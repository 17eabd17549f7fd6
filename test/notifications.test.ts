// Reminders and alerts by e-mail (issue 21 part 3): the preferences API, the one-click unsubscribe
// link (RFC 8058), and what a notification pass mails (the pass the worker job and
// `prosa notify run` both run; test/notify-cli.test.ts drives the CLI itself).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { mailingDateForThursdayPass, recordPaperEvent, seedDocketedAction } from './support/notify-seed.ts';
import { runNotifyPass } from '../src/commands/notifications/notify-pass.ts';
import type { Mailer, OutgoingMail } from '../src/mail/mailer.ts';
import { addDays } from '../src/domain/deadlines/calendar.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function capture(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    destination: 'memory',
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

async function pass(date: string, mailer: Mailer = capture()) {
  const summary = await runNotifyPass(t.database.db, { passDate: date, now: new Date(), baseUrl: 'http://prosa.test', mailer });
  return summary;
}

const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: { cookie }, remoteAddress: randomIp() });
const put = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: { cookie }, payload: payload as object, remoteAddress: randomIp() });

const CHANGED = {
  reminders: true,
  categories: { response: true, issue_fee: false, maintenance: true, briefs: false, priority: true },
  offsets: [1, 21, 0],
  digest: 'daily',
  new_paper_alerts: false,
};

describe('GET/PUT /api/notifications/preferences', () => {
  test('the defaults until changed: reminders at 30, 14, 7, 1 days and the day itself, a weekly digest, alerts on', async () => {
    const a = await signUp(t.app);
    const res = await get(a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reminders: true,
      categories: { response: true, issue_fee: true, maintenance: true, briefs: true, priority: true },
      offsets: [30, 14, 7, 1, 0],
      digest: 'weekly',
      new_paper_alerts: true,
      scope: 'mine',
      email: a.email,
      customized: false,
    });
  });

  test('PUT replaces them (offsets kept largest first), GET shows them, and the change is audited', async () => {
    const a = await signUp(t.app);
    const res = await put(a.cookie, CHANGED);
    expect(res.statusCode, res.body).toBe(200);
    const expected = { ...CHANGED, offsets: [21, 1, 0], scope: 'mine', email: a.email, customized: true };
    expect(res.json()).toEqual(expected);
    expect((await get(a.cookie)).json()).toEqual(expected);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'details'])
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'notifications.preferences_updated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'session', details: { digest: 'daily', offsets: [21, 1, 0], new_paper_alerts: false } });
  });

  test('bad input is a clear 400 naming the field; nothing is saved', async () => {
    const a = await signUp(t.app);
    for (const [body, field] of [
      [{ ...CHANGED, offsets: [400] }, 'offsets'],
      [{ ...CHANGED, offsets: [7, 7] }, 'offsets'],
      [{ ...CHANGED, offsets: [1.5] }, 'offsets'],
      [{ ...CHANGED, digest: 'hourly' }, 'digest'],
      [{ ...CHANGED, categories: { ...CHANGED.categories, taxes: true } }, 'categories'],
      [{ ...CHANGED, new_paper_alerts: undefined }, 'new_paper_alerts'],
    ] as const) {
      const res = await put(a.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, error_code: expect.any(String) });
      expect(res.body).toContain(field);
    }
    expect((await get(a.cookie)).json()).toMatchObject({ customized: false });
  });

  test('needs a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', remoteAddress: randomIp() });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', payload: CHANGED, remoteAddress: randomIp() })).statusCode).toBe(401);
  });
});

describe('reminder mail and the one-click unsubscribe', () => {
  test('a reminder carries List-Unsubscribe headers; GET shows a button and changes nothing; a cookie-less one-click POST turns reminders off', async () => {
    const a = await signUp(t.app);
    const { mailingDate, passDate } = mailingDateForThursdayPass(7, '2026-03-02');
    const seeded = await seedDocketedAction(t.database.db, a.accountId, { applicationNumber: '17248024', mailingDate, clientMatter: 'ACME-7' });
    const mailer = capture();
    const summary = await pass(passDate, mailer);
    const mine = mailer.sent.filter((m) => m.to === a.email);
    expect(mine).toHaveLength(1);
    expect(summary.reminders_sent).toBeGreaterThanOrEqual(1);
    const mail = mine[0];
    expect(mail.subject).toContain('17/248,024');
    expect(mail.subject).toContain('in 7 days');
    expect(mail.text).toContain('Client matter: ACME-7');
    expect(mail.text).toMatch(new RegExp(`Due: (Monday|Tuesday|Wednesday|Thursday|Friday), [A-Z][a-z]+ \\d{1,2}, ${seeded.responseDeadline.slice(0, 4)}`));
    expect(mail.text).toContain('http://prosa.test/applications/17248024');
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/prosa\.test\/unsubscribe\?token=([A-Za-z0-9_-]+))>$/.exec(mail.headers!['List-Unsubscribe'])!;
    expect(link).not.toBeNull();
    expect(mail.text).toContain(link[1]);
    const url = link[1].replace('http://prosa.test', '');

    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress: randomIp() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain(a.email);
    expect((await get(a.cookie)).json()).toMatchObject({ reminders: true });

    // What a mail client sends (RFC 8058 §3.2): a POST with the one-click body, no cookie.
    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: randomIp(),
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ unsubscribed: true, list: 'reminders' });
    expect((await get(a.cookie)).json()).toMatchObject({ reminders: false, digest: 'weekly', new_paper_alerts: true, customized: true });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'notifications.unsubscribed')
      .execute();
    expect(audit).toEqual([{ actor: 'anonymous', details: { list: 'reminders' } }]);

    // The next offset (1 day before) sends nothing to this person now.
    const later = capture();
    await pass(addDays(seeded.responseDeadline, -1), later);
    expect(later.sent.filter((m) => m.to === a.email && m.subject.startsWith('Reminder'))).toEqual([]);
  });

  test('an unknown token is a clear 404: the error object for a one-click POST, a page for a browser', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/unsubscribe?token=not-a-real-token-0123456789abcdef',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: randomIp(),
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: true, error_code: 'unsubscribe_link_not_found', message: expect.stringContaining('not known') });
    const missing = await t.app.inject({ method: 'POST', url: '/unsubscribe', remoteAddress: randomIp() });
    expect(missing.statusCode).toBe(404);
    const page = await t.app.inject({
      method: 'GET',
      url: '/unsubscribe?token=nope-nope-nope-nope-nope',
      headers: { accept: 'text/html' },
      remoteAddress: randomIp(),
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This unsubscribe link is not valid');
  });
});

describe('the notification pass', () => {
  test('each reminder is mailed once per deadline and offset, however often the pass runs', async () => {
    const a = await signUp(t.app);
    const { mailingDate, passDate } = mailingDateForThursdayPass(14, '2026-04-01');
    await seedDocketedAction(t.database.db, a.accountId, { applicationNumber: '17300001', mailingDate });
    const first = capture();
    await pass(passDate, first);
    const again = capture();
    await pass(passDate, again);
    expect(first.sent.filter((m) => m.to === a.email).map((m) => m.subject)).toEqual([expect.stringContaining('in 14 days')]);
    expect(again.sent.filter((m) => m.to === a.email)).toEqual([]);
    // deadline.approaching is recorded once for webhooks.
    const events = await t.database.db.selectFrom('docket_events').select(['kind', 'payload']).where('account_id', '=', a.accountId).execute();
    expect(events).toEqual([
      {
        kind: 'deadline.approaching',
        payload: expect.objectContaining({ offset_days: 14, days_left: 14, application_number: '17300001', category: 'response' }),
      },
    ]);
  });

  test('a granted patent on the docket is reminded of its maintenance fee, once per offset (life deadlines)', async () => {
    const a = await signUp(t.app);
    // Granted Tuesday 2023-01-03: the 3.5-year fee is due 2026-07-03 (a Friday, observed Independence
    // Day), so payable on Monday 2026-07-06 (35 U.S.C. 21(b)); a pass 7 days before mails the reminder.
    const applicationId = randomUUID();
    await t.database.db
      .insertInto('applications')
      .values({
        id: applicationId,
        application_number: '16900001',
        owner_account_id: null,
        invention_title: 'Granted widget',
        status: 'patented',
        source: 'odp',
        grant_date: '2023-01-03',
      })
      .execute();
    await t.database.db
      .insertInto('docket_entries')
      .values({ id: randomUUID(), account_id: a.accountId, application_id: applicationId, client_matter: 'MF-1', notes: null })
      .execute();
    const first = capture();
    await pass('2026-06-29', first);
    // (2026-06-29 is a Monday: the weekly digest goes out too.)
    const mine = first.sent.filter((m) => m.to === a.email && m.subject.startsWith('Reminder'));
    expect(mine.map((m) => m.subject)).toEqual([expect.stringMatching(/16\/900,001.*maintenance fee.*in 7 days \(Monday, July 6, 2026\)/)]);
    expect(first.sent.find((m) => m.to === a.email && m.subject.includes('digest'))?.text).toContain('16/900,001');
    expect(mine[0].text).toContain('3.5-year maintenance fee');
    const again = capture();
    await pass('2026-06-29', again);
    expect(again.sent.filter((m) => m.to === a.email)).toEqual([]);
    // Maintenance reminders off: nothing for the same date on another account.
    const b = await signUp(t.app);
    expect((await put(b.cookie, { ...CHANGED, categories: { ...CHANGED.categories, maintenance: false }, offsets: [7] })).statusCode).toBe(200);
    await t.database.db
      .insertInto('docket_entries')
      .values({ id: randomUUID(), account_id: b.accountId, application_id: applicationId, client_matter: null, notes: null })
      .execute();
    const third = capture();
    await pass('2026-06-29', third);
    expect(third.sent.filter((m) => m.to === b.email && m.subject.startsWith('Reminder'))).toEqual([]);
  });

  test('a mail the mailer refuses is sent by the next pass', async () => {
    const a = await signUp(t.app);
    const { mailingDate, passDate } = mailingDateForThursdayPass(7, '2026-05-01');
    await seedDocketedAction(t.database.db, a.accountId, { applicationNumber: '17300002', mailingDate });
    const refusing: Mailer = {
      destination: 'x',
      async send(mail) {
        if (mail.to === a.email) throw new Error('421 try again later');
      },
    };
    const failed = await pass(passDate, refusing);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    const retry = capture();
    await pass(passDate, retry);
    expect(retry.sent.filter((m) => m.to === a.email)).toHaveLength(1);
    const rows = await t.database.db.selectFrom('notification_deliveries').select(['status', 'attempts']).where('person_id', '=', a.accountId).execute();
    expect(rows).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  test('a correspondence.recorded event (as the watch records it) gets exactly one alert mail; alerts off gets none', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await put(b.cookie, { ...CHANGED, new_paper_alerts: false })).statusCode).toBe(200);
    const { mailingDate, passDate } = mailingDateForThursdayPass(40, '2026-07-01');
    const sa = await seedDocketedAction(t.database.db, a.accountId, { applicationNumber: '17400001', mailingDate, clientMatter: 'ZED-1' });
    const sb = await seedDocketedAction(t.database.db, b.accountId, { applicationNumber: '17400001', mailingDate });
    await recordPaperEvent(t.database.db, a.accountId, sa, '17400001');
    await recordPaperEvent(t.database.db, b.accountId, sb, '17400001');
    const first = capture();
    const summary = await pass(passDate, first);
    expect(summary.alerts_sent).toBe(1);
    const alerts = first.sent.filter((m) => m.subject.startsWith('New paper'));
    expect(alerts.map((m) => m.to)).toEqual([a.email]);
    expect(alerts[0].subject).toContain('17/400,001');
    expect(alerts[0].text).toContain('Paper: Non-Final Rejection (CTNF)');
    expect(alerts[0].text).toMatch(/Mailing date: [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(alerts[0].text).toMatch(/Reply without an extension fee by: [A-Z][a-z]+day/);
    expect(alerts[0].text).toContain('http://prosa.test/applications/17400001');
    expect(alerts[0].headers!['List-Unsubscribe']).toMatch(/^<http:\/\/prosa\.test\/unsubscribe\?token=/);
    const second = capture();
    expect((await pass(passDate, second)).alerts_sent).toBe(0);
    expect(second.sent.filter((m) => m.subject.startsWith('New paper'))).toEqual([]);
  });

  test('the weekly digest goes out on Monday, once, listing the next 30 days', async () => {
    const a = await signUp(t.app);
    const { mailingDate, passDate: thursday } = mailingDateForThursdayPass(20, '2026-08-01');
    await seedDocketedAction(t.database.db, a.accountId, { applicationNumber: '17500001', mailingDate, clientMatter: 'DIG-1' });
    const monday = addDays(thursday, 4);
    const first = capture();
    await pass(monday, first);
    const digests = first.sent.filter((m) => m.to === a.email && m.subject.startsWith('Prosa weekly digest'));
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toBe('Prosa weekly digest: 1 deadline in the next 30 days');
    expect(digests[0].text).toContain('17/500,001 (DIG-1)');
    const tuesday = capture();
    await pass(addDays(monday, 1), tuesday);
    expect(tuesday.sent.filter((m) => m.to === a.email && m.subject.includes('digest'))).toEqual([]);
  });

  test('a bad date is a clear error', async () => {
    await expect(pass('2027-02-30')).rejects.toMatchObject({ status: 400, code: 'validation_error' });
  });
});
