import { PLUGIN, sharedPlugin } from './shared-plugin.ts';

/** X-Request-Id on every response of every surface (the id Fastify took from the caller or made). */
export const requestIdPlugin = sharedPlugin(PLUGIN.requestId, async (app) => {
  // A callback hook: no promise and no microtask on every response (issue 12).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });
});
