// What can go wrong talking to the USPTO Open Data Portal (shared/reference/uspto-data.md §1.2).
// No message carries the API key, a signed download address or anything the ODP sent back.

/** The ODP did not answer usefully: retries exhausted, timeouts, connection failures. */
export class OdpUnavailableError extends Error {
  /** Last HTTP status seen, or null when no response came back (timeout, network). */
  readonly status: number | null;
  readonly attempts: number;
  constructor(message: string, status: number | null, attempts: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'OdpUnavailableError';
    this.status = status;
    this.attempts = attempts;
  }
}

/** 401/403: the ODP refused the API key (§1.2 "403 bad/missing key"). Not retried. */
export class OdpRejectedError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The USPTO Open Data Portal rejected the API key (HTTP ${status}).`);
    this.name = 'OdpRejectedError';
    this.status = status;
  }
}

/**
 * A download address the client will not fetch: another host, a path outside the ODP's download
 * paths, or a redirect leaving the USPTO. Raised before any request to that address is made.
 */
export class OdpRefusedUrlError extends Error {
  constructor(reason: string) {
    super(`Refused to fetch a USPTO Open Data Portal address: ${reason}.`);
    this.name = 'OdpRefusedUrlError';
  }
}

/** A response larger than the client's cap; the transfer was abandoned. Not retried. */
export class OdpTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The USPTO Open Data Portal response is larger than ${maxBytes} bytes; the transfer was stopped.`);
    this.name = 'OdpTooLargeError';
    this.maxBytes = maxBytes;
  }
}
