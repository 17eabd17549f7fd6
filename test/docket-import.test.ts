// Docket in and out (issue 21 part 4) through HTTP: a 1,000-line CSV with bad lines previewed once
// and committed once, the export read back, a customer number's applications through the ODP
// replay server, and the bounds.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { OdpReplay, REPLAY_KEY, odpFixture } from './support/odp-replay.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { clearPublicRecordCaches } from '../src/queries/public-record-cache.ts';

const post = (t: TestApp, url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload, remoteAddress: randomIp() });
const postCsv = (t: TestApp, cookie: string, csv: string | Buffer, fileName = 'docket.csv') =>
  t.app.inject({
    method: 'POST',
    url: `/api/docket/import/preview?file_name=${encodeURIComponent(fileName)}`,
    headers: { cookie, 'content-type': 'text/csv' },
    payload: csv,
    remoteAddress: randomIp(),
  });
const get = (t: TestApp, url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: randomIp() });

function multipart(fileName: string, content: string) {
  const boundary = '----prosa-test-boundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * 1,000 data lines: unique numbers in rotating written forms, every 50th line from 7 malformed (20),
 * every 50th from 23 the previous line's number again in another form (20), line 500 a number
 * already on the docket, line 600 a public record (17/345,678), one matter a formula.
 */
function bigCsv(): { csv: string; expected: { total: number; add: number; malformed: number; duplicate_in_file: number; duplicate: number } } {
  const lines = ['\uFEFFApp No.;Attorney Docket;Entity Status;Comments'];
  const forms = [
    (s: string) => `${s.slice(0, 2)}/${s.slice(2, 5)},${s.slice(5)}`,
    (s: string) => s,
    (s: string) => `US ${s.slice(0, 2)}/${s.slice(2, 5)},${s.slice(5)}`,
    (s: string) => `${s.slice(0, 2)}-${s.slice(2)}`,
  ];
  const bad = ['abc', 'PCT/US2020/012345', '17/24', '1234567890'];
  let prev = '';
  for (let i = 0; i < 1000; i++) {
    const number = `18${String(500_000 + i).padStart(6, '0')}`;
    if (i % 50 === 7) lines.push(`${bad[((i / 50) | 0) % bad.length]};M-${i};;bad line`);
    else if (i % 50 === 23) lines.push(`${forms[(i + 1) % 4](prev)};M-${i};;same as previous`);
    else if (i === 500) lines.push('US 17/200,011;M-500;;already docketed');
    else if (i === 600) lines.push('17/345,678;M-600;small;public record');
    else if (i === 601) lines.push(`${forms[0](number)};=HYPERLINK("http://evil.example");micro;"formula, quoted"`);
    else lines.push(`${forms[i % 4](number)};M-${i};${i % 3 === 0 ? 'Small' : ''};note ${i}`);
    if (i % 50 !== 7) prev = i === 500 ? '17200011' : i === 600 ? '17345678' : number;
  }
  return { csv: `${lines.join('\r\n')}\r\n`, expected: { total: 1000, add: 959, malformed: 20, duplicate_in_file: 20, duplicate: 1 } };
}

describe('CSV import and export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.database.db, '2026-11-21');
  });
  afterAll(async () => {
    await t?.close();
  });

  test('1,000 lines with bad ones: one preview with the right counts, one commit adds exactly the add rows, a second adds none; another account gets 404', async () => {
    const { cookie, accountId } = await signUp(t.app);
    expect((await post(t, '/api/docket', cookie, { application_number: '17200011' })).statusCode).toBe(201);
    const { csv, expected } = bigCsv();

    const preview = await postCsv(t, cookie, csv, 'firm-docket.csv');
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.counts).toEqual(expected);
    expect(body).toMatchObject({
      source: 'csv',
      file_name: 'firm-docket.csv',
      columns: { application_number: 'App No.', client_matter: 'Attorney Docket', entity_size: 'Entity Status', notes: 'Comments' },
    });
    expect(body.rows).toHaveLength(1000);
    const byLine = new Map<number, { status: string; reason: string | null; normalized_number: string | null }>(
      body.rows.map((r: { line: number }) => [r.line, r]),
    );
    expect(byLine.get(2 + 7)).toMatchObject({ status: 'malformed', reason: expect.any(String) });
    expect(byLine.get(2 + 57)).toMatchObject({ status: 'malformed', reason: expect.stringMatching(/PCT/) });
    expect(byLine.get(2 + 23)).toMatchObject({ status: 'duplicate_in_file', reason: 'the same application as line 24' });
    expect(byLine.get(2 + 500)).toMatchObject({ status: 'duplicate', normalized_number: '17200011' });
    // The preview wrote no docket entry.
    expect((await get(t, '/api/docket', cookie)).json().entries).toHaveLength(1);

    const other = await signUp(t.app);
    const stolen = await post(t, '/api/docket/import/commit', other.cookie, { preview_id: body.preview_id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error_code).toBe('import_preview_not_found');
    expect((await get(t, '/api/docket', other.cookie)).json().entries).toHaveLength(0);

    const commit = await post(t, '/api/docket/import/commit', cookie, { preview_id: body.preview_id });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toMatchObject({ added: 959, placeholders: 958, skipped: 0, already_committed: false });
    const entries = (await get(t, '/api/docket', cookie)).json().entries as {
      client_matter: string | null;
      entity_size: string;
      private: boolean;
      application: { application_number: string; invention_title: string };
    }[];
    expect(entries).toHaveLength(960);
    const pub = entries.find((e) => e.application.application_number === '17345678')!;
    expect(pub).toMatchObject({ private: false, client_matter: 'M-600', entity_size: 'small' });
    expect(entries.find((e) => e.application.application_number === '18500003')).toMatchObject({ private: true, client_matter: 'M-3', entity_size: 'small' });

    const again = await post(t, '/api/docket/import/commit', cookie, { preview_id: body.preview_id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ added: 0, already_committed: true });
    expect((await get(t, '/api/docket', cookie)).json().entries).toHaveLength(960);

    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('account_id', '=', accountId)
      .where('action', '=', 'docket.imported')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toMatchObject({ file_name: 'firm-docket.csv', added: 959 });

    // Previewing the same file again: everything is now a duplicate.
    const second = (await postCsv(t, cookie, csv)).json();
    expect(second.counts).toMatchObject({ add: 0, duplicate: 960, malformed: 20, duplicate_in_file: 20 });
  });

  test('export: one row per entry and upcoming deadline, parsed back; formulas neutralised', async () => {
    const { cookie } = await signUp(t.app);
    const csv = 'Application Number,Matter,Entity\n18/700,001,=SUM(A1:A2),small\n18/700,002,plain,\n';
    const preview = await postCsv(t, cookie, csv);
    expect(preview.json().counts).toMatchObject({ add: 2, malformed: 0 });
    expect((await post(t, '/api/docket/import/commit', cookie, { preview_id: preview.json().preview_id })).json().added).toBe(2);
    const entries = (await get(t, '/api/docket', cookie)).json().entries as { id: string; application: { application_number: string } }[];
    const first = entries.find((e) => e.application.application_number === '18700001')!;
    const mailed = isoDaysAgo(10);
    expect((await post(t, `/api/docket/${first.id}/office-actions`, cookie, { kind: 'CTNF', mailing_date: mailed })).statusCode).toBe(201);
    const record = (await get(t, `/api/docket/${first.id}`, cookie)).json().application;

    const res = await get(t, '/api/docket/export.csv', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="prosa-docket-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const mine = rows.filter((r) => r.application_number === '18/700,001');
    expect(mine.map((r) => r.deadline_kind).sort()).toEqual(['final', 'response']);
    const response = mine.find((r) => r.deadline_kind === 'response')!;
    expect(response).toMatchObject({
      client_matter: "'=SUM(A1:A2)",
      entity_status: 'small',
      action: 'non_final',
      action_mailing_date: mailed,
      effective_due_date: record.response_deadline,
      private: 'yes',
    });
    expect(response.citation).toMatch(/MPEP|CFR|U\.S\.C\./);
    expect(mine.find((r) => r.deadline_kind === 'final')!.effective_due_date).toBe(record.critical_deadline_date);
    const plain = rows.filter((r) => r.application_number === '18/700,002');
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatchObject({ deadline_kind: '', due_date: '', client_matter: 'plain' });
    expect(Object.keys(rows[0])).toEqual([
      'application_number',
      'title',
      'client_matter',
      'entity_status',
      'examiner',
      'art_unit',
      'status',
      'private',
      'deadline_kind',
      'action',
      'action_mailing_date',
      'due_date',
      'effective_due_date',
      'days_remaining',
      'citation',
    ]);
  });

  test("multipart upload (the web app's way) with a tab-separated file and no header", async () => {
    const { cookie } = await signUp(t.app);
    const { payload, headers } = multipart('tabs.tsv', '17345678\tT-1\tmicro\tfirst\nnot-a-number\tT-2\t\t\n');
    const res = await t.app.inject({ method: 'POST', url: '/api/docket/import/preview', headers: { cookie, ...headers }, payload, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      file_name: 'tabs.tsv',
      columns: { application_number: 'column 1', client_matter: 'column 2' },
      counts: { add: 1, malformed: 1 },
    });
  });

  test('bounds and bad input: oversize 413, no number column 400, nothing sent 415, unknown preview 404', async () => {
    const { cookie } = await signUp(t.app);
    const big = `Application Number,Notes\n${`17248024,${'x'.repeat(1000)}\n`.repeat(2200)}`;
    const over = await postCsv(t, cookie, big);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error_code: 'payload_too_large', message: expect.stringMatching(/larger than 2 MB/) });
    const { payload, headers } = multipart('big.csv', big);
    const overMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/docket/import/preview',
      headers: { cookie, ...headers },
      payload,
      remoteAddress: randomIp(),
    });
    expect(overMultipart.statusCode).toBe(413);

    const noColumn = await postCsv(t, cookie, 'Title,Matter\nGasket,ACME\n');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json()).toMatchObject({ error_code: 'invalid_csv', message: expect.stringMatching(/No application number column/) });
    const json = await post(t, '/api/docket/import/preview', cookie, { csv: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await post(t, '/api/docket/import/commit', cookie, { preview_id: 'nope' })).statusCode).toBe(404);
    expect((await postCsv(t, cookie, '')).statusCode).toBe(400);
  });

  test('customer number without a USPTO key: a clear 503', async () => {
    const { cookie } = await signUp(t.app);
    const res = await post(t, '/api/docket/import/customer-number', cookie, { customer_number: '26111' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error_code: 'uspto_connector_off', message: expect.stringMatching(/USPTO connector is off/) });
  });
});

