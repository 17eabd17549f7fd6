import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshCliEnv, runCli, ROOT } from './support/cli.ts';

let env: Record<string, string>;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ env, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' }));
});
afterAll(async () => {
  await drop?.();
});

const fixture = (name: string) => `${ROOT}test/fixtures/${name}`;

describe('prosa import patex / odp-rejections, prosa stats refresh', () => {
  test('imports PatEx files in order, refreshes the examiner statistics, and is harmless to repeat', async () => {
    const files = ['patex/event_codes.derived-from-odp.csv', 'patex/application_data.derived-from-odp.csv', 'patex/transactions.derived-from-odp.csv'].map(
      fixture,
    );
    const first = await runCli(['import', 'patex', ...files, '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    const run = JSON.parse(first.stdout);
    expect(run.totals).toMatchObject({ records: 86 + 2 + 194, applications: 2, skipped: [] });
    expect(run.examiner_stats).toMatchObject({ applications: 2, examiners: 2 });
    const again = JSON.parse((await runCli(['import', 'patex', ...files, '--json'], env)).stdout);
    expect(again.totals).toEqual(run.totals);
    expect(again.examiner_stats).toMatchObject({ applications: 0, examiners: 0 });

    const human = await runCli(['import', 'odp-rejections', fixture('odp-rejections/oa-rejections-12190351.json')], env);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/3 records/);
    expect(human.stdout).toMatch(/examiner statistics: \d+ applications/);

    const refresh = await runCli(['stats', 'refresh', '--json'], env);
    expect(refresh.code, refresh.stderr).toBe(0);
    expect(JSON.parse(refresh.stdout)).toMatchObject({ applications: 0, examiners: 0 });

    const notPatex = await runCli(['import', 'patex', fixture('odp/application-17248024.json'), '--json'], env);
    expect(notPatex.code).toBe(2);
    expect(JSON.parse(notPatex.stderr)).toMatchObject({ error: true, error_code: 'validation_error' });
  }, 120_000);
});
