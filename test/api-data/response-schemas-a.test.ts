/**
 * One wire contract (share A): the analyses, sign-in and account-link, API key, connected-app,
 * spending-cap, pricing and billing routes each answer through their presenter's zod schema, so
 * /api/openapi.json carries every success body, and a presenter returning what its schema does
 * not allow fails the request instead of reaching the client.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, injectAsClient, signUp, type TestApp } from '../support/app.ts';
import { spendingCapSchema } from '../../src/presenters/spending-cap.ts';
import { unpackJson } from '../../src/db/packed-json.ts';

/** Operations whose success is a JSON body, with its status. */
const JSON_BODIES: [method: string, path: string, status: string][] = [
  ['post', '/api/analyses', '201'],
  ['post', '/api/analyses', '200'],
  ['get', '/api/analyses', '200'],
  ['get', '/api/analyses/{id}', '200'],
  ['get', '/api/analyses/{id}/claims/{n}', '200'],
  ['get', '/api/analyses/{id}/grounds', '200'],
  ['get', '/api/analyses/{id}/grounds/{gid}', '200'],
  ['get', '/api/analyses/{id}/text', '200'],
  ['post', '/api/auth/signup', '201'],
  ['post', '/api/auth/signin', '200'],
  ['post', '/api/auth/password-reset', '202'],
  ['post', '/api/auth/password-reset/confirm', '200'],
  ['get', '/api/auth/email-verification', '200'],
  ['post', '/api/auth/email-verification', '200'],
  ['post', '/api/auth/email-verification', '202'],
  ['post', '/api/auth/email-verification/confirm', '200'],
  ['get', '/api/auth/providers', '200'],
  ['get', '/api/auth/identities', '200'],
  ['post', '/api/keys', '201'],
  ['get', '/api/keys', '200'],
  ['delete', '/api/keys/{id}', '200'],
  ['get', '/api/pricing', '200'],
  ['get', '/api/oauth/grants', '200'],
  ['get', '/api/account/spending-cap', '200'],
  ['patch', '/api/account/spending-cap', '200'],
  ['get', '/api/billing', '200'],
  ['post', '/api/billing/checkout', '201'],
  ['post', '/api/billing/checkout/{id}/confirm', '200'],
  ['get', '/api/billing/purchases', '200'],
];

/** Operations that answer without a body: 204, or a 303 redirect (the Location header is the answer). */
const NO_BODY: [method: string, path: string, status: string][] = [
  ['post', '/api/auth/signout', '204'],
  ['post', '/api/auth/password', '204'],
  ['delete', '/api/auth/identities/{id}', '204'],
  ['delete', '/api/oauth/grants/{id}', '204'],
  ['get', '/api/auth/oidc/{provider}/start', '303'],
  ['get', '/api/auth/oidc/{provider}/callback', '303'],
];

let t: TestApp;
let doc: Record<string, any>;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t?.close();
});

describe('/api/openapi.json', () => {
  test.each(JSON_BODIES)('%s %s documents its %s JSON body with a schema', (method, path, status) => {
    const response = doc.paths[path]?.[method]?.responses?.[status];
    expect(response, `${method} ${path} ${status}`).toBeDefined();
    const schema = response.content?.['application/json']?.schema;
    expect(schema?.type ?? schema?.$ref ?? schema?.anyOf, `${method} ${path} ${status} has no body schema`).toBeDefined();
    // An object body names its fields (not an empty "any object").
    if (schema.type === 'object') expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
  });

  test.each(NO_BODY)('%s %s documents its %s answer, without a body', (method, path, status) => {
    const response = doc.paths[path]?.[method]?.responses?.[status];
    expect(response, `${method} ${path} ${status}`).toBeDefined();
    expect(response.description).toMatch(/\w/);
    expect(response.content).toBeUndefined();
  });
});

describe('the response schema is enforced, not only documented', () => {
  test('a presenter returning a value its schema does not allow fails the request; a key the schema does not name is dropped', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const good = { daily_ai_cap: '10.00', spent_today: '1.00', remaining_today: '9.00', reached: false, resets_at: '2026-11-28T00:00:00.000Z' };
    app.get('/bad', { schema: { response: { 200: spendingCapSchema } } }, async () => ({ ...good, reached: 'no' }) as never);
    app.get('/extra', { schema: { response: { 200: spendingCapSchema } } }, async () => ({ ...good, internal_note: 'x' }) as never);
    try {
      const bad = await app.inject({ method: 'GET', url: '/bad' });
      expect(bad.statusCode).toBe(500);
      expect(bad.body).not.toContain('"reached":"no"');
      const extra = await app.inject({ method: 'GET', url: '/extra' });
      expect(extra.statusCode).toBe(200);
      expect(extra.json()).toEqual(good);
    } finally {
      await app.close();
    }
  });

  test('an analysis goes out through its schema with every field the record holds (nothing stripped)', async () => {
    const { cookie } = await signUp(t.app);
    const text = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
    const created = await injectAsClient(t.app, {
      method: 'POST',
      url: '/api/analyses',
      headers: { cookie },
      payload: { application_number: '17200011', office_action_text: text, include_examiner_intel: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().analysis_id;
    const row = await t.database.db.selectFrom('analyses').select('record').where('id', '=', id).executeTakeFirstOrThrow();
    const stored = { record: unpackJson(row.record) };
    expect(created.json()).toEqual(stored.record);
    const read = await injectAsClient(t.app, { method: 'GET', url: `/api/analyses/${id}`, headers: { cookie } });
    expect(read.json()).toEqual(stored.record);
    // The claim view keeps what the claim holds: its strategy with every part, its evidence.
    const claim = stored.record.claim_analyses as { claim_number: number; strategy: object; evidence: unknown[] }[];
    const view = await injectAsClient(t.app, { method: 'GET', url: `/api/analyses/${id}/claims/${claim[0].claim_number}`, headers: { cookie } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().strategy).toEqual(claim[0].strategy);
    expect(view.json().evidence).toEqual(claim[0].evidence);
  });

  test('the spending cap, the price list and the billing offer answer through their schemas', async () => {
    const { cookie } = await signUp(t.app);
    const cap = await injectAsClient(t.app, { method: 'PATCH', url: '/api/account/spending-cap', headers: { cookie }, payload: { daily_ai_cap: '12.50' } });
    expect(cap.statusCode, cap.body).toBe(200);
    expect(spendingCapSchema.strict().parse(cap.json())).toMatchObject({
      daily_ai_cap: '12.50',
      spent_today: '0.00',
      remaining_today: '12.50',
      reached: false,
    });
    const pricing = await injectAsClient(t.app, { method: 'GET', url: '/api/pricing' });
    expect(pricing.json().packages[0]).toEqual({ id: 'pkg_25', price: 25, credits: 25, bonus: 0 });
    expect(pricing.json().custom_amounts).toBe('credits 1:1 with dollars, no bonus');
    const billing = await injectAsClient(t.app, { method: 'GET', url: '/api/billing', headers: { cookie } });
    expect(billing.json()).toMatchObject({
      configured: false,
      custom: { rate: 'credits 1:1 with dollars, no bonus' },
      billing_url: expect.stringMatching(/\/settings\/billing$/),
    });
  });
});
