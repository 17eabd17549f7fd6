/**
 * Errors that reach a caller. Each carries the spec's error object fields
 * ({error, error_code, message, agent_suggestion}) and the HTTP status that goes with it;
 * the HTTP error plugin renders them, the CLI prints them.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly agentSuggestion: string;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, agentSuggestion: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.agentSuggestion = agentSuggestion;
    this.headers = headers;
  }
}

export function validationError(field: string, problem: string): AppError {
  return new AppError(400, 'validation_error', `${field}: ${problem}`, `Correct the field "${field}" and send the request again.`);
}

/** Not found, including anything owned by another account: we answer 404, never 403. */
export function notFound(what: string, code = 'not_found', suggestion?: string): AppError {
  return new AppError(404, code, `${what} was not found.`, suggestion ?? `Check the identifier; list your own ${what.toLowerCase()}s to find valid ones.`);
}

export function conflict(code: string, message: string, suggestion: string): AppError {
  return new AppError(409, code, message, suggestion);
}
