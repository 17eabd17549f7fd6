import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
});
afterAll(async () => {
  await t?.close();
});
const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });

describe('REST #1 GET /v1/prosa/lookup/{application_number}', () => {
  test.each(['17200011', '17%2F200%2C011', '17/200,011', '17%20200%20011', '17 200 011'])('%s names 17/200,011', async (form) => {
    const res = await get(`/v1/prosa/lookup/${form.includes('/') && !form.includes('%') ? encodeURIComponent(form) : form.replace(/ /g, '%20')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).slice(0, 9)).toEqual([
      'application_number',
      'invention_title',
      'status',
      'filing_date',
      'examiner_name',
      'current_art_unit',
      'response_deadline',
      'critical_deadline_date',
      'critical_deadline_correspondence_id',
    ]);
    expect(body).toMatchObject({
      application_number: '17200011',
      invention_title: expect.stringContaining('thermal management'),
      status: 'pending',
      filing_date: '2025-02-19',
      examiner_name: 'HARTWELL, MARGARET ANNE',
      current_art_unit: '1727',
      data_source: 'demo',
      demo: true,
    });
  });

  test('an unknown number answers 404 app_not_found with an agent suggestion', async () => {
    const res = await get('/v1/prosa/lookup/99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: true,
      error_code: 'app_not_found',
      message: expect.stringContaining('99999999'),
      agent_suggestion: expect.stringMatching(/unpublished/i),
    });
  });

  test.each(['abc', '1234', "17200011' OR '1'='1", '%E2%80%AE17200011', '172000111', '17/200,01'])(
    'a malformed number %s is a 404 too, never a 500',
    async (raw) => {
      const res = await get(`/v1/prosa/lookup/${encodeURIComponent(decodeURIComponentSafe(raw))}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error_code).toBe('app_not_found');
    },
  );

  test('full-width digits (as pasted from some PDFs) are folded by Unicode NFKC', async () => {
    const res = await get(`/v1/prosa/lookup/${encodeURIComponent('１７/２００,０１１')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().application_number).toBe('17200011');
  });

  test('carries Deprecation, Sunset and a successor-version Link', async () => {
    const res = await get('/v1/prosa/lookup/17200011');
    expect(res.headers.deprecation).toMatch(/^@\d+$/);
    expect(new Date(res.headers.sunset as string).getTime()).toBeGreaterThan(Date.now());
    expect(res.headers.link).toBe('<http://prosa.test/mcp>; rel="successor-version"');
  });

  test('is free: no credential needed and no usage headers', async () => {
    const res = await get('/v1/prosa/lookup/17200011');
    expect(res.headers['x-credit-balance']).toBeUndefined();
    expect(res.headers['x-ratelimit-limit']).toBe('60');
  });
});

describe('/v1/openapi.json', () => {
  test('describes the lookup operation as deprecated, version 1.0.0', async () => {
    const res = await get('/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.version).toBe('1.0.0');
    const op = doc.paths['/v1/prosa/lookup/{application_number}'].get;
    expect(op.deprecated).toBe(true);
    expect(op.parameters[0]).toMatchObject({ name: 'application_number', in: 'path' });
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith('/v1/'))).toBe(true);
  });
});

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
