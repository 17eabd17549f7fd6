import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import type { RateLimits } from './plugins/rate-limit-store.ts';

/** Everything a route needs, built once at start-up and handed to the Fastify app. */
export interface AppContext {
  config: Config;
  database: Database;
  rateLimits: RateLimits;
}
