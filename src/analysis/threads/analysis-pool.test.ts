import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { startAnalysisPool } from './analysis-pool.ts';
import { buildRecord, firstPass } from '../analysis-tasks.ts';
import { recordRequest } from '../record-request-fixture.ts';
import { AppError } from '../../errors.ts';

const OA = readFileSync(new URL('../../domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const request = (handle: string, text = OA) => recordRequest(handle, text);
/** The record without its clock readings. */
const timeless = (json: string) => {
  const r = JSON.parse(json);
  delete r.glass_box.elapsed_seconds;
  delete r.glass_box.expert_timings_ms;
  return r;
};

test('a thread answers what the same steps answer in process: first pass, then the record on the thread that holds the parse', async () => {
  const pool = startAnalysisPool({ size: 2 });
  try {
    const first = await pool.run('firstPass', { handle: 'h1', text: OA, typeHint: 'CTNF' });
    expect(first.output).toEqual(firstPass({ handle: 'local', text: OA, typeHint: 'CTNF' }));
    const built = await pool.run('buildRecord', request('h1'), first.slot);
    expect(built.slot).toBe(first.slot);
    const local = buildRecord(request('local'));
    expect(timeless(built.output.recordJson)).toEqual(timeless(local.recordJson));
    expect(built.output).toMatchObject({ inputTokens: local.inputTokens, outputTokens: local.outputTokens, costMicro: local.costMicro, bases: local.bases });
    // Without the first pass on its thread (another thread, or evicted), the record is the same.
    const fresh = await pool.run('buildRecord', request('never-parsed'));
    expect(timeless(fresh.output.recordJson)).toEqual(timeless(local.recordJson));
  } finally {
    await pool.close();
  }
  await expect(pool.run('firstPass', { handle: 'x', text: OA, typeHint: 'CTNF' })).rejects.toThrow(/closed/);
}, 120_000);

test('bounded: past maxQueued tasks in flight a new one is refused at once with 503 analysis_busy', async () => {
  const pool = startAnalysisPool({ size: 1, maxQueued: 2 });
  try {
    const running = [pool.run('buildRecord', request('a')), pool.run('buildRecord', request('b'))];
    const refused = await pool.run('buildRecord', request('c')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'analysis_busy', headers: { 'Retry-After': '5' } });
    await Promise.all(running);
    // Capacity comes back once tasks finish.
    await expect(pool.run('firstPass', { handle: 'd', text: OA, typeHint: 'CTNF' })).resolves.toBeDefined();
  } finally {
    await pool.close();
  }
}, 120_000);

test('a task past its deadline fails with 503 analysis_timeout and the stuck thread is replaced', async () => {
  // The deadline sits between the two tasks' costs with margin both ways: a small action takes
  // milliseconds even on a loaded machine; the slow one (4 MB parsed, its tokens counted) takes
  // about 1.9 s alone on a quiet core here (a 5 s deadline let it finish: CI run, 2026-11-24).
  const pool = startAnalysisPool({ size: 1, timeoutMs: 500 });
  try {
    // Let the thread load first (the deadline runs from then anyway).
    await pool.run('firstPass', { handle: 'warm', text: OA, typeHint: 'CTNF' }).catch(() => {});
    const late = await pool.run('buildRecord', request('slow', OA.repeat(4000))).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(AppError);
    expect(late).toMatchObject({ status: 503, code: 'analysis_timeout' });
    // The next task runs on a fresh thread, not behind the stuck one.
    const after = await pool.run('firstPass', { handle: 'after', text: OA, typeHint: 'CTNF' });
    expect(after.output).toEqual(firstPass({ handle: 'local', text: OA, typeHint: 'CTNF' }));
  } finally {
    await pool.close();
  }
}, 90_000);
