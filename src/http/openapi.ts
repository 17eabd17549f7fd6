import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import type { AuthMode, OpenApiDocuments } from './plugins/route-config.ts';
import type { Tier } from '../serving/rate-limits/rate-limit-store.ts';
import { z } from 'zod';
import { WEBHOOK_PAYLOADS } from '../presenters/webhook.ts';
import { PLUGIN, sharedPlugin } from './plugins/shared-plugin.ts';

// biome-ignore lint/suspicious/noExplicitAny: walks generated JSON Schema documents of any shape.
type Json = Record<string, any>;

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error', 'error_code', 'message', 'agent_suggestion'],
  properties: {
    error: { type: 'boolean', const: true },
    error_code: { type: 'string' },
    message: { type: 'string' },
    agent_suggestion: { type: 'string' },
    request_id: { type: 'string', description: 'On 5xx answers: quote it to support' },
  },
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** Shared error responses (the spec's error object); referenced by every operation. */
const RESPONSES: Json = {
  BadRequest: { description: 'Invalid request (validation_error, invalid_json, ...)', content: errorContent },
  Unauthorized: { description: 'Missing or invalid credential (missing_api_key, invalid_api_key, not_authenticated, invalid_token)', content: errorContent },
  TooManyRequests: {
    description:
      'Rate limited (rate_limited): per API key, per account (all of its keys and sessions), per assistant or per client address; also repeated invalid credentials from one address',
    headers: {
      'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      'X-RateLimit-Limit': { description: 'Requests per minute', schema: { type: 'integer' } },
      'X-RateLimit-Remaining': { description: 'Left in the current minute', schema: { type: 'integer' } },
      'X-RateLimit-Reset': { description: 'Unix time (s) the minute window resets', schema: { type: 'integer' } },
    },
    content: errorContent,
  },
  InternalError: { description: 'Internal error (internal_error, with request_id)', content: errorContent },
  ServiceUnavailable: {
    description: 'Temporarily unavailable (storage_full, shutting down); retry after Retry-After',
    headers: { 'Retry-After': { description: 'Seconds', schema: { type: 'integer' } } },
    content: errorContent,
  },
};

const SECURITY_SCHEMES: Json = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (Settings > API keys)' },
  session: { type: 'apiKey', in: 'cookie', name: 'prosa_session', description: 'The web app session (POST /api/auth/signin)' },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token for the API audience, issued to the Prosa MCP server by token exchange',
  },
};

function securityFor(mode: AuthMode): Json[] {
  switch (mode) {
    case 'api_key':
      return [{ apiKey: [] }];
    case 'session':
      return [{ session: [] }];
    case 'account':
      return [{ session: [] }, { bearer: [] }, { apiKey: [] }];
    default:
      return [];
  }
}

interface RouteFacts {
  auth: AuthMode;
  rateLimit: Tier | 'off' | undefined;
}

/** `/api/docket/:id` → `/api/docket/{id}` (the path form OpenAPI and @fastify/swagger use). */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Completes one operation from its route's config: security from the auth mode, and the error
 * responses every such route can give (400 when it takes input, 401 with a credential, 429 when
 * rate-limited, 500, 503), keeping any the route documents itself.
 */
function complete(op: Json, facts: RouteFacts | undefined): Json {
  const auth = facts?.auth ?? 'none';
  const out: Json = { ...op, responses: { ...(op.responses ?? {}) } };
  const security = securityFor(auth);
  if (security.length > 0) out.security = op.security ?? security;
  const add = (code: string, name: string) => {
    if (!out.responses[code]) out.responses[code] = { $ref: `#/components/responses/${name}` };
  };
  if (op.requestBody || op.parameters?.length) add('400', 'BadRequest');
  if (auth !== 'none') add('401', 'Unauthorized');
  if (facts?.rateLimit !== 'off' || auth !== 'none') add('429', 'TooManyRequests');
  add('500', 'InternalError');
  add('503', 'ServiceUnavailable');
  // @fastify/swagger gives error responses it knows of no schema an empty description.
  for (const [code, r] of Object.entries(out.responses) as [string, Json][]) {
    if (!r.$ref && /^[45]/.test(code) && !r.content) out.responses[code] = { ...r, description: r.description || 'Error', content: errorContent };
  }
  return out;
}

