import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';

/**
 * /v1/openapi.json: the machine-readable description of the retired REST interface
 * (spec "Versioning" 1: interface version 1.0.0), every operation marked deprecated.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prosa REST API (retired)',
        version: '1.0.0',
        description: 'The retired REST interface of Prosa. The MCP server is the recommended integration path.',
      },
      servers: [{ url: ctx.config.baseUrl }],
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/v1/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => {
    const doc = app.swagger() as { paths?: Record<string, unknown> };
    const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([p]) => p.startsWith('/v1/')));
    return { ...doc, paths };
  });
}
