import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from '../support/app.ts';
import { calendarFeedStateSchema } from '../../src/presenters/calendar-feed-state.ts';
import { idsTimingSchema } from '../../src/presenters/ids-timing.ts';

/**
 * The wire contract of the docket, deadlines, exports, applications, examiners, fees, quote and
 * response-plan routes: /api/openapi.json carries each one's success body (JSON schema, or the
 * media type of a CSV or event stream; 204 for a removal), and a body its schema does not allow
 * is refused rather than sent.
 */
type Json = Record<string, any>;

const JSON_OPERATIONS = [
  'get /api/docket/{id}/claims',
  'put /api/docket/{id}/claims',
  'get /api/deadlines',
  'post /api/calendar-feed',
  'get /api/calendar-feed',
  'post /api/exports',
  'get /api/exports',
  'get /api/exports/{job_id}',
  'get /api/docket/{id}/ids-timing',
  'get /api/applications/{number}/ids-timing',
  'get /api/applications/{number}',
  'get /api/applications/{number}/deadlines',
  'get /api/applications/{number}/history',
  'get /api/applications/{number}/correspondence',
  'get /api/correspondence/{id}',
  'post /api/docket/{id}/office-actions',
  'post /api/audit/tool-calls',
  'get /api/examiners',
  'get /api/examiners/{examiner_name}',
  'get /api/art-units/{art_unit}',
  'get /api/fees',
  'post /api/quote',
  'get /api/response-plans',
  'put /api/response-plans/{id}/grounds/{gid}/argument',
  'put /api/response-plans/{id}/election',
  'get /api/response-plans/{id}/completeness',
  'get /api/response-plans/{id}/preview',
  'post /api/response-plans/{id}/submit',
];
const TEXT_OPERATIONS: Record<string, string> = {
  'get /api/docket/export.csv': 'text/csv',
  'get /api/reports/matters.csv': 'text/csv',
  'get /api/events': 'text/event-stream',
};
const NO_CONTENT_OPERATIONS = ['delete /api/docket/{id}', 'delete /api/calendar-feed'];

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

function operation(key: string): Json {
  const [method, path] = key.split(' ');
  const op = doc.paths[path]?.[method];
  expect(op, key).toBeDefined();
  return op;
}

function successes(op: Json): [string, Json][] {
  return Object.entries(op.responses as Json).filter(([code]) => /^2/.test(code)) as [string, Json][];
}

describe('/api/openapi.json: success bodies', () => {
  test('each JSON operation documents its 2xx body as an application/json schema with properties', () => {
    for (const key of JSON_OPERATIONS) {
      const ok = successes(operation(key));
      expect(ok.length, key).toBeGreaterThan(0);
      for (const [code, r] of ok) {
        const schema = r.content?.['application/json']?.schema;
        expect(schema, `${key} ${code}`).toBeDefined();
        // An object's fields, or the alternatives of a union (POST /api/audit/tool-calls: {id} or {ids}).
        expect(schema.properties ?? schema.anyOf ?? schema.oneOf, `${key} ${code}`).toBeDefined();
      }
    }
  });

  test('CSV and the event stream document their media type; removals document 204 without a body', () => {
    for (const [key, media] of Object.entries(TEXT_OPERATIONS)) {
      const [[code, r]] = successes(operation(key));
      expect(code, key).toBe('200');
      expect(Object.keys(r.content ?? {}), key).toEqual([media]);
      expect(r.content[media].schema.type, key).toBe('string');
    }
    for (const key of NO_CONTENT_OPERATIONS) {
      const ok = successes(operation(key));
      expect(
        ok.map(([code]) => code),
        key,
      ).toEqual(['204']);
      expect(ok[0][1].content, key).toBeUndefined();
    }
  });

  test('a documented body names its fields: GET /api/deadlines lists deadlines and life_deadlines, the IDS window its enum', () => {
    const deadlines = successes(operation('get /api/deadlines'))[0][1].content['application/json'].schema;
    expect(deadlines.required).toEqual(expect.arrayContaining(['today', 'within_days', 'entity', 'deadlines', 'life_deadlines']));
    const ids = successes(operation('get /api/applications/{number}/ids-timing'))[0][1].content['application/json'].schema;
    expect(ids.properties.window.enum).toEqual(['1.97(b)', '1.97(c)', '1.97(d)', 'after_issue_fee']);
  });
});

describe('a route answers only what its response schema allows', () => {
  async function tinyApp(body: unknown) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().get('/feed', { schema: { response: { 200: calendarFeedStateSchema } } }, async () => body as never);
    app.withTypeProvider<ZodTypeProvider>().get('/ids', { schema: { response: { 200: idsTimingSchema } } }, async () => body as never);
    await app.ready();
    return app;
  }

  test('a presenter returning a value the schema refuses fails the request (500) instead of sending it', async () => {
    const app = await tinyApp({ exists: 'yes', created_at: null });
    const res = await app.inject({ method: 'GET', url: '/feed' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('"exists":"yes"');
    const ids = await app.inject({ method: 'GET', url: '/ids' });
    expect(ids.statusCode).toBe(500);
    await app.close();
  });

  test('an allowed body is sent as it is; a field the schema lacks is left out', async () => {
    const app = await tinyApp({ exists: true, created_at: '2026-01-02T03:04:05.000Z', secret: 'x' });
    const res = await app.inject({ method: 'GET', url: '/feed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: true, created_at: '2026-01-02T03:04:05.000Z' });
    await app.close();
  });
});
