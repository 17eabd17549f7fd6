import { DocumentInputError } from '../../documents/validate.ts';

/**
 * A job that cannot succeed however often it is retried (its analysis or application is gone,
 * its input is rejected by the builder): it fails at once, without retries, and is refunded.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * The thread or process building the document died (crashed, killed, out of memory) before it
 * answered. Transient: the job is retried with a new builder; the message says how it ended.
 */
export class BuilderDiedError extends Error {
  override name = 'BuilderDiedError';
}

export function isPermanent(err: unknown): boolean {
  return err instanceof PermanentJobError || err instanceof DocumentInputError;
}

/** The sentence shown as the job's error_message. */
export function describeFailure(err: unknown): string {
  if (err instanceof DocumentInputError) return `The document could not be generated from this input: ${err.message}.`;
  if (err instanceof PermanentJobError) return err.message;
  if (err instanceof BuilderDiedError)
    return `The document could not be generated: ${err.message} while building it. Submitting the request again usually succeeds.`;
  return 'The document could not be generated because of an internal error.';
}
