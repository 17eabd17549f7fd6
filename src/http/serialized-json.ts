import type { FastifyReply } from 'fastify';

/**
 * JSON answers serialized once and sent many times (issue 12: the free lookups serve the same
 * cached record to every caller; the zod response serializer was a tenth of their CPU).
 *
 * `serializedJson` runs the route's own response serializer (its 200 schema: validation and
 * JSON.stringify, exactly what Fastify would send); `sendJson` sends such a string as it is:
 * Fastify passes a string with a JSON content type through without serializing it again.
 */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A value as the route's 200 response schema serializes it. */
export function serializedJson(reply: FastifyReply, value: unknown): string {
  // The zod serializer compiler (app.ts) returns JSON.stringify's string; Fastify types the
  // general case, where a custom serializer may return bytes.
  return reply.serialize(value) as string;
}

/** Sends JSON text from serializedJson, unchanged, with the status set on `reply` (200 by default). */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
