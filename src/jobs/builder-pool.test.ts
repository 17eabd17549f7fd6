import { expect, test } from 'vitest';
import mammoth from 'mammoth';
import { startBuilderPool } from './builder-pool.ts';
import { DocumentInputError } from '../documents/validate.ts';
import { blockDrawing, extension } from '../../test/fixtures/documents/form-samples.ts';

test('builds documents in worker threads, reports input errors as such, and closes cleanly', async () => {
  const pool = startBuilderPool(2);
  try {
    const [petition, drawing] = await Promise.all([pool.builders.extension_of_time(extension), pool.builders.drawing(blockDrawing)]);
    expect(petition.subarray(0, 2).toString()).toBe('PK');
    expect((await mammoth.extractRawText({ buffer: petition })).value).toMatch(/Extension of Time/i);
    expect(drawing.length).toBeGreaterThan(1000);
    const bad = await pool.builders.drawing({ ...blockDrawing, nodes: [] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(DocumentInputError);
  } finally {
    const started = Date.now();
    await pool.close();
    // Threads are asked to exit once loaded; no 15 s terminate fallback on a healthy pool.
    expect(Date.now() - started).toBeLessThan(10_000);
  }
  await expect(pool.builders.extension_of_time(extension)).rejects.toThrow(/closed/);
});

test('closing a pool whose threads are still loading waits for them instead of aborting the process', async () => {
  const pool = startBuilderPool(2);
  await pool.close();
});
