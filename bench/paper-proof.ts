/**
 * Paper proof (issue 19, "Proof"): every kind of paper Prosa drafts, for real office actions, as a
 * practitioner gets them. The app runs in-process on a fresh embedded database (with its draft
 * worker, no language model); everything goes through the public HTTP surface (fastify.inject):
 * sign up, practitioner profile, credits, one docket entry per action (matter number, entity
 * status, the action recorded with its text, the claims and references added to the file), the
 * analysis, the Response to Office Action with the defaults (REST #4) and, for some actions, a
 * response plan with an attorney's choices, arguments and amended claims; then every form of
 * POST /api/exports that applies (client report, extension petition, interview request, IDS,
 * claim chart, terminal disclaimer, RCE transmittal, notice of appeal, pre-appeal request, issue
 * fee transmittal, drawing sheet), and the ones that must be refused for this action (checked
 * refused). After-final forms use the demo record 17/345,678 (no real final rejection is held).
 *
 * Each paper is written to DIR as <action>-<paper>.docx, converted to PDF with LibreOffice,
 * to PNG pages (pdftoppm -r 70) and to text (pdftotext -layout). The table gives the pages,
 * the highlighted places left to fill and the automatic checks (codes or API text, identity
 * places despite the profile, attorney docket number, fees of another entity status, repeated
 * paragraphs); below it, the statements to read: every "depend(s) from claim N" (with the
 * dependency of the claims held), every "does not disclose / identify" sentence. Exits 1 when a
 * paper that applies fails to draft or to render (a paper drafted although it must be refused is
 * reported, UNEXPECTED, without failing the run).
 *
 *   ./node_modules/.bin/node bench/paper-proof.ts [--out DIR] [--no-pages]     (DIR: /tmp/paper-proof)
 *
 * Actions and the attorney's choices: bench/support/paper-proof-actions.ts; reading and checks:
 * bench/support/paper-proof-checks.ts. Takes about five minutes on two cores.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { createRateLimits } from '../src/serving/rate-limits/rate-limit-store.ts';
import { keyringFromSecret } from '../src/auth/keyring.ts';
import { queueHandle } from '../src/jobs/queue-handle.ts';
import { startDraftQueue } from '../src/jobs/queue.ts';
import { startDraftWorker } from '../src/jobs/draft-worker.ts';
import { closeExtractionService } from '../src/extraction/extract.ts';
import { creditGranter } from '../src/commands/credit-granter.ts';
import { CLI_ACTOR } from '../src/commands/actor.ts';
import { credits } from '../src/domain/money.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { addDays } from '../src/domain/deadlines/calendar.ts';
import { todayUtc } from '../src/clock.ts';
import { ACTIONS, DEMO_FINAL, IDS_LISTING, type AttorneyPlan, type Entity, type ProofAction } from './support/paper-proof-actions.ts';
import { checkPaper, readDocx, render, type PaperFacts } from './support/paper-proof-checks.ts';

const argv = process.argv.slice(2);
const OUT = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : '/tmp/paper-proof';
const PAGES = !argv.includes('--no-pages');
mkdirSync(OUT, { recursive: true });

const PROFILE = {
  name: 'Jane Q. Roe',
  registration_number: '71,234',
  firm: 'Roe & Partners LLP',
  address: '100 Main Street\nSuite 400\nPalo Alto, CA 94301',
  telephone: '(650) 555-0100',
  email: 'jroe@roe-ip.example',
  deposit_account: '50-1234',
  customer_number: '20995',
};

// The app as server.ts assembles it, on an in-memory database, limits lifted (one client, many calls).
const database = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(database.db);
const config = loadConfig({ BASE_URL: 'http://prosa.test', PROSA_DEMO_DATA: 'off', LOG_LEVEL: 'silent' });
const lifted = { perMinute: 100_000, perSecond: 10_000 };
const rateLimits = await createRateLimits({
  connectionString: database.connectionString,
  tiers: { authenticated: lifted, account: lifted, free: lifted, unauthenticated: lifted, signin: lifted },
});
const queue = queueHandle(() => startDraftQueue(database, { supervise: true, settings: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } }));
const app = await buildApp(
  { config, database, rateLimits, keyring: keyringFromSecret('paper-proof-signing-secret-0123456789abcdef'), queue },
  { logger: false },
);
await app.ready();
const worker = await startDraftWorker(database, await queue.get(), { llm: null });
const today = todayUtc();
await seedDemoData(database.db, today);

interface Account {
  accountId: string;
  cookie: string;
  key: string;
  call(method: string, url: string, payload?: unknown, viaKey?: boolean): Promise<LightMyRequestResponse>;
}

async function newAccount(): Promise<Account> {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: `proof-${Math.random().toString(36).slice(2)}@roe-ip.example`, password: 'correct horse battery' },
  });
  if (signup.statusCode !== 201) throw new Error(`signup: ${signup.body}`);
  const cookie = `prosa_session=${signup.cookies.find((c) => c.name === 'prosa_session')!.value}`;
  const accountId = signup.json().account.id as string;
  const a: Account = {
    accountId,
    cookie,
    key: '',
    call: (method, url, payload, viaKey = false) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: viaKey ? { 'x-api-key': a.key } : { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
  await must(a.call('PATCH', '/api/account', { practitioner: PROFILE }), 200, 'profile');
  await creditGranter(database.db, CLI_ACTOR, { accountId, amountMicro: credits(3000), kind: 'grant', description: 'paper proof' });
  a.key = (await must(a.call('POST', '/api/keys', { name: 'proof' }), 201, 'key')).json().key;
  return a;
}

async function must(res: Promise<LightMyRequestResponse>, status: number, what: string): Promise<LightMyRequestResponse> {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${what}: ${r.statusCode} ${r.body.slice(0, 500)}`);
  return r;
}

interface Row {
  action: string;
  paper: string;
  outcome: 'paper' | 'refused' | 'FAILED' | 'UNEXPECTED';
  note: string;
  file?: string;
  facts?: PaperFacts;
  places?: number;
  wizardPlaces?: number;
}
const rows: Row[] = [];

/** Submits one paper; a 202 is waited for and downloaded, anything else is a refusal (expected or not). */
async function paper(
  a: Account,
  action: string,
  name: string,
  expect: 'paper' | 'refusal' | 'either',
  facts: PaperFacts,
  submit: () => Promise<LightMyRequestResponse>,
  extra: Partial<Row> = {},
): Promise<void> {
  const res = await submit();
  if (res.statusCode !== 202 && res.statusCode !== 200) {
    const body = res.json();
    rows.push({
      action,
      paper: name,
      outcome: expect === 'paper' ? 'FAILED' : 'refused',
      note: `${res.statusCode} ${body.error_code}: ${String(body.message).slice(0, 160)}`,
      ...extra,
    });
    return;
  }
  const jobId = res.json().job_id as string;
  const until = Date.now() + 180_000;
  let status = 'queued';
  while (status !== 'complete' && status !== 'failed' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await database.db.selectFrom('draft_jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow()).status;
  }
  const job = (await a.call('GET', `/api/exports/${jobId}`)).json();
  if (job.status !== 'complete') {
    rows.push({ action, paper: name, outcome: 'FAILED', note: `job ${job.status}: ${job.error_message ?? ''}`, ...extra });
    return;
  }
  const url = new URL(job.download_url as string);
  const docx = (await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).rawPayload;
  const file = `${action}-${name}`;
  writeFileSync(join(OUT, `${file}.docx`), docx);
  const { places } = await readDocx(docx);
  rows.push({
    action,
    paper: name,
    outcome: expect === 'refusal' ? 'UNEXPECTED' : 'paper',
    note: expect === 'refusal' ? 'drafted although it should be refused' : '',
    file,
    facts,
    places,
    ...extra,
  });
}

/** The date, or the Monday after it when it falls on a weekend. */
const weekday = (d: string) => {
  const day = new Date(`${d}T00:00:00Z`).getUTCDay();
  return day === 6 ? addDays(d, 2) : day === 0 ? addDays(d, 1) : d;
};

/** Ground ids of a plan whose basis (or kind) is `key`. */
const groundsFor = (plan: { grounds: { ground_id: string; basis: string | null; kind: string }[] }, key: string) =>
  plan.grounds.filter((g) => g.basis === key || g.kind === key || g.ground_id.endsWith(`-${key}`)).map((g) => g.ground_id);

async function attorneyPlan(a: Account, action: ProofAction, analysisId: string, p: AttorneyPlan, facts: PaperFacts): Promise<void> {
  const plan = (await a.call('POST', '/api/response-plans', { analysis_id: analysisId })).json();
  const id = plan.plan_id as string;
  for (const [n, s] of Object.entries(p.strategies))
    await must(a.call('PUT', `/api/response-plans/${id}/claims/${n}/strategy`, { strategy: s }), 200, `strategy ${n}`);
  for (const [n, text] of Object.entries(p.texts ?? {})) await must(a.call('PUT', `/api/response-plans/${id}/claims/${n}/text`, { text }), 200, `text ${n}`);
  for (const [key, texts] of Object.entries(p.arguments)) {
    const ids = groundsFor(plan, key);
    if (ids.length === 0) throw new Error(`${action.id}: no ground ${key} in ${plan.grounds.map((g: { ground_id: string }) => g.ground_id).join(', ')}`);
    for (const [i, g] of ids.entries()) {
      const text = Array.isArray(texts) ? texts[Math.min(i, texts.length - 1)] : texts;
      await must(a.call('PUT', `/api/response-plans/${id}/grounds/${g}/argument`, { text }), 200, `argument ${g}`);
    }
  }
  if (p.election) await must(a.call('PUT', `/api/response-plans/${id}/election`, p.election), 200, 'election');
  const preview = (await a.call('GET', `/api/response-plans/${id}/preview`)).json();
  const completeness = (await a.call('GET', `/api/response-plans/${id}/completeness`)).json();
  const missing = (completeness.missing as { plain?: string; message: string }[]).map((m) => m.plain ?? m.message);
  writeFileSync(join(OUT, `${action.id}-${p.label}.plan.json`), JSON.stringify({ completeness, preview }, null, 2));
  await paper(a, action.id, p.label, 'paper', facts, () => a.call('POST', `/api/response-plans/${id}/submit`, { accept_incomplete: true }), {
    wizardPlaces: preview.placeholders_total,
    note: missing.length ? `wizard: ${missing.length} missing` : '',
  });
}

async function runAction(action: ProofAction): Promise<void> {
  const a = await newAccount();
  const entry = (
    await must(
      a.call('POST', '/api/docket', {
        application_number: action.application.number,
        client_matter: action.clientMatter,
        ...(action.entitySize ? { entity_size: action.entitySize } : {}),
        application: { ...action.application, number: undefined },
      }),
      201,
      `${action.id} docket`,
    )
  ).json();
  const recorded = (
    await must(
      a.call('POST', `/api/docket/${entry.id}/office-actions`, { kind: action.kind, mailing_date: addDays(today, -action.mailedDaysAgo), text: action.text }),
      201,
      `${action.id} record`,
    )
  ).json();
  // The analysis first: the file takes only references the analysed action cites.
  const analysisId = (
    await must(
      a.call('POST', '/api/analyses', { application_number: action.application.number, office_action_text: action.text, include_examiner_intel: false }),
      201,
      `${action.id} analysis`,
    )
  ).json().analysis_id as string;
  for (const doc of action.file ?? []) await must(a.call('POST', `/api/docket/${entry.id}/documents`, doc), 201, `${action.id} ${doc.kind}`);
  const entity: Entity = action.entitySize ?? action.application.entity_status;
  const facts: PaperFacts = { clientMatter: action.clientMatter, entity, date: today, claimsListing: action.claimsListing };
  const n = action.application.number;
  const form =
    (form: string, input: object, withAnalysis = false) =>
    () =>
      a.call('POST', '/api/exports', { type: 'form', form, application_number: n, ...(withAnalysis ? { analysis_id: analysisId } : {}), input });
  const open = action.kind !== 'NOA';

  const roa = (extra: object) => () => a.call('POST', '/v1/prosa/draft-roa', { application_number: n, analysis_id: analysisId, ...extra }, true);
  // A restriction reply without an election is refused even when an incomplete paper is accepted
  // (37 CFR 1.143: the reply must elect); the election comes from a plan (plan-elect below).
  if (action.kind === 'CTRS') await paper(a, action.id, 'response-strict', 'refusal', facts, roa({}));
  await paper(a, action.id, 'response', open && action.kind !== 'CTRS' ? 'paper' : 'refusal', facts, roa({ accept_incomplete: true }));
  for (const p of action.plans ?? []) await attorneyPlan(a, action, analysisId, p, facts);

  await paper(a, action.id, 'client-report', 'paper', facts, form('client_report', {}, true));
  const deadline = recorded.calculation?.response_deadline as string | undefined;
  const petitionDate = deadline && deadline >= today ? addDays(deadline, 7) : today;
  await paper(a, action.id, 'extension', open ? 'paper' : 'refusal', facts, form('extension_of_time', { petition_date: petitionDate }));
  if (action.kind === 'CTNF') {
    await paper(
      a,
      action.id,
      'interview',
      'paper',
      facts,
      form(
        'interview_request',
        {
          interview_type: 'video',
          proposed_slots: [
            { date: weekday(addDays(today, 14)), time: '10:00 ET' },
            { date: weekday(addDays(weekday(addDays(today, 14)), 1)), time: '14:00 ET' },
          ],
        },
        true,
      ),
    );
  }
  // After a notice of allowance 37 CFR 1.97(d) needs the statement: the listing is a foreign search report's (1.97(e)(1)).
  await paper(a, action.id, 'ids', 'paper', facts, () =>
    a.call('POST', '/api/exports', { type: 'ids', application_number: n, input: { ...IDS_LISTING, ...(open ? {} : { statement: '1.97(e)(1)' }) } }),
  );
  if (action.file?.length) await paper(a, action.id, 'claim-chart', 'paper', facts, form('claim_chart', {}, true));
  if (action.id === '09' || action.id === 'set-02') {
    // 09: nonstatutory double patenting (a disclaimer answers it); set-02: statutory (35 U.S.C. 101), which no disclaimer can answer.
    await paper(a, action.id, 'terminal-disclaimer', action.id === '09' ? 'paper' : 'refusal', facts, form('terminal_disclaimer', {}, true));
  }
  await paper(a, action.id, 'rce', open ? 'refusal' : 'paper', facts, form('rce_transmittal', { submission: { enclosed: ['ids'] } }));
  await paper(a, action.id, 'notice-of-appeal', 'refusal', facts, form('notice_of_appeal', {}));
  await paper(a, action.id, 'pre-appeal', 'refusal', facts, form('pre_appeal_request', {}, true));
  await paper(a, action.id, 'issue-fee', open ? 'refusal' : 'paper', facts, form('issue_fee_transmittal', {}));
  if (action.drawing)
    await paper(a, action.id, 'drawing', 'paper', facts, () =>
      a.call('POST', '/api/exports', { type: 'drawing', application_number: n, input: action.drawing }),
    );
}

/** The after-final forms, on the demo record's final rejection (small entity on the docket, large in the record). */
async function runDemoFinal(): Promise<void> {
  const a = await newAccount();
  const entry = (
    await must(
      a.call('POST', '/api/docket', { application_number: DEMO_FINAL.number, client_matter: DEMO_FINAL.clientMatter, entity_size: DEMO_FINAL.entitySize }),
      201,
      'demo docket',
    )
  ).json();
  const deadlines = (await a.call('GET', `/api/applications/${DEMO_FINAL.number}/deadlines`)).json();
  const deadline = deadlines.calculation?.response_deadline as string | undefined;
  const facts: PaperFacts = { clientMatter: DEMO_FINAL.clientMatter, entity: DEMO_FINAL.entitySize, date: today };
  const form = (form: string, input: object) => () => a.call('POST', '/api/exports', { type: 'form', form, application_number: DEMO_FINAL.number, input });
  void entry;
  await paper(a, DEMO_FINAL.id, 'rce', 'paper', facts, form('rce_transmittal', { submission: { enclosed: ['amendment'] } }));
  await paper(a, DEMO_FINAL.id, 'notice-of-appeal', 'paper', facts, form('notice_of_appeal', { with_pre_appeal_request: true }));
  await paper(a, DEMO_FINAL.id, 'pre-appeal', 'paper', facts, form('pre_appeal_request', { arguments: DEMO_FINAL.preAppeal }));
  await paper(
    a,
    DEMO_FINAL.id,
    'extension',
    'paper',
    facts,
    form('extension_of_time', { petition_date: deadline && deadline >= today ? addDays(deadline, 7) : today }),
  );
}

try {
  for (const action of ACTIONS) await runAction(action);
  await runDemoFinal();
} finally {
  await app.close();
  await closeExtractionService();
  await worker.stop();
  await queue.stop();
  await rateLimits.close();
  await database.close();
}

const drafted = rows.filter((r) => r.file);
const pages = PAGES
  ? render(
      OUT,
      drafted.map((r) => r.file!),
    )
  : new Map<string, number | null>();
const table: string[][] = [];
const details: string[] = [];
for (const r of rows) {
  let flags = '';
  if (r.file) {
    const { text } = await readDocx(readFileSync(join(OUT, `${r.file}.docx`)));
    // The rendered text too, where there is one: a drawing's labels are shapes the .docx reader does not see.
    const rendered = existsSync(join(OUT, `${r.file}.txt`)) ? readFileSync(join(OUT, `${r.file}.txt`), 'utf8') : '';
    const c = checkPaper(text, r.facts!, /claim-chart|drawing|client-report/.test(r.paper), rendered);
    flags = c.flags.join(' ');
    if (c.details.length) details.push(`\n## ${r.action} ${r.paper}`, ...c.details.map((d) => `- ${d}`));
  }
  const pg = r.file ? (PAGES ? String(pages.get(r.file) ?? 'PDF FAILED') : '-') : '';
  const places = r.places === undefined ? '' : `${r.places}${r.wizardPlaces !== undefined ? ` (wizard ${r.wizardPlaces})` : ''}`;
  table.push([r.action, r.paper, r.outcome, pg, places, flags, r.note]);
}
const header = ['action', 'paper', 'outcome', 'pages', 'places', 'checks', 'note'];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (t: string[]) => t.map((x, i) => (i === t.length - 1 ? x : x.padEnd(widths[i]))).join('  ');
const report = [line(header), ...table.map(line), '', '# Statements to read', ...details].join('\n');
writeFileSync(join(OUT, 'report.txt'), report);
console.log(report);
console.log(`\n${drafted.length} papers in ${OUT}${PAGES ? ' (.docx, .pdf, -N.png pages, .txt)' : ''}; report.txt holds this output.`);
const bad = rows.filter((r) => r.outcome === 'FAILED' || (r.file && PAGES && !pages.get(r.file)));
const unexpected = rows.filter((r) => r.outcome === 'UNEXPECTED');
if (unexpected.length)
  console.log(`${unexpected.length} paper(s) drafted although they should be refused: ${unexpected.map((r) => `${r.action} ${r.paper}`).join(', ')}.`);
if (bad.length) console.log(`${bad.length} paper(s) failed to draft or to render: ${bad.map((r) => `${r.action} ${r.paper}`).join(', ')}.`);
process.exit(bad.length ? 1 : 0);
