// One ODP client per configuration, shared by every caller (lookups, file documents, publication
// text), so one request queue per key: the ODP allows burst 1 per key (uspto-data.md §1.2).
// Without PROSA_USPTO_API_KEY there is no client, and so no request.
import type { Config } from '../../config.ts';
import { createOdpClient, type OdpClient } from './odp-client.ts';

const clients = new WeakMap<Config, OdpClient>();

/** The configuration's client, or null when no API key is set. */
export function odpClientFor(config: Config): OdpClient | null {
  const apiKey = config.usptoApiKey;
  if (!apiKey) return null;
  let client = clients.get(config);
  if (!client) clients.set(config, (client = createOdpClient({ apiKey, baseUrl: config.usptoBaseUrl })));
  return client;
}

/** Replace the client built from a configuration (tests inject one with a recording sleep). */
export function setOdpClient(config: Config, client: OdpClient): void {
  clients.set(config, client);
}
