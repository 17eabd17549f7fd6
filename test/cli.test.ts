import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { onPostgres } from './support/db.ts';
import { freshCliEnv, runCli, startServerProcess, ROOT } from './support/cli.ts';

/** The CLI against this run's database: a temporary PGlite directory, or a fresh PostgreSQL database. */
let env: Record<string, string>;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ env, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' }));
});
afterAll(async () => {
  await drop?.();
});

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe('prosa CLI', () => {
  test('accounts, keys and credits, end to end', async () => {
    const created = await runCli(['accounts', 'create', '--email', 'Op@Firm.Example', '--json'], env);
    expect(created.code, created.stderr + created.stdout).toBe(0);
    expect(json(created)).toMatchObject({ account: { email: 'Op@Firm.Example' }, password: expect.stringMatching(/^prosa-/) });

    const key = await runCli(['keys', 'create', '--email', 'op@firm.example', '--name', 'batch', '--json'], env);
    expect(key.code, key.stderr).toBe(0);
    expect(json(key).key).toMatch(/^prosa_sk_[0-9A-Za-z]{30}$/);
    const list = await runCli(['keys', 'list', '--email', 'op@firm.example', '--json'], env);
    expect(json(list).keys).toEqual([expect.objectContaining({ id: json(key).id, name: 'batch', status: 'active' })]);
    expect(list.stdout).not.toContain(json(key).key);
    const revoked = await runCli(['keys', 'revoke', '--email', 'op@firm.example', '--id', json(key).id, '--json'], env);
    expect(json(revoked).status).toBe('revoked');

    const grant = await runCli(['credits', 'grant', '--email', 'op@firm.example', '--amount', '100', '--json'], env);
    expect(grant.code, grant.stderr).toBe(0);
    expect(json(grant)).toMatchObject({ granted: '100.00', balance: '125.00', status: 'healthy' });
    const human = await runCli(['credits', 'balance', '--email', 'op@firm.example'], env);
    expect(human.stdout).toContain('balance: 125.00');
    // A fractional balance (token billing leaves micro-credits): JSON at full precision, the
    // line a person reads with two decimals, rounded down (issue 10).
    const odd = await runCli(['credits', 'grant', '--email', 'op@firm.example', '--amount', '0.12345', '--json'], env);
    expect(json(odd)).toMatchObject({ balance: '125.12345' });
    const oddHuman = await runCli(['credits', 'balance', '--email', 'op@firm.example'], env);
    expect(oddHuman.stdout).toContain('balance: 125.12\n');
    expect(oddHuman.stdout).not.toContain('125.12345');
  }, 300_000);

  test('errors are the error object on stderr with a non-zero exit', async () => {
    const r = await runCli(['credits', 'balance', '--email', 'nobody@firm.example', '--json'], env);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: true, error_code: 'account_not_found' });
    const bad = await runCli(['credits', 'grant', '--email', 'op@firm.example', '--amount', '-5', '--json'], env);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).message).toMatch(/amount/);
  }, 60_000);

  test('import odp: a summary with rows per second; re-importing is harmless; a bad file is a clear error', async () => {
    const files = ['application-17248024.json', 'documents-17248024.json', 'search-post-14412875.json'].map((f) => `${ROOT}test/fixtures/odp/${f}`);
    const first = await runCli(['import', 'odp', ...files, '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    const run = json(first);
    expect(run.totals).toMatchObject({ records: 47, applications: 2, documents: 45 });
    expect(run.files[0]).toMatchObject({ rows_per_second: expect.any(Number), seconds: expect.any(Number) });
    const again = await runCli(['import', 'odp', ...files, '--json'], env);
    expect(json(again).totals).toEqual(run.totals);
    const human = await runCli(['import', 'odp', files[0]], env);
    expect(human.stdout).toMatch(/records\/s/);
    expect(human.stdout).toMatch(/skipped: none/);
    const missing = await runCli(['import', 'odp', '/nonexistent.json', '--json'], env);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stderr).message).toMatch(/nonexistent/);
  }, 120_000);

  test('--help on each command', async () => {
    for (const args of [
      ['--help'],
      ['serve', '--help'],
      ['accounts', 'create', '--help'],
      ['keys', '--help'],
      ['credits', 'grant', '--help'],
      ['deadlines', 'calc', '--help'],
      ['import', '--help'],
    ]) {
      const r = await runCli(args, env);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/Usage: prosa/);
    }
  }, 60_000);

  test('npx prosa works in the checkout', async () => {
    const r = await runCli(['prosa', '--help'], env, { bin: ['npx', '--no-install'] });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Usage: prosa/);
  }, 60_000);

  test('bin/prosa.js runs on the system Node by re-executing with the pinned Node 24', async () => {
    const r = await runCli(['deadlines', 'calc', '--action', 'CTNF', '--mailed', '2026-08-10', '--json'], env, {
      bin: ['/usr/bin/node', `${ROOT}bin/prosa.js`],
    });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r)).toMatchObject({ action: 'non_final', ssp_due: '2026-11-10' });
  }, 60_000);
});

