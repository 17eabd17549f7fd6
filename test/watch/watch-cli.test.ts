/**
 * The USPTO watch end to end (issue 21), through HTTP and the CLI, against the Open Data Portal
 * replay (test/support/odp-replay.ts, watch-replay.ts): the HTTP API (the app in this process,
 * opened and closed around the CLI) for the accounts, the docket and GET /api/watch; `prosa watch
 * run` as separate processes on the same database (a PGlite directory or a PostgreSQL database:
 * the suite runs both). A new CTNF is recorded once, docketed with its due
 * date, and told once to each account that dockets the application; a second pass and a pass
 * killed between the fetch and the write add nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshCliEnv, NODE, ROOT, runCli } from '../support/cli.ts';
import { createAppOn, randomIp, type TestApp } from '../support/app.ts';
import { OdpReplay, REPLAY_KEY } from '../support/odp-replay.ts';
import { outgoingPaper, paperPdf, serveWatchedApplication } from '../support/watch-replay.ts';
import { openDatabase } from '../../src/db/connect.ts';

const odp = new OdpReplay();
let env: Record<string, string>;
let drop: (() => Promise<void>) | undefined;

const CTNF = outgoingPaper({ code: 'CTNF', description: 'Non-Final Rejection', identifier: 'MZWATCHCTNF0001', officialDate: '2026-11-20T00:00:00.000-0500' });
const CTAV = outgoingPaper({
  code: 'CTAV',
  description: 'Advisory Action (PTOL-303)',
  identifier: 'MZWATCHCTAV0001',
  officialDate: '2026-11-24T00:00:00.000-0500',
});
const TODAY = '2026-11-27';

beforeAll(async () => {
  await odp.start();
  serveWatchedApplication(odp);
  odp
    .route(
      'GET',
      '/api/v1/download/applications/17248024/MZWATCHCTNF0001.pdf',
      paperPdf(['Application/Control Number: 17/248,024', 'DETAILED ACTION', 'Claims 1-20 are rejected under 35 U.S.C. 103.']),
    )
    .route('GET', '/api/v1/download/applications/17248024/MZWATCHCTAV0001.pdf', paperPdf(['Advisory Action Before the Filing of an Appeal Brief']));
  ({ env, drop } = await freshCliEnv({
    PROSA_DEMO_DATA: 'off',
    PROSA_USPTO_API_KEY: REPLAY_KEY,
    PROSA_USPTO_BASE_URL: odp.url,
    PROSA_WATCH_REQUEST_INTERVAL_MS: '0',
  }));
  // The alert e-mails go to {data dir}/mail (no SMTP_URL) on both databases.
  env = { ...env, PROSA_DATA_DIR: env.PROSA_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prosa-watch-mail-')) };
});
afterAll(async () => {
  await odp.close();
  await drop?.();
});

async function api(
  server: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  cookie?: string,
  payload?: object,
): Promise<{ status: number; json: any; cookie: string | null }> {
  const res = await server.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}), remoteAddress: randomIp() });
  const c = res.cookies.find((x) => x.name === 'prosa_session');
  return { status: res.statusCode, json: res.body ? res.json() : null, cookie: c ? `prosa_session=${c.value}` : null };
}

async function signUp(server: TestApp, email: string): Promise<string> {
  const res = await api(server, 'POST', '/api/auth/signup', undefined, { email, password: 'correct horse battery' });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.cookie!;
}

const watchRun = async () => {
  const r = await runCli(['watch', 'run', '--date', TODAY, '--json'], env, { timeoutMs: 300_000 });
  expect(r.code, r.stderr + r.stdout).toBe(0);
  return JSON.parse(r.stdout);
};

describe('prosa watch, through HTTP and the CLI', () => {
  test('a new CTNF is recorded once, docketed with its due date, told once per docketing account; a second pass and a crash add nothing', async () => {
    // The accounts and their docket, through the API of a running server.
    let server = await createAppOn(env);
    const cookies: string[] = [];
    try {
      for (const who of ['a', 'b', 'c']) cookies.push(await signUp(server, `${who}@watch.example`));
      // The lookup fetches the (pending) record and its documents list through the live connector.
      expect((await api(server, 'GET', '/api/applications/17248024', cookies[0])).status).toBe(200);
      for (const cookie of cookies.slice(0, 2))
        expect((await api(server, 'POST', '/api/docket', cookie, { application_number: '17/248,024' })).status).toBe(201);
      const before = await api(server, 'GET', '/api/watch', cookies[0]);
      expect(before.json).toEqual({ enabled: true, reason: null, schedule: '0 6 * * *', last_run: null });
    } finally {
      await server.close();
    }

    // First pass: the history (two notices of allowance from 2023, the 2021 notice of missing
    // parts) is recorded quietly: nothing can be done about it any more.
    const first = await watchRun();
    expect(first.papers.map((p: { document_code: string; announced: boolean }) => [p.document_code, p.announced])).toEqual([
      ['NTC.MISS.PRT', false],
      ['NOA', false],
      ['NOA', false],
    ]);
    expect(first.run).toMatchObject({
      applications_due: 1,
      applications_checked: 1,
      requests_made: 1,
      papers_recorded: 3,
      papers_announced: 0,
      events_written: 0,
      stopped_reason: null,
    });

    // The USPTO mails a non-final rejection: one pass records it, its text fetched, both docketing accounts told.
    serveWatchedApplication(odp, [CTNF]);
    odp.reset();
    const second = await watchRun();
    expect(second.papers).toEqual([
      {
        application_number: '17248024',
        document_code: 'CTNF',
        document_identifier: 'MZWATCHCTNF0001',
        mailing_date: '2026-11-20',
        correspondence_id: expect.any(String),
        announced: true,
        text: 'held',
        // 2026-11-20 + 3 months is Saturday 2027-02-20: due Monday 2027-02-22; six months: 2027-05-20.
        deadlines: { response_deadline: '2027-02-22', critical_deadline_date: '2027-05-20' },
        accounts_notified: 2,
      },
    ]);
    expect(second.run).toMatchObject({ requests_made: 2, papers_recorded: 1, papers_announced: 1, events_written: 2 });
    // The list was asked from the cursor (the newest date seen, less the overlap), then the one PDF.
    expect(odp.requests.map((r) => r.path)).toEqual([
      '/api/v1/patent/applications/17248024/documents?officialDateFrom=2023-08-04',
      '/api/v1/download/applications/17248024/MZWATCHCTNF0001.pdf',
    ]);

    // A second pass finds nothing new.
    const third = await watchRun();
    expect(third.papers).toEqual([]);
    expect(third.run).toMatchObject({ requests_made: 1, papers_recorded: 0, events_written: 0 });

    // An advisory action arrives; the pass is killed while its file is being fetched (after the
    // list was read, before anything was written).
    serveWatchedApplication(odp, [CTAV, CTNF]);
    const killed = await new Promise<NodeJS.Signals | null>((resolve) => {
      const child = spawn(NODE, [`${ROOT}src/main.ts`, 'watch', 'run', '--date', TODAY, '--json'], {
        cwd: ROOT,
        env: { ...process.env, BASE_URL: 'http://localhost:8080', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
        stdio: 'ignore',
      });
      odp.onRequest = (req) => {
        if (req.path.endsWith('MZWATCHCTAV0001.pdf')) child.kill('SIGKILL');
      };
      child.on('exit', (_code, signal) => resolve(signal));
    });
    odp.onRequest = null;
    expect(killed).toBe('SIGKILL');
    const afterCrash = await watchRun();
    expect(
      afterCrash.papers.map((p: { document_code: string; accounts_notified: number; text: string }) => [p.document_code, p.accounts_notified, p.text]),
    ).toEqual([['CTAV', 2, 'held']]);
    expect((await watchRun()).papers).toEqual([]);

    // The notification pass tells each docketing account once per new paper (one alert e-mail
    // each); a second pass writes nothing more. The history recorded quietly is never mailed.
    const mailDir = join(env.PROSA_DATA_DIR, 'mail');
    const mails = () =>
      existsSync(mailDir)
        ? readdirSync(mailDir)
            .filter((f) => f.endsWith('.eml'))
            .sort()
        : [];
    const notified = await runCli(['notify', 'run', '--date', TODAY, '--json'], env, { timeoutMs: 300_000 });
    expect(notified.code, notified.stderr).toBe(0);
    expect(JSON.parse(notified.stdout)).toMatchObject({ alerts_sent: 4, reminders_sent: 0, failed: 0 });
    const alerts = mails().map((f) => readFileSync(join(mailDir, f), 'utf8').replace(/\r?\n[ \t]+/g, ' '));
    expect(alerts.map((m) => [m.match(/^To: (.*)$/m)?.[1], m.match(/^Subject: (.*)$/m)?.[1]]).sort()).toEqual([
      ['a@watch.example', expect.stringMatching(/^New paper in 17\/248,024/)],
      ['a@watch.example', expect.stringMatching(/^New paper in 17\/248,024/)],
      ['b@watch.example', expect.stringMatching(/^New paper in 17\/248,024/)],
      ['b@watch.example', expect.stringMatching(/^New paper in 17\/248,024/)],
    ]);
    expect(alerts.filter((m) => m.includes('Non-Final Rejection'))).toHaveLength(2);
    const again = await runCli(['notify', 'run', '--date', TODAY, '--json'], env, { timeoutMs: 300_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ alerts_sent: 0 });
    expect(mails()).toHaveLength(4);

    // The docket shows the CTNF's deadlines (an advisory action sets none); GET /api/watch the last pass.
    server = await createAppOn(env);
    try {
      const docket = await api(server, 'GET', '/api/docket', cookies[0]);
      expect(docket.json.entries).toHaveLength(1);
      expect(docket.json.entries[0].application).toMatchObject({
        response_deadline: '2027-02-22',
        critical_deadline_date: '2027-05-20',
        critical_deadline_correspondence_id: second.papers[0].correspondence_id,
      });
      const status = await api(server, 'GET', '/api/watch', cookies[2]);
      expect(status.json).toMatchObject({ enabled: true, last_run: { trigger: 'cli', run_date: TODAY, papers_recorded: 0, finished_at: expect.any(String) } });
    } finally {
      await server.close();
    }
    const human = await runCli(['watch', 'status'], env, { timeoutMs: 300_000 });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('enabled: true');
    expect(human.stdout).toContain('papers_recorded: 0');

    // Exactly one correspondence.recorded event per docketing account and paper, none for the
    // account that does not docket it; one correspondence row per paper.
    const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.PROSA_DATA_DIR });
    try {
      const events = await database.db
        .selectFrom('docket_events as e')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .select(['a.email', 'e.kind', 'e.payload'])
        .orderBy('a.email')
        .orderBy('e.id')
        .execute();
      expect(events.map((e) => [e.email, e.kind, (e.payload as { document_code: string }).document_code])).toEqual([
        ['a@watch.example', 'correspondence.recorded', 'CTNF'],
        ['a@watch.example', 'correspondence.recorded', 'CTAV'],
        ['b@watch.example', 'correspondence.recorded', 'CTNF'],
        ['b@watch.example', 'correspondence.recorded', 'CTAV'],
      ]);
      expect(events[0].payload).toEqual({
        application_number: '17/248,024',
        document_code: 'CTNF',
        description: 'Non-Final Rejection',
        mailing_date: '2026-11-20',
        correspondence_id: second.papers[0].correspondence_id,
        deadlines: { response_deadline: '2027-02-22', critical_deadline_date: '2027-05-20' },
      });
      const rows = await database.db
        .selectFrom('correspondence')
        .select(['document_identifier', 'full_text'])
        .where('document_identifier', 'in', ['MZWATCHCTNF0001', 'MZWATCHCTAV0001'])
        .orderBy('document_identifier')
        .execute();
      expect(rows.map((r) => r.document_identifier)).toEqual(['MZWATCHCTAV0001', 'MZWATCHCTNF0001']);
      expect(rows[1].full_text).toContain('rejected under 35 U.S.C. 103');
    } finally {
      await database.close();
    }
  }, 600_000);

  test('without PROSA_USPTO_API_KEY the watch says it is off and why, and exits 0', async () => {
    const { PROSA_USPTO_API_KEY: _key, ...keyless } = env;
    const plain = await runCli(['watch', 'run'], keyless);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^The USPTO watch is off: PROSA_USPTO_API_KEY is not set/);
    const json = await runCli(['watch', 'status', '--json'], keyless);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ enabled: false, reason: expect.stringContaining('PROSA_USPTO_API_KEY') });
  }, 120_000);
});
