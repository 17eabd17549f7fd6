import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Ajv2020Module from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../support/app.ts';

/** The published OpenAPI schema validator (the official 3.x JSON Schemas), on top of the rules below. */
async function validateWithOfficialSchema(doc: object): Promise<unknown[]> {
  const res = await new Validator().validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
  return res.valid ? [] : ((res.errors as unknown[] | undefined) ?? ['invalid']);
}

/**
 * Issue 12: /api/openapi.json describes the whole account API (every /api route with its schemas,
 * security and error responses, 429 included); /v1/openapi.json gains the security of the examiner
 * route and the 429s. Both are validated with @seriousme/openapi-schema-validator (the OpenAPI
 * Initiative's published JSON Schemas for 3.x), checked against further OpenAPI 3.1 rules below, and
 * every schema is compiled with Ajv's JSON Schema 2020-12 dialect (the one OpenAPI 3.1 uses).
 */
type Json = Record<string, any>;
type AjvClass = new (opts: object) => { compile(s: object): unknown; addSchema(s: object): unknown };
const Ajv2020 = (Ajv2020Module as unknown as { default?: AjvClass }).default ?? (Ajv2020Module as unknown as AjvClass);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function resolve(doc: Json, ref: string): Json {
  expect(ref.startsWith('#/'), ref).toBe(true);
  let node: any = doc;
  for (const part of ref.slice(2).split('/')) {
    node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    expect(node, `unresolved ${ref}`).toBeDefined();
  }
  return node;
}

