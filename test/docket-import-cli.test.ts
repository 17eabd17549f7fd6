// `prosa docket import FILE --email E [--commit]` and `prosa docket export --email E`: the same
// preview and commit as the HTTP routes, for an account named by e-mail like the other operator
// commands.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshCliEnv, runCli as run } from './support/cli.ts';

// A first run migrates a fresh database: on a busy machine that is more than runCli's default minute.
const runCli = (args: string[], env: Record<string, string>) => run(args, env, { timeoutMs: 300_000 });

let env: Record<string, string>;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ env, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' }));
});
afterAll(async () => {
  await drop?.();
});

describe('prosa docket import / export', () => {
  test('preview, commit once, export with the matters; a missing file and an unknown account are clear errors', async () => {
    expect((await runCli(['accounts', 'create', '--email', 'dk@firm.example', '--json'], env)).code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'prosa-docket-'));
    const file = join(dir, 'docket.csv');
    writeFileSync(file, 'Serial No,Client Matter,Entity\n17/248,024,CLI-1,small\n17248024,CLI-2,\nnot a number,CLI-3,\n16/123,456,+cmd|calc,\n');

    const preview = await runCli(['docket', 'import', file, '--email', 'dk@firm.example', '--json'], env);
    expect(preview.code, preview.stderr).toBe(0);
    const p = JSON.parse(preview.stdout);
    expect(p).toMatchObject({ counts: { total: 4, add: 2, duplicate_in_file: 1, malformed: 1, duplicate: 0 }, commit: null });
    expect(p.not_added.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [3, 'duplicate_in_file'],
      [4, 'malformed'],
    ]);
    const exportedBefore = await runCli(['docket', 'export', '--email', 'dk@firm.example'], env);
    expect(parse(exportedBefore.stdout, { columns: true })).toHaveLength(0);

    const committed = await runCli(['docket', 'import', file, '--email', 'dk@firm.example', '--commit', '--json'], env);
    expect(committed.code, committed.stderr).toBe(0);
    expect(JSON.parse(committed.stdout).commit).toMatchObject({ added: 2, placeholders: 2, already_committed: false });
    const again = JSON.parse((await runCli(['docket', 'import', file, '--email', 'dk@firm.example', '--commit', '--json'], env)).stdout);
    expect(again.counts).toMatchObject({ add: 0, duplicate: 2 });
    expect(again.commit).toMatchObject({ added: 0 });

    const exported = await runCli(['docket', 'export', '--email', 'dk@firm.example'], env);
    expect(exported.code, exported.stderr).toBe(0);
    const rows = parse(exported.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.application_number, r.client_matter, r.entity_status]).sort()).toEqual([
      ['16/123,456', "'+cmd|calc", 'large'],
      ['17/248,024', 'CLI-1', 'small'],
    ]);

    const missing = await runCli(['docket', 'import', join(dir, 'nope.csv'), '--email', 'dk@firm.example', '--json'], env);
    expect(missing.code).not.toBe(0);
    expect(JSON.parse(missing.stdout || missing.stderr).error_code).toBe('file_not_found');
    const nobody = await runCli(['docket', 'export', '--email', 'nobody@firm.example'], env);
    expect(nobody.code).not.toBe(0);
    expect(nobody.stderr + nobody.stdout).toMatch(/nobody@firm\.example/);
  }, 1_200_000);
});
