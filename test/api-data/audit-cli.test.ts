import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshCliEnv, runCli } from '../support/cli.ts';

// `prosa audit --email E [--limit N] [--source S] [--action P] [--member M] [--json]`, in a process of its own.

let env: Record<string, string>;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ env, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' }));
  const created = await runCli(['accounts', 'create', '--email', 'audited@firm.example', '--password', 'correct horse battery', '--json'], env);
  expect(created.code, created.stderr).toBe(0);
  const granted = await runCli(['credits', 'grant', '--email', 'audited@firm.example', '--amount', '10', '--json'], env);
  expect(granted.code, granted.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await drop?.();
});

describe('prosa audit', () => {
  test('--json: the entries newest first; --limit and --source narrow them', async () => {
    const all = await runCli(['audit', '--email', 'Audited@Firm.example', '--json'], env);
    expect(all.code, all.stderr).toBe(0);
    const body = JSON.parse(all.stdout);
    expect(body.more).toBe(false);
    expect(body.entries.map((e: { action: string }) => e.action)).toEqual(['credits.grant', 'account.created']);
    expect(body.entries.every((e: { source: string; actor: string }) => e.source === 'cli' && e.actor === 'cli')).toBe(true);

    const one = JSON.parse((await runCli(['audit', '--email', 'audited@firm.example', '--limit', '1', '--json'], env)).stdout);
    expect(one.entries.map((e: { action: string }) => e.action)).toEqual(['credits.grant']);
    expect(one.more).toBe(true);
    const none = JSON.parse((await runCli(['audit', '--email', 'audited@firm.example', '--source', 'assistant', '--json'], env)).stdout);
    expect(none.entries).toEqual([]);
  }, 120_000);

  test("--member: what one member did (the operator's credit grant is nobody's); an unknown member is refused", async () => {
    const mine = JSON.parse((await runCli(['audit', '--email', 'audited@firm.example', '--member', 'AUDITED@firm.example', '--json'], env)).stdout);
    expect(mine.entries.map((e: { action: string }) => e.action)).toEqual(['account.created']);
    const stranger = await runCli(['audit', '--email', 'audited@firm.example', '--member', 'stranger@firm.example', '--json'], env);
    expect(stranger.code).toBe(2);
    expect(JSON.parse(stranger.stderr).message).toMatch(/^member: /);
  }, 60_000);

  test('human output: one line per entry', async () => {
    const r = await runCli(['audit', '--email', 'audited@firm.example', '--action', 'credits.'], env);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+ +cli +credits\.grant /);
  }, 60_000);

  test('an unknown account or a bad limit: the error object and exit 2', async () => {
    const missing = await runCli(['audit', '--email', 'nobody@firm.example', '--json'], env);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: true, error_code: 'account_not_found' });
    const bad = await runCli(['audit', '--email', 'audited@firm.example', '--limit', '0', '--json'], env);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).message).toMatch(/^limit: /);
  }, 60_000);
});
