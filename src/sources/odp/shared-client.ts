// One ODP client per configuration, shared by every caller (lookups, file documents, publication
// text), so one request queue per key: the ODP allows burst 1 per key (uspto-data.md §1.2).
// Without PROSA_USPTO_API_KEY there is no client, and so no request.
import type { Config } from '../../config.ts';
import { createOdpClient, type OdpClient } from './odp-client.ts';

const clients = new WeakMap<Config, OdpClient>();
const sent = new WeakMap<Config, { n: number }>();

/**
 * The configuration's client, or null when no API key is set. Its requests are paced
 * (PROSA_WATCH_REQUEST_INTERVAL_MS between two, the USPTO watch's politeness) and counted.
 */
export function odpClientFor(config: Config): OdpClient | null {
  const apiKey = config.usptoApiKey;
  if (!apiKey) return null;
  let client = clients.get(config);
  if (!client) {
    const counter = { n: 0 };
    sent.set(config, counter);
    client = createOdpClient({
      apiKey,
      baseUrl: config.usptoBaseUrl,
      minIntervalMs: config.watch.requestIntervalMs,
      onRequest: () => {
        counter.n += 1;
      },
    });
    clients.set(config, client);
  }
  return client;
}

/** HTTP requests the configuration's client has sent in this process (0 before any). */
export function odpRequestsSent(config: Config): number {
  return sent.get(config)?.n ?? 0;
}

/** Replace the client built from a configuration (tests inject one with a recording sleep). */
export function setOdpClient(config: Config, client: OdpClient): void {
  clients.set(config, client);
}

/** Why the USPTO watch is off, or null when it is on (docs/uspto-watch.md). */
export function watchOffReason(config: Config): string | null {
  return config.usptoApiKey
    ? null
    : 'PROSA_USPTO_API_KEY is not set: the watch reads the USPTO Open Data Portal, which needs an API key (from "My ODP" at data.uspto.gov). Everything else works without it.';
}
