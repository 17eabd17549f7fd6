import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as shared plumbing: what it adds (hooks, decorators, the error handler) lands on
 * the instance that registers it instead of a child scope, so every surface registered after it
 * sees it; `name` is recorded so plugins naming it in `dependencies` can be checked at boot
 * (FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED names the missing plugin and the one needing it).
 *
 * This is what the `fastify-plugin` package does, through the same three symbols Fastify reads
 * (fastify/lib/plugin-utils.js). That package is only a transitive dependency here (of
 * @fastify/cookie, @fastify/static...), so it is not imported: a direct import would break on a
 * change of theirs, and the project adds no dependency for three property assignments.
 */
export function sharedPlugin(name: string, plugin: (app: FastifyInstance) => Promise<void> | void, dependencies: string[] = []): FastifyPluginAsync {
  const shared: FastifyPluginAsync = async (app) => plugin(app);
  return Object.assign(shared, { [Symbol.for('skip-override')]: true, ...named(name, dependencies) });
}

/**
 * Names an encapsulated plugin (a surface: its routes, hooks and not-found answer stay in its own
 * scope) and declares the shared plugins it needs, checked when it is registered like a shared
 * plugin's.
 */
export function surfacePlugin(name: string, plugin: (app: FastifyInstance) => Promise<void>, dependencies: string[]): FastifyPluginAsync {
  const surface: FastifyPluginAsync = async (app) => plugin(app);
  return Object.assign(surface, named(name, dependencies));
}

/** The name Fastify shows for the plugin and records for others' `dependencies`, and the ones it needs. */
function named(name: string, dependencies: string[]) {
  return { [Symbol.for('fastify.display-name')]: name, [Symbol.for('plugin-meta')]: { name, dependencies } };
}

/** The names of the shared plugins, for `dependencies` lists. */
export const PLUGIN = {
  cookie: '@fastify/cookie',
  requestId: 'prosa-request-id',
  errors: 'prosa-errors',
  webApp: 'prosa-web-app',
  nulGuard: 'prosa-nul-guard',
  auth: 'prosa-auth',
  usageCounter: 'prosa-usage-counter',
  rateLimit: 'prosa-rate-limit',
  metrics: 'prosa-metrics',
  purchaseUrl: 'prosa-purchase-url',
  openApi: 'prosa-openapi',
} as const;

/**
 * What the authenticated surfaces (/v1, /api) take from the shared plugins: the error handler and
 * not-found answer, the caller's resolution, rate limits (which count into the usage counter) and
 * the OpenAPI documents they serve.
 */
export const SURFACE_NEEDS: string[] = [PLUGIN.errors, PLUGIN.auth, PLUGIN.usageCounter, PLUGIN.rateLimit, PLUGIN.openApi];
