/**
 * A Prosa server (startServer, all roles, like `prosa serve`) whose worker stops dead half-way
 * through a draft job: the crash test (test/draft-crash.test.ts) starts it, lets it accept and
 * charge one job, and kills it with SIGKILL while the job is in progress.
 *
 * It prints one line, `IN_PROGRESS <job_id> <account_id>`, when the job has reached
 * "Drafting claim amendments", then hangs there. Database from DATABASE_URL or PROSA_DATA_DIR.
 */
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { creditGranter } from '../../src/commands/credit-granter.ts';
import { CLI_ACTOR } from '../../src/commands/actor.ts';
import { credits } from '../../src/domain/money.ts';
import { OA_TEXT } from './drafts.ts';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'silent' });
const server = await startServer(config, undefined, {
  queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
  worker: {
    afterStep: async (jobId, progress) => {
      if (progress !== 40) return;
      const row = await server.database.db.selectFrom('draft_jobs').select('account_id').where('id', '=', jobId).executeTakeFirstOrThrow();
      process.stdout.write(`IN_PROGRESS ${jobId} ${row.account_id}\n`);
      await new Promise(() => {}); // the crash: this attempt never finishes
    },
  },
});
const { app, database } = server;
await seedDemoData(database.db, '2026-11-21');
const inject = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url, payload, headers, remoteAddress: '10.9.8.7' });

const signup = await inject('POST', '/api/auth/signup', { email: `crash-${Date.now()}@firm.example`, password: 'correct horse battery' });
const accountId = signup.json().account.id as string;
const cookie = `prosa_session=${signup.cookies.find((c) => c.name === 'prosa_session')!.value}`;
const key = (await inject('POST', '/api/keys', { name: 'crash' }, { cookie })).json().key as string;
await creditGranter(database.db, CLI_ACTOR, { accountId, amountMicro: credits(100), kind: 'grant', description: 'crash test' });
const analysis = (
  await inject(
    'POST',
    '/v1/prosa/analyze',
    { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false },
    { 'x-api-key': key },
  )
).json();
const submitted = await inject(
  'POST',
  '/v1/prosa/draft-roa',
  { application_number: '17200011', analysis_id: analysis.analysis_id, response_date: '2026-11-21' },
  { 'x-api-key': key },
);
if (submitted.statusCode !== 202) {
  process.stderr.write(`submission failed: ${submitted.statusCode} ${submitted.body}\n`);
  process.exit(1);
}