describe('prosa serve', () => {
  test('the first start seeds demo data and prints its credentials once; they work; a restart prints nothing', async () => {
    const { env: e, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'on' });
    try {
      const first = await startServerProcess(e);
      let apiKey: string;
      try {
        const out = first.output();
        expect(out).toMatch(/sign in: +demo@prosa\.example \/ demo-/);
        apiKey = /demo API key: (prosa_sk_\w{30})/.exec(out)![1];
        const password = /demo@prosa\.example \/ (\S+)/.exec(out)![1];
        const lookup = await (await fetch(`${first.url}/v1/prosa/lookup/17%2F200%2C011`)).json();
        expect(lookup).toMatchObject({ application_number: '17200011', demo: true });
        const signin = await fetch(`${first.url}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@prosa.example', password }),
        });
        expect(signin.status).toBe(200);
        const docket = await (await fetch(`${first.url}/api/docket`, { headers: { 'x-api-key': apiKey } })).json();
        expect(docket.entries.length).toBeGreaterThanOrEqual(5);
        expect(docket.entries.every((x: { application: { demo: boolean } }) => x.application.demo)).toBe(true);
        const health = await (await fetch(`${first.url}/health`)).json();
        expect(health).toMatchObject({ status: 'ok', database: 'ok' });
      } finally {
        expect(await first.stop('SIGTERM')).toBe(0);
      }
      const second = await startServerProcess(e);
      try {
        expect(second.output()).not.toMatch(/demo API key/);
        expect((await fetch(`${second.url}/api/docket`, { headers: { 'x-api-key': apiKey } })).status).toBe(200);
      } finally {
        expect(await second.stop('SIGINT')).toBe(0);
      }
    } finally {
      await drop?.();
    }
  }, 180_000);

  test('PROSA_DEMO_DATA=off starts with no demo data', async () => {
    const { env: e, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' });
    try {
      const server = await startServerProcess(e);
      try {
        expect(server.output()).not.toMatch(/demo/i);
        expect((await fetch(`${server.url}/v1/prosa/lookup/17200011`)).status).toBe(404);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await drop?.();
    }
  }, 120_000);

  test('operator commands reach a running server; a second server on the same data directory exits at once', async () => {
    const server = await startServerProcess(env);
    try {
      await runCli(['accounts', 'create', '--email', 'live@firm.example', '--password', 'a long password', '--json'], env);
      const grant = await runCli(['credits', 'grant', '--email', 'live@firm.example', '--amount', '5', '--json'], env);
      expect(grant.code, grant.stderr).toBe(0);
      const signin = await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'live@firm.example', password: 'a long password' }),
      });
      expect(signin.status).toBe(200);
      const cookie = signin.headers.get('set-cookie')!.split(';')[0];
      const credits = await (await fetch(`${server.url}/api/credits`, { headers: { cookie } })).json();
      expect(credits.balance).toBe('30.00');
      // An import through the CLI lands in the running server's database.
      const imported = await runCli(['import', 'odp', `${ROOT}test/fixtures/odp/application-17248024.json`, '--json'], env);
      expect(imported.code, imported.stderr).toBe(0);
      expect(json(imported).totals).toMatchObject({ records: 1, applications: 1 });
      const lookup = await (await fetch(`${server.url}/v1/prosa/lookup/17%2F248%2C024`)).json();
      expect(lookup).toMatchObject({
        application_number: '17248024',
        status: 'patented',
        examiner_name: 'DOVE, TRACY MAE',
        current_art_unit: '1727',
        data_source: 'odp',
      });
      if (!onPostgres()) {
        const second = await runCli(['serve'], { ...env, PORT: '0' });
        expect(second.code).toBe(3);
        expect(second.stderr).toMatch(/in use by another Prosa process/);
      }
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  }, 120_000);
});
