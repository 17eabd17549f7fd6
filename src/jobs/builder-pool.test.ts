import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, test } from 'vitest';
import mammoth from 'mammoth';
import { startBuilderPool } from './builder-pool.ts';
import { BUILDER_NICE } from './build-priority.ts';
import type { BuilderIsolation } from './builder-endpoints.ts';
import { DocumentInputError } from '../documents/validate.ts';
import { blockDrawing, extension } from '../../test/fixtures/documents/form-samples.ts';

describe.each<BuilderIsolation>(['thread', 'process'])('builders in a %s', (isolation) => {
  test('builds documents, reports input errors as such, and closes cleanly', async () => {
    const pool = startBuilderPool(2, { isolation });
    try {
      const [petition, drawing] = await Promise.all([pool.builders.extension_of_time(extension), pool.builders.drawing(blockDrawing)]);
      expect(petition.subarray(0, 2).toString()).toBe('PK');
      expect((await mammoth.extractRawText({ buffer: petition })).value).toMatch(/Extension of Time/i);
      expect(drawing.length).toBeGreaterThan(1000);
      const bad = await pool.builders.drawing({ ...blockDrawing, nodes: [] }).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(DocumentInputError);
    } finally {
      await pool.close();
    }
    await expect(pool.builders.extension_of_time(extension)).rejects.toThrow(/closed/);
  });

  test('closing a pool whose endpoints are still loading waits for them instead of aborting the process', async () => {
    const pool = startBuilderPool(2, { isolation, prestart: true });
    await pool.close();
  });
});

test('builds one at a time go to the same warm process; a second process starts only when the first is busy', async () => {
  const pool = startBuilderPool(2, { isolation: 'process' });
  try {
    for (let i = 0; i < 3; i++) await pool.builders.extension_of_time(extension);
    // An idle process takes the next build: a second one would load the document libraries again.
    expect(pool.stats().pids).toHaveLength(1);
    await Promise.all([pool.builders.extension_of_time(extension), pool.builders.drawing(blockDrawing)]);
    expect(pool.stats().pids).toHaveLength(2);
    expect(pool.stats().offMainThread).toBe(5);
  } finally {
    await pool.close();
  }
});

test('a document-building process that dies fails its call, and the next call gets a new process', async () => {
  const pool = startBuilderPool(1, { isolation: 'process' });
  try {
    await pool.builders.extension_of_time(extension);
    // The child's pid: the only process this pool started (its parent is this test).
    const { execFileSync } = await import('node:child_process');
    const pids = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'build-process.ts'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    expect(pids).toHaveLength(1);
    // Killed before the call is sent: the pool learns of it only from the exit that follows.
    process.kill(pids[0], 'SIGKILL');
    await expect(pool.builders.extension_of_time(extension)).rejects.toThrow(/document-building process exited \(SIGKILL\)/);
    const again = await pool.builders.extension_of_time(extension);
    expect(again.subarray(0, 2).toString()).toBe('PK');
  } finally {
    await pool.close();
  }
});

/** The nice value of each thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), Number(fields[19 - 3]));
  }
  return out;
}

describe.runIf(existsSync('/proc/thread-self'))('builders yield the CPU to the API', () => {
  test('a building thread runs at BUILDER_NICE, the main thread at its own priority', async () => {
    const before = [...threadNices(process.pid).values()].filter((n) => n === BUILDER_NICE).length;
    const pool = startBuilderPool(2, { isolation: 'thread' });
    try {
      await Promise.all([pool.builders.extension_of_time(extension), pool.builders.extension_of_time(extension)]);
      const nices = threadNices(process.pid);
      expect([...nices.values()].filter((n) => n === BUILDER_NICE).length - before).toBe(2);
      expect(nices.get(process.pid)).toBe(getPriority());
      expect(getPriority()).not.toBe(BUILDER_NICE);
    } finally {
      await pool.close();
    }
  });

  test('a building process runs its builds at BUILDER_NICE', async () => {
    const pool = startBuilderPool(1, { isolation: 'process' });
    try {
      await pool.builders.extension_of_time(extension);
      const [pid] = pool.stats().pids;
      expect(pid).not.toBe(process.pid);
      expect(threadNices(pid).get(pid)).toBe(BUILDER_NICE);
    } finally {
      await pool.close();
    }
  });
});
