import type { AppError } from '../errors.ts';

/** The spec's error object (section "Errors"). */
export interface ErrorBody {
  error: true;
  error_code: string;
  message: string;
  agent_suggestion: string;
  /** Additive: the request id to quote to support (present on 500s). */
  request_id?: string;
}

export function errorBody(err: AppError, requestId?: string): ErrorBody {
  const body: ErrorBody = { error: true, error_code: err.code, message: err.message, agent_suggestion: err.agentSuggestion };
  if (requestId) body.request_id = requestId;
  return body;
}
