// PostgreSQL only: reminders fire once per person, deadline and offset when two processes run the
// notification pass at the same moment (two replicas' workers, or a worker and `prosa notify run`).
// First two independent connection pools in this process, then two CLI processes.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database } from '../src/db/connect.ts';
import { accountCreator } from '../src/commands/account-creator.ts';
import { runNotifyPass } from '../src/commands/notifications/notify-pass.ts';
import type { Mailer, OutgoingMail } from '../src/mail/mailer.ts';
import { addDays } from '../src/domain/deadlines/calendar.ts';
import { createTestDatabase } from './support/db.ts';
import { runCli } from './support/cli.ts';
import { mailingDateForThursdayPass, recordPaperEvent, seedDocketedAction } from './support/notify-seed.ts';

const PERSONS = 6;
let one: Database;
let two: Database;
let passDate: string;
let dueDate: string;
const emails: string[] = [];

beforeAll(async () => {
  one = await createTestDatabase();
  two = await openDatabase({ databaseUrl: one.connectionString!, poolSize: 10 });
  const dates = mailingDateForThursdayPass(7, '2026-09-01');
  passDate = dates.passDate;
  for (let i = 0; i < PERSONS; i++) {
    const email = `race-${i}@firm.example`;
    const account = await accountCreator(one.db, { accountId: null, via: 'cli' }, { email, password: 'correct horse battery' });
    emails.push(email);
    // No digest (the second pass below falls on a digest catch-up day): only reminders and alerts.
    await one.db.insertInto('notification_preferences').values({ person_id: account.id, digest: 'none' }).execute();
    const a = await seedDocketedAction(one.db, account.id, { applicationNumber: '18100001', mailingDate: dates.mailingDate });
    await seedDocketedAction(one.db, account.id, { applicationNumber: '18100002', mailingDate: dates.mailingDate });
    await recordPaperEvent(one.db, account.id, a, '18100001');
    dueDate = a.responseDeadline;
  }
}, 120_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
});

/** A mailer that takes its time, so the two passes overlap. */
function slowMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    destination: 'memory',
    sent,
    async send(mail) {
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      sent.push(mail);
    },
  };
}

test('two pools racing: exactly one mail per person, deadline and offset (and per alert)', async () => {
  const [m1, m2] = [slowMailer(), slowMailer()];
  const opts = { passDate, now: new Date(), baseUrl: 'http://prosa.test' };
  const [s1, s2] = await Promise.all([runNotifyPass(one.db, { ...opts, mailer: m1 }), runNotifyPass(two.db, { ...opts, mailer: m2 })]);
  const all = [...m1.sent, ...m2.sent];
  const reminders = all.filter((m) => m.subject.startsWith('Reminder'));
  const alerts = all.filter((m) => m.subject.startsWith('New paper'));
  expect(reminders).toHaveLength(PERSONS * 2);
  expect(alerts).toHaveLength(PERSONS);
  expect(new Set(reminders.map((m) => `${m.to} ${m.subject}`)).size).toBe(PERSONS * 2);
  for (const email of emails) {
    expect(
      reminders
        .filter((m) => m.to === email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([expect.stringContaining('18/100,001'), expect.stringContaining('18/100,002')]);
    expect(alerts.filter((m) => m.to === email)).toHaveLength(1);
  }
  expect(s1.reminders_sent + s2.reminders_sent).toBe(PERSONS * 2);
  expect(s1.alerts_sent + s2.alerts_sent).toBe(PERSONS);
  // One deadline.approaching event per deadline and offset, whoever recorded it.
  expect(s1.deadline_events + s2.deadline_events).toBe(PERSONS * 2);
  const rows = await one.db.selectFrom('notification_deliveries').select(['status']).execute();
  expect(rows).toHaveLength(PERSONS * 3);
  expect(rows.every((r) => r.status === 'sent')).toBe(true);
}, 120_000);

test('two `prosa notify run` processes at once: one .eml per person, deadline and offset', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prosa-notify-race-'));
  const env = { DATABASE_URL: one.connectionString!, PROSA_DATA_DIR: dataDir, PROSA_DEMO_DATA: 'off' };
  const date = addDays(dueDate, -1); // the 1-day offset
  const [r1, r2] = await Promise.all([runCli(['notify', 'run', '--date', date, '--json'], env), runCli(['notify', 'run', '--date', date, '--json'], env)]);
  expect(r1.code, r1.stderr).toBe(0);
  expect(r2.code, r2.stderr).toBe(0);
  const [s1, s2] = [JSON.parse(r1.stdout), JSON.parse(r2.stdout)];
  expect(s1.reminders_sent + s2.reminders_sent).toBe(PERSONS * 2);
  const files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
  expect(files).toHaveLength(PERSONS * 2);
  const keys = files.map((f) => {
    const text = readFileSync(join(dataDir, 'mail', f), 'utf8').replace(/\r?\n[ \t]+/g, ' ');
    return `${/^To: (.*)$/m.exec(text)![1]} ${/^Subject: (.*)$/m.exec(text)![1]}`;
  });
  expect(new Set(keys).size).toBe(PERSONS * 2);
  expect(keys.every((k) => k.includes('due tomorrow'))).toBe(true);
}, 180_000);
