// `prosa notify run --date D`: one notification pass from the command line, writing .eml files to
// {PROSA_DATA_DIR}/mail when no SMTP_URL is set; a second run of the same date writes none.
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { accountCreator } from '../src/commands/account-creator.ts';
import { onPostgres } from './support/db.ts';
import { freshCliEnv, runCli } from './support/cli.ts';
import { mailingDateForThursdayPass, recordPaperEvent, seedDocketedAction } from './support/notify-seed.ts';

let env: Record<string, string>;
let drop: (() => Promise<void>) | undefined;
let dataDir: string;
let passDate: string;

beforeAll(async () => {
  ({ env, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' }));
  // The mail folder is under the data directory on both databases.
  dataDir = env.PROSA_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prosa-notify-'));
  env = { ...env, PROSA_DATA_DIR: dataDir };
  const database = await openDatabase(onPostgres() ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  try {
    await migrateToLatest(database.db);
    const account = await accountCreator(database.db, { accountId: null, via: 'cli' }, { email: 'docket@firm.example', password: 'correct horse battery' });
    const dates = mailingDateForThursdayPass(7, '2026-02-01');
    passDate = dates.passDate;
    const seeded = await seedDocketedAction(database.db, account.id, { applicationNumber: '17248024', mailingDate: dates.mailingDate, clientMatter: 'ACME-7' });
    await recordPaperEvent(database.db, account.id, seeded, '17248024');
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(async () => {
  await drop?.();
});

const mailFiles = () =>
  existsSync(join(dataDir, 'mail'))
    ? readdirSync(join(dataDir, 'mail'))
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];

test('a pass writes one .eml per mail owed (a 7-day reminder and a new-paper alert); a second run writes none', async () => {
  expect(mailFiles()).toEqual([]);
  const first = await runCli(['notify', 'run', '--date', passDate, '--json'], env);
  expect(first.code, first.stderr).toBe(0);
  expect(JSON.parse(first.stdout)).toMatchObject({
    pass_date: passDate,
    persons: 1,
    reminders_sent: 1,
    alerts_sent: 1,
    digests_sent: 0,
    failed: 0,
    deadline_events: 1,
  });
  const files = mailFiles();
  expect(files).toHaveLength(2);
  // Header fields unfolded (RFC 5322 §2.2.3: a long field is folded onto indented lines).
  const mails = files.map((f) => readFileSync(join(dataDir, 'mail', f), 'utf8').replace(/\r?\n[ \t]+/g, ' '));
  const reminder = mails.find((m) => /^Subject: Reminder: 17\/248,024/m.test(m))!;
  const alert = mails.find((m) => /^Subject: New paper in 17\/248,024/m.test(m))!;
  expect(reminder).toBeDefined();
  expect(alert).toBeDefined();
  for (const m of [reminder, alert]) {
    expect(m).toMatch(/^To: docket@firm\.example$/m);
    expect(m).toMatch(/^List-Unsubscribe: <http:\/\/localhost:8080\/unsubscribe\?token=[A-Za-z0-9_-]+>$/m);
    expect(m).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  }
  expect(reminder).toContain('Client matter: ACME-7');

  const second = await runCli(['notify', 'run', '--date', passDate], env);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toContain('0 reminder(s), 0 digest(s), 0 alert(s) sent');
  expect(mailFiles()).toEqual(files);
}, 180_000);

test('a date that is not a calendar date is a clear error', async () => {
  const r = await runCli(['notify', 'run', '--date', '2027-02-30', '--json'], env);
  expect(r.code).toBe(2);
  expect(JSON.parse(r.stderr)).toMatchObject({ error: true, error_code: 'validation_error', message: expect.stringContaining('date') });
}, 60_000);
