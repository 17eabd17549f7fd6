import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import type { RateLimits } from '../serving/rate-limits/rate-limit-store.ts';
import type { Keyring } from '../auth/keyring.ts';
import type { QueueHandle } from '../jobs/queue-handle.ts';

/** Everything a route needs, built once at start-up and handed to the Fastify app. */
export interface AppContext {
  config: Config;
  database: Database;
  rateLimits: RateLimits;
  /** Signing keys (download tokens). */
  keyring: Keyring;
  /** The job queue (draft jobs are enqueued in the transaction that charges them). */
  queue: QueueHandle;
}
