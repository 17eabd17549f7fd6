/**
 * Issue 12 item 7: an analysis is bounded relative to its input. A 1 MB text that repeats one
 * real action 100+ times returned a 5.5 MB record before (every copy of every quote stored
 * again); now identical copies are kept once with their offsets, lists are capped, and the cut
 * is reported in `truncated` and glass_box.known_weaknesses. The bound decided
 * (docs/decisions/office-actions.md "Bounded records"): the record is at most 2 x the input and never over 2 MB.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { OUTPUT_LIMITS } from '../../src/analysis/bound-record.ts';

const ONE = readFileSync(new URL('../../src/domain/office-action/fixtures/01.txt', import.meta.url), 'utf8');
/** Copies of a real action up to 1 MB (the attack's shape). */
function repeatedToOneMegabyte(one: string): string {
  let text = '';
  while (Buffer.byteLength(text) + Buffer.byteLength(one) + 1 < 1024 * 1024) text += `${one}\n`;
  return text;
}
const BIG = repeatedToOneMegabyte(ONE);
const BIG_BYTES = Buffer.byteLength(BIG);

let t: TestApp;
let key: string;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  ({ cookie } = await signUp(t.app));
  key = await createKey(t.app, cookie);
});
afterAll(async () => {
  await t?.close();
});

type Span = { start: number; end: number };
type Quote = { text: string; span: Span; text_truncated?: boolean; also_at?: Span[] };

/** Every quote in the record re-reads from the text at its offsets (a cut quote: its beginning). */
function expectQuotesReRead(record: unknown, text: string): number {
  let n = 0;
  const walk = (v: unknown, key: string) => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, key);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const span = o.span as Span | undefined;
    if (span && typeof span.start === 'number') {
      const quoted = (typeof o.text === 'string' ? o.text : typeof o.statement === 'string' ? o.statement : null) as string | null;
      if (quoted !== null && key !== 'publication') {
        const at = text.slice(span.start, span.end);
        if (o.text_truncated) {
          expect(quoted.endsWith('…')).toBe(true);
          expect(at.startsWith(quoted.slice(0, -1))).toBe(true);
        } else {
          expect(at).toBe(quoted);
        }
        for (const other of (o.also_at as Span[] | undefined) ?? []) expect(text.slice(other.start, other.end)).toBe(at);
        n++;
      }
    }
    for (const [k, x] of Object.entries(o)) walk(x, k);
  };
  walk(record, '');
  return n;
}

async function analysesSize(): Promise<number> {
  const r = await sql<{ n: string }>`select pg_total_relation_size('analyses')::text as n`.execute(t.database.db);
  return Number(r.rows[0].n);
}

describe('an analysis is bounded relative to its input', () => {
  test('REST #3: the 1 MB repetitive text gives a record of at most 2 x the input and 2 MB, with the cut reported and every kept span re-read', async () => {
    const sizeBefore = await analysesSize();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': key },
      payload: { application_number: '17/200,011', office_action_text: BIG },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const bytes = Buffer.byteLength(res.body);
    expect(bytes).toBeLessThanOrEqual(2 * BIG_BYTES);
    expect(bytes).toBeLessThanOrEqual(OUTPUT_LIMITS.maxRecordBytes);
    const a = res.json();
    // The cut is reported: by field, and as a known weakness that lowers the confidence.
    expect(Object.keys(a.truncated).length).toBeGreaterThan(0);
    expect(a.truncated['claim_analyses[].rejections']).toBeGreaterThan(0);
    expect(a.glass_box.known_weaknesses.some((w: string) => w.startsWith('output bounded:'))).toBe(true);
    // The claims are all there (bounded by the claims in the text), each list within its cap.
    expect(a.claim_analyses.map((c: { claim_number: number }) => c.claim_number)).toEqual(expect.arrayContaining([1, 5, 19]));
    for (const c of a.claim_analyses) {
      for (const f of ['rejections', 'evidence', 'pinpoints', 'objections', 'examiner_admissions'])
        expect(c[f].length).toBeLessThanOrEqual(OUTPUT_LIMITS.perClaim);
      // A rejection's ground exists (ids of merged grounds were re-pointed).
      for (const r of c.rejections) if (r.ground_id) expect(a.grounds.some((g: { id: string }) => g.id === r.ground_id)).toBe(true);
    }
    for (const r of a.references) for (const id of r.cited_in) expect(a.grounds.some((g: { id: string }) => g.id === id)).toBe(true);
    // Identical copies are stored once, with their offsets.
    const merged = a.claim_analyses.flatMap((c: { rejections: Quote[] }) => c.rejections).find((r: Quote) => (r.also_at?.length ?? 0) > 0);
    expect(merged).toBeDefined();
    // citations_verified stays honest: every span kept (and every offset of a merged copy) re-reads.
    expect(a.glass_box.citations_verified).toBe(true);
    expect(expectQuotesReRead(a, BIG)).toBeGreaterThan(50);

    // What is stored is the same bounded record; storage grows by the text and that record, not by copies.
    const stored = await t.app.inject({ method: 'GET', url: `/api/analyses/${a.analysis_id}`, headers: { cookie } });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().truncated).toEqual(a.truncated);
    const growth = (await analysesSize()) - sizeBefore;
    console.log(`storage growth for one 1 MB analysis: ${growth} bytes (input ${BIG_BYTES}, record ${bytes})`);
    expect(growth).toBeLessThanOrEqual(2 * BIG_BYTES);
  }, 120_000);

  test('/api/analyses: the same bound and report for a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: { cookie },
      payload: { application_number: '17/200,011', office_action_text: BIG },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(Math.min(2 * BIG_BYTES, OUTPUT_LIMITS.maxRecordBytes));
    expect(res.json().truncated['claim_analyses[].pinpoints']).toBeGreaterThan(0);
  }, 120_000);

  test('an ordinary action is not cut: truncated is empty and no weakness is added', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': key },
      payload: { application_number: '17/200,011', office_action_text: ONE },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.truncated).toEqual({});
    expect(a.glass_box.known_weaknesses.some((w: string) => w.startsWith('output bounded:'))).toBe(false);
    expect(a.claim_analyses.flatMap((c: { rejections: Quote[] }) => c.rejections).some((r: Quote) => r.also_at)).toBe(false);
  });
});