/** The OpenAPI 3.1 document rules this checks; returns the problems found. */
function validateOpenApi31(doc: Json): string[] {
  const problems: string[] = [];
  const p = (cond: unknown, msg: string) => {
    if (!cond) problems.push(msg);
  };
  p(/^3\.1\.\d+$/.test(doc.openapi), 'openapi must be 3.1.x');
  p(typeof doc.info?.title === 'string' && typeof doc.info?.version === 'string', 'info.title and info.version are required strings');
  p(doc.paths && typeof doc.paths === 'object', 'paths is required');
  const schemes = doc.components?.securitySchemes ?? {};
  for (const [name, s] of Object.entries(schemes) as [string, Json][]) {
    p(['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'].includes(s.type), `securityScheme ${name}: bad type`);
    if (s.type === 'apiKey') p(typeof s.name === 'string' && ['query', 'header', 'cookie'].includes(s.in), `securityScheme ${name}: apiKey needs name and in`);
    if (s.type === 'http') p(typeof s.scheme === 'string', `securityScheme ${name}: http needs scheme`);
  }
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const checkSchema = (schema: Json, where: string) => {
    try {
      // $refs to components are resolved by adding the components as a schema.
      ajv.compile({
        $id: `https://check.prosa.test/${Math.random().toString(36).slice(2)}`,
        ...JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, '"https://components.prosa.test/s#/$defs/')),
      });
    } catch (err) {
      problems.push(`${where}: schema does not compile: ${(err as Error).message}`);
    }
  };
  ajv.addSchema({ $id: 'https://components.prosa.test/s', $defs: doc.components?.schemas ?? {} });
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, Json][]) {
    p(path.startsWith('/'), `path ${path} must start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      if (!METHODS.includes(method)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (op.operationId) {
        p(!operationIds.has(op.operationId), `${where}: duplicate operationId`);
        operationIds.add(op.operationId);
      }
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((x: Json) => (x.$ref ? resolve(doc, x.$ref) : x));
      for (const prm of params) {
        p(typeof prm.name === 'string' && ['query', 'header', 'path', 'cookie'].includes(prm.in), `${where}: parameter needs name and a valid in`);
        if (prm.in === 'path')
          p(prm.required === true && templated.includes(prm.name), `${where}: path parameter ${prm.name} must be required and in the template`);
        if (prm.schema) checkSchema(prm.schema, `${where} parameter ${prm.name}`);
      }
      for (const name of templated)
        p(
          params.some((x) => x.in === 'path' && x.name === name),
          `${where}: template {${name}} has no path parameter`,
        );
      if (op.requestBody) {
        const rb = op.requestBody.$ref ? resolve(doc, op.requestBody.$ref) : op.requestBody;
        p(rb.content && typeof rb.content === 'object', `${where}: requestBody needs content`);
        for (const [media, c] of Object.entries(rb.content ?? {}) as [string, Json][]) if (c.schema) checkSchema(c.schema, `${where} body ${media}`);
      }
      p(op.responses && Object.keys(op.responses).length > 0, `${where}: responses required`);
      for (const [code, r0] of Object.entries(op.responses ?? {}) as [string, Json][]) {
        p(/^([1-5](\d\d|XX)|default)$/.test(code), `${where}: bad response code ${code}`);
        const r = r0.$ref ? resolve(doc, r0.$ref) : r0;
        p(typeof r.description === 'string', `${where} ${code}: description required`);
        for (const [media, c] of Object.entries(r.content ?? {}) as [string, Json][]) if (c.schema) checkSchema(c.schema, `${where} ${code} ${media}`);
      }
      for (const req of op.security ?? doc.security ?? [])
        for (const name of Object.keys(req)) p(name in schemes, `${where}: security scheme ${name} undeclared`);
    }
  }
  return problems;
}

/** Every route Fastify serves under `prefix`, as "method /path/{param}", from its route table. */
function servedOperations(prefix: string): string[] {
  const out: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!m?.[1].startsWith(prefix)) continue;
    for (const method of m[2].split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push(`${method.toLowerCase()} ${m[1].replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  }
  return out;
}

describe('/api/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document of the account API, with security and error responses (429 included) on every operation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(validateOpenApi31(doc)).toEqual([]);
    expect(await validateWithOfficialSchema(doc)).toEqual([]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    expect(doc.components.securitySchemes).toMatchObject({ apiKey: { in: 'header' }, session: { in: 'cookie' }, bearer: { scheme: 'bearer' } });
    const docket = doc.paths['/api/docket'].get;
    expect(docket.security).toEqual([{ session: [] }, { bearer: [] }, { apiKey: [] }]);
    expect(docket.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(docket.responses['401']).toBeDefined();
    expect(doc.paths['/api/keys'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/account/spending-cap'].patch.requestBody).toBeDefined();
    expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
    // Every operation on an authenticated route has security, and every operation has a 429.
    for (const [path, item] of Object.entries(doc.paths) as [string, Json][]) {
      for (const [method, op] of Object.entries(item) as [string, Json][]) {
        expect(op.responses['429'], `${method} ${path}`).toBeDefined();
        expect(op.responses['500'], `${method} ${path}`).toBeDefined();
      }
    }
    // Every /api route the app serves is described.
    const described = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item as Json).map((m) => `${m} ${p}`));
    const missing = servedOperations('/api/').filter((op) => op !== 'get /api/openapi.json' && !described.includes(op));
    expect(missing).toEqual([]);
  });
});

describe('/v1/openapi.json', () => {
  test('valid OpenAPI 3.1; the examiner route has its security; every operation documents 429', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(validateOpenApi31(doc)).toEqual([]);
    expect(await validateWithOfficialSchema(doc)).toEqual([]);
    const examiner = Object.entries(doc.paths).find(([p]) => p.startsWith('/v1/prosa/examiner'));
    expect(examiner).toBeDefined();
    expect((examiner![1] as Json).get.security).toEqual([{ apiKey: [] }]);
    for (const [path, item] of Object.entries(doc.paths) as [string, Json][]) {
      for (const [method, op] of Object.entries(item) as [string, Json][]) expect(op.responses['429'], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/v1/prosa/lookup/{application_number}'].get.security).toBeUndefined();
  });

  test('the validator catches a broken document', async () => {
    expect(
      (await validateWithOfficialSchema({ openapi: '3.1.0', info: { title: 'x' }, paths: { '/x': { get: { responses: 'nope' } } } })).length,
    ).toBeGreaterThan(0);
    expect(
      validateOpenApi31({ openapi: '3.0.0', info: {}, paths: { '/x/{id}': { get: { responses: { 200: {} }, security: [{ nope: [] }] } } } }).length,
    ).toBeGreaterThanOrEqual(4);
  });
});
