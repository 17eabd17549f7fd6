import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError } from '../../errors.ts';
import { errorBody } from '../../serving/error-body.ts';
import { PLUGIN, sharedPlugin } from './shared-plugin.ts';

/**
 * The disk (or the database's disk) is full: ENOSPC from the file system, SQLSTATE 53100
 * `disk_full` from PostgreSQL or PGlite (also when wrapped as a cause). A temporary condition of
 * the service, not the caller's fault: 503 `storage_full`, never a 500 (issue 12 item 8).
 */
function isStorageFull(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === '53100' || code === 'EDQUOT') return true;
    if (/could not extend file|No space left on device/i.test(String((e as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
}

function storageFull(): AppError {
  return new AppError(
    503,
    'storage_full',
    'Prosa cannot store anything right now: its storage is full. Nothing was saved or charged for this request.',
    'This is a temporary fault of the service, not of the request: wait a few minutes and retry the same request (with the same Idempotency-Key if you sent one); tell the user if it keeps failing so the operator can free disk space.',
    { 'Retry-After': '120' },
  );
}

/** Fastify's own client errors, turned into the spec's error object with an accurate status. */
function fromFastifyError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload_too_large', 'The request body is too large.', 'Send a smaller body; office_action_text may be at most 1 MB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        415,
        'unsupported_media_type',
        `Unsupported Content-Type: ${err.message.replace(/^Unsupported Media Type: /, '')}.`,
        'Send the body as JSON with the header Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(
        400,
        'invalid_json',
        'The body is empty but Content-Type is application/json.',
        'Send a JSON object as the body, or omit the Content-Type header.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'invalid_json', 'The body is not valid JSON.', 'Send a well-formed JSON object; check quotes, commas and escapes.');
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) {
    return new AppError(400, 'invalid_json', 'The body is not valid JSON.', 'Send a well-formed JSON object; check quotes, commas and escapes.');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError(err.statusCode, 'bad_request', err.message, 'Correct the request and send it again.');
  }
  return null;
}

/**
 * RFC 9110 §15.5.6: a path that exists under other methods answers 405 with `Allow`, not 404.
 * Fastify's router only knows "no route", so every route is also recorded in a router of our own
 * that is asked, on a miss, which methods the path has.
 */
function methodsIndex(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: false });
  const noop = () => {};
  app.addHook('onRoute', (route) => {
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      try {
        router.on(m as HTTPMethod, route.url, noop);
      } catch {
        // A route shape find-my-way refuses twice (duplicates) changes nothing here.
      }
    }
  });
  return (path) => METHODS.filter((m) => router.find(m, path) !== null);
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The error handler and the not-found answer (JSON 404, or 405 with Allow), for every surface.
 * Shared (on the root instance) because the root's 404 answers every path no surface claims; a
 * surface whose hooks must run on its own misses (/v1's deprecation headers) sets
 * `answerNotFound` as its not-found handler.
 */
export const errorHandlingPlugin = sharedPlugin(PLUGIN.errors, async (app) => registerErrorHandling(app));

function registerErrorHandling(app: FastifyInstance): void {
  const allowedMethods = methodsIndex(app);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let appErr: AppError;
    if (err instanceof AppError) {
      appErr = err;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const details = err.validation.map((v) => {
        const field = `${where}${v.instancePath.replace(/\//g, '.')}`;
        return { field, problem: v.message ?? 'is invalid' };
      });
      const first = details[0];
      appErr = new AppError(
        400,
        'validation_error',
        details.map((d) => `${d.field}: ${d.problem}`).join('; '),
        `Correct ${first ? `"${first.field}"` : 'the request'} and send it again.`,
      );
    } else {
      const mapped = fromFastifyError(err);
      if (mapped) {
        appErr = mapped;
      } else if (isStorageFull(err)) {
        request.log.error({ err }, 'storage full');
        appErr = storageFull();
      } else {
        request.log.error({ err }, 'unhandled error');
        appErr = new AppError(
          500,
          'internal_error',
          `An internal error occurred. Quote request id ${request.id} to support.`,
          'Retry once after a few seconds; if it fails again, report the request id.',
        );
      }
    }
    for (const [k, v] of Object.entries(appErr.headers)) reply.header(k, v);
    reply.status(appErr.status).send(errorBody(appErr, appErr.status >= 500 ? request.id : undefined));
  });

  const answerNotFound = (request: FastifyRequest, reply: FastifyReply): void => {
    const path = request.url.split('?')[0];
    const allow = allowedMethods(path);
    if (allow.length > 0) {
      reply
        .status(405)
        .header('Allow', allow.join(', '))
        .send(
          errorBody(
            new AppError(
              405,
              'method_not_allowed',
              `${request.method} is not allowed on ${path}; it accepts ${allow.join(', ')}.`,
              `Send the request with one of these methods: ${allow.join(', ')}.`,
            ),
          ),
        );
      return;
    }
    reply.status(404).send(errorBody(routeNotFound(request.method, request.url)));
  };
  app.decorate('answerNotFound', answerNotFound);
  app.setNotFoundHandler(answerNotFound);
}

/** The answer for a path nothing serves; also what a route answers callers it must not reveal itself to. */
export function routeNotFound(method: string, url: string): AppError {
  const path = url.split('?')[0];
  return new AppError(
    404,
    'route_not_found',
    `No route ${method} ${path}.`,
    'Check the method and path against /v1/openapi.json; the MCP server is the recommended integration path.',
  );
}
