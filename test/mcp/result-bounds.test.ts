import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { boundResult, MAX_RESULT_CHARACTERS } from '../../src/mcp/result-bounds.ts';

/** Issue 20: one tool result puts a bounded amount into an assistant's context, with a note. */
const chart = z.object({
  application_number: z.string(),
  claims: z.array(z.object({ claim_number: z.number().int(), limitations: z.array(z.object({ text: z.string(), passage: z.string() })) })),
});
type Chart = z.infer<typeof chart>;

const build = (claims: number, limitations: number, passage: number): Chart => ({
  application_number: '17200011',
  claims: Array.from({ length: claims }, (_, c) => ({
    claim_number: c + 1,
    limitations: Array.from({ length: limitations }, (_, l) => ({
      text: `limitation ${c}.${l} `.repeat(5),
      passage: `passage ${c}.${l} `.repeat(Math.ceil(passage / 14)),
    })),
  })),
});

describe('boundResult', () => {
  test('a result under the bound is returned as it is, without a note', () => {
    const data = build(3, 4, 300);
    const b = boundResult(data);
    expect(b.data).toBe(data);
    expect(b.note).toBeNull();
  });

  test('long texts are cut first, each with a note of what was cut; the result fits and still matches its schema', () => {
    const data = build(10, 5, 3_000);
    expect(JSON.stringify(data).length).toBeGreaterThan(MAX_RESULT_CHARACTERS);
    const b = boundResult(data);
    expect(JSON.stringify(b.data).length).toBeLessThanOrEqual(MAX_RESULT_CHARACTERS);
    expect(chart.safeParse(b.data).success).toBe(true);
    expect(b.data.claims).toHaveLength(10);
    expect(b.data.claims[0].limitations[0].passage).toMatch(/… \[cut: \d+ more characters\]$/);
    expect(b.note).toMatch(/long text\(s\) were cut/);
    expect(b.note).toMatch(/Narrow the call/);
  });

  test('when texts at their minimum do not fit, the longest lists keep their first items, and the note says so', () => {
    const data = build(400, 6, 200);
    const b = boundResult(data);
    expect(JSON.stringify(b.data).length).toBeLessThanOrEqual(MAX_RESULT_CHARACTERS);
    expect(chart.safeParse(b.data).success).toBe(true);
    expect(b.data.claims.length).toBeLessThan(400);
    expect(b.data.claims[0].claim_number).toBe(1);
    expect(b.note).toMatch(/claims keeps its first \d+ of 400 items/);
    // The input is left alone.
    expect(data.claims).toHaveLength(400);
  });
});
