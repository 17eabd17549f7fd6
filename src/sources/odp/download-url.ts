// Which addresses the ODP client may fetch a file from. A documentBag's `downloadUrl` and an
// associated-documents `fileLocationURI` come from the ODP's JSON, and the client sends its API key
// with the request, so neither is trusted as given (SSRF, key leakage):
// - only the ODP's own download paths are fetched: document downloads (`/api/v1/download/…`,
//   documents-17248024.json) and the per-document full-text XML files of the grant and pre-grant
//   publication products (`/api/v1/datasets/products/files/PTGRXML-SPLT|APPXML-SPLT/…`, the
//   associated-documents response), never the rest of the API or the multi-gigabyte bulk products;
// - always from the configured base URL's origin: the address's own origin is replaced, so a test
//   pointing PROSA_USPTO_BASE_URL at a replay server gets the download from there too;
// - an address naming any host but the ODP's (api.uspto.gov) or the configured one is refused.
import { OdpRefusedUrlError } from './odp-errors.ts';

/** The origin every `downloadUrl` and `fileLocationURI` in real ODP responses names. */
const ODP_ORIGIN = 'https://api.uspto.gov';

const DOWNLOAD_PATHS = ['/api/v1/download/', '/api/v1/datasets/products/files/PTGRXML-SPLT/', '/api/v1/datasets/products/files/APPXML-SPLT/'];

/** The address to fetch `raw` from: its path and query on the configured base URL. Throws OdpRefusedUrlError. */
export function downloadUrlOnBase(raw: string, baseUrl: string): URL {
  const base = new URL(baseUrl);
  let url: URL;
  try {
    url = new URL(raw, ODP_ORIGIN); // a bare path is taken as the ODP's
  } catch {
    throw new OdpRefusedUrlError('not a URL');
  }
  if (url.origin !== ODP_ORIGIN && url.origin !== base.origin) throw new OdpRefusedUrlError('it names another host');
  const basePath = base.pathname.replace(/\/+$/, '');
  let path = url.pathname;
  if (url.origin === base.origin && basePath && path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  // The URL parser has already resolved "." and ".." segments; encoded ones (and backslashes) a
  // server might decode later are refused outright: no real download path contains them.
  if (/%2e|%2f|%5c|\\/i.test(path)) throw new OdpRefusedUrlError('its path has encoded separators');
  if (!DOWNLOAD_PATHS.some((prefix) => path.startsWith(prefix))) throw new OdpRefusedUrlError('it is not an ODP download path');
  return new URL(`${basePath}${path}${url.search}`, base.origin);
}

export type RedirectPolicy = 'with-key' | 'without-key' | 'refuse';

/**
 * Whether to follow a redirect to `target`, and with the API key or not. The bulk-file paths answer
 * 302 to a signed download address on another USPTO host (patent-dev/uspto-odp swagger: "Returns a
 * 302 redirect to the actual download location"; the signed address is on data.uspto.gov): the
 * key stays with the ODP's own origin, the signature in the address is the permission there.
 * `extraOrigins` are further origins trusted the same way (tests: a second local server).
 */
export function redirectPolicy(target: URL, baseUrl: string, extraOrigins: readonly string[] = []): RedirectPolicy {
  if (target.origin === new URL(baseUrl).origin) return 'with-key';
  const host = target.hostname.toLowerCase();
  if (target.protocol === 'https:' && (host === 'uspto.gov' || host.endsWith('.uspto.gov'))) return 'without-key';
  if (extraOrigins.includes(target.origin)) return 'without-key';
  return 'refuse';
}
