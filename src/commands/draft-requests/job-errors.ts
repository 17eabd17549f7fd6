import { DocumentInputError } from '../../documents/validate.ts';

/**
 * A job that cannot succeed however often it is retried (its analysis or application is gone,
 * its input is rejected by the builder): it fails at once, without retries, and is refunded.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export function isPermanent(err: unknown): boolean {
  return err instanceof PermanentJobError || err instanceof DocumentInputError;
}

/** The sentence shown as the job's error_message. */
export function describeFailure(err: unknown): string {
  if (err instanceof DocumentInputError) return `The document could not be generated from this input: ${err.message}.`;
  if (err instanceof PermanentJobError) return err.message;
  return 'The document could not be generated because of an internal error.';
}