describe('customer number import through the ODP replay server', () => {
  const replay = new OdpReplay();
  let t: TestApp;
  beforeAll(async () => {
    await replay.start();
    // A real search response whose one record has applicationMetaData.customerNumber 26111.
    replay.search('applicationMetaData.customerNumber:26111', odpFixture('search-post-14412875.json'));
    t = await createTestApp({ PROSA_USPTO_API_KEY: REPLAY_KEY, PROSA_USPTO_BASE_URL: replay.url });
  });
  afterAll(async () => {
    await t?.close();
    await replay.close();
    clearPublicRecordCaches();
  });
  beforeEach(() => replay.reset());

  test('lists the applications, previews them with the USPTO docket number as matter, commits against the public record', async () => {
    const { cookie } = await signUp(t.app);
    const res = await post(t, '/api/docket/import/customer-number', cookie, { customer_number: '026111' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'customer_number', customer_number: '26111', found: 1, truncated: false, counts: { total: 1, add: 1 } });
    expect(body.rows[0]).toMatchObject({ application_number: '14412875', normalized_number: '14412875', client_matter: '4387.0210001', status: 'add' });
    expect(replay.requests).toHaveLength(1);
    const sent = JSON.parse(replay.requests[0].body);
    expect(replay.requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/patent/applications/search', key: REPLAY_KEY });
    expect(sent).toMatchObject({ q: 'applicationMetaData.customerNumber:26111', pagination: { offset: 0, limit: 100 } });
    expect((await get(t, '/api/docket', cookie)).json().entries).toHaveLength(0);

    const commit = await post(t, '/api/docket/import/commit', cookie, { preview_id: body.preview_id });
    expect(commit.json()).toMatchObject({ added: 1, placeholders: 0 });
    const [entry] = (await get(t, '/api/docket', cookie)).json().entries;
    expect(entry).toMatchObject({ private: false, client_matter: '4387.0210001', application: { application_number: '14412875', patent_number: '10765880' } });
    expect(entry.application.examiner_name).not.toBe('');
  });

  test('a customer number with no applications: an empty preview; bad input 400', async () => {
    const { cookie } = await signUp(t.app);
    const res = await post(t, '/api/docket/import/customer-number', cookie, { customer_number: '99999' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ found: 0, counts: { total: 0 } });
    expect((await post(t, '/api/docket/import/customer-number', cookie, { customer_number: '26111 OR *' })).statusCode).toBe(400);
  });
});
