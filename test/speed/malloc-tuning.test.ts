// `prosa serve` re-executes itself once with glibc's mmap threshold fixed (src/cli/malloc-tuning.ts,
// issue 12: idle RSS): same PID, the variable in its environment; an operator's value or
// PROSA_MALLOC_TUNING=off is left alone.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { freshCliEnv, startServerProcess } from '../support/cli.ts';
import { MMAP_THRESHOLD_BYTES } from '../../src/cli/malloc-tuning.ts';

const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

// Each test starts `prosa serve` processes (one took 25 s beside CI's browser tests on PostgreSQL):
// a guard against a hang, not a speed check.
const SERVER_START_GUARD = 120_000;

describe('prosa serve and the allocator', () => {
  test(
    'the server process (same PID) runs with MALLOC_MMAP_THRESHOLD_ set',
    async () => {
      const { env, drop } = await freshCliEnv({ PROSA_DEMO_DATA: 'off' });
      const s = await startServerProcess(env);
      try {
        expect(environOf(s.child.pid!)).toContain(`MALLOC_MMAP_THRESHOLD_=${MMAP_THRESHOLD_BYTES}`);
        expect((await fetch(`${s.url}/health`)).status).toBe(200);
      } finally {
        await s.stop();
        await drop?.();
      }
    },
    SERVER_START_GUARD,
  );

  test(
    "an operator's own value and PROSA_MALLOC_TUNING=off are respected",
    async () => {
      const a = await freshCliEnv({ PROSA_DEMO_DATA: 'off', MALLOC_MMAP_THRESHOLD_: '65536' });
      const b = await freshCliEnv({ PROSA_DEMO_DATA: 'off', PROSA_MALLOC_TUNING: 'off' });
      const [own, off] = await Promise.all([startServerProcess(a.env), startServerProcess(b.env)]);
      try {
        expect(environOf(own.child.pid!)).toContain('MALLOC_MMAP_THRESHOLD_=65536');
        expect(environOf(off.child.pid!).some((v) => v.startsWith('MALLOC_MMAP_THRESHOLD_='))).toBe(false);
      } finally {
        await own.stop();
        await off.stop();
        await a.drop?.();
        await b.drop?.();
      }
    },
    SERVER_START_GUARD,
  );
});