const WEBHOOK_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message id: the same on every retry of one event to one endpoint (deduplicate on it)',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when this attempt was signed (refuse old ones: replay)',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: 'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}"> keyed with the endpoint secret (whsec_ + base64 key): Standard Webhooks',
    schema: { type: 'string' },
  },
];

/** OpenAPI 3.1 `webhooks`: what Prosa POSTs to a registered endpoint, one entry per event kind (docs/webhooks.md). */
function webhooksSection(): Json {
  return Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOADS).map(([kind, schema]) => [
      kind,
      {
        post: {
          summary: kind,
          description: `${schema.description ?? ''} Signed per Standard Webhooks; a 2xx answer within 10 s is a delivery, anything else is retried after 1 min, 5 min, 30 min, 2 h and 12 h.`,
          tags: ['webhooks'],
          parameters: WEBHOOK_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) } } },
          responses: { '200': { description: 'Any 2xx: delivered' } },
        },
      },
    ]),
  );
}

/**
 * /v1/openapi.json: the retired REST interface (spec "Versioning" 1: interface version 1.0.0),
 * every operation marked deprecated. /api/openapi.json: the account API the web app, the MCP server
 * and scripts use. Both carry each operation's security (from its route's auth mode) and its
 * error responses, 429 included (issue 12).
 */
export function openApiPlugin(ctx: AppContext) {
  return sharedPlugin(PLUGIN.openApi, (app) => registerOpenApi(app, ctx));
}

async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const facts = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route) => {
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      facts.set(`${m.toLowerCase()} ${openApiPath(route.url)}`, { auth: route.config?.auth ?? 'none', rateLimit: route.config?.rateLimit });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prosa REST API (retired)',
        version: '1.0.0',
        description: 'The retired REST interface of Prosa. The MCP server is the recommended integration path.',
      },
      servers: [{ url: ctx.config.baseUrl }],
      components: { securitySchemes: { apiKey: SECURITY_SCHEMES.apiKey } },
    },
    transform: jsonSchemaTransform,
  });

  const document = (prefix: string, info: Json, schemes: Json) => {
    const doc = app.swagger() as Json;
    const paths: Json = {};
    for (const [p, item] of Object.entries((doc.paths ?? {}) as Json)) {
      if (!p.startsWith(prefix)) continue;
      paths[p] = Object.fromEntries(
        Object.entries(item as Json).map(([method, op]) => [
          method,
          ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method) ? complete(op as Json, facts.get(`${method} ${p}`)) : op,
        ]),
      );
    }
    return {
      ...doc,
      info,
      paths,
      components: {
        ...(doc.components ?? {}),
        securitySchemes: schemes,
        schemas: { ...(doc.components?.schemas ?? {}), Error: ERROR_SCHEMA },
        responses: RESPONSES,
      },
    };
  };

  const documents: OpenApiDocuments = {
    v1: () => document('/v1/', (app.swagger() as Json).info, { apiKey: SECURITY_SCHEMES.apiKey }),
    api: () => ({
      ...document(
        '/api/',
        {
          title: 'Prosa account API',
          version: ctx.config.version,
          description:
            "The account API behind the Prosa web app and MCP server (docs/api.md). Credentials: the web session cookie, the MCP server's exchanged bearer token, or an API key. Errors are the error object {error, error_code, message, agent_suggestion}; every authenticated response carries the usage headers.",
        },
        SECURITY_SCHEMES,
      ),
      webhooks: webhooksSection(),
    }),
  };
  app.decorate('openApiDocuments', documents);
}
