import { AppError } from '../errors.ts';
import { ConfigError } from '../config-error.ts';

const replacer = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** Prints a result: JSON with --json, otherwise "key: value" lines (nested objects indented). */
export function printResult(result: unknown, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result, replacer, 2)}\n`);
    return;
  }
  process.stdout.write(`${formatHuman(result, 0)}\n`);
}

function formatHuman(value: unknown, depth: number): string {
  const pad = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return `${pad}(none)`;
    return value.map((v) => (typeof v === 'object' && v !== null ? `${pad}-\n${formatHuman(v, depth + 1)}` : `${pad}- ${String(v)}`)).join('\n');
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([k, v]) => (typeof v === 'object' && v !== null ? `${pad}${k}:\n${formatHuman(v, depth + 1)}` : `${pad}${k}: ${v === null ? '-' : String(v)}`))
      .join('\n');
  }
  return `${pad}${String(value)}`;
}

/** Prints an error as the spec's error object (JSON) or a readable line; returns the exit code. */
export function printError(err: unknown, json: boolean): number {
  const e =
    err instanceof AppError
      ? err
      : err instanceof ConfigError
        ? new AppError(400, 'invalid_configuration', err.message, 'Fix the environment variable named in the message (see README, Configuration).')
        : null;
  if (json) {
    const body = e
      ? { error: true, error_code: e.code, message: e.message, agent_suggestion: e.agentSuggestion }
      : {
          error: true,
          error_code: 'internal_error',
          message: err instanceof Error ? err.message : String(err),
          agent_suggestion: 'Check the message and try again.',
        };
    process.stderr.write(`${JSON.stringify(body, null, 2)}\n`);
  } else {
    process.stderr.write(`error: ${e ? `${e.message}\n  ${e.agentSuggestion}` : err instanceof Error ? err.message : String(err)}\n`);
  }
  return e && e.status < 500 ? 2 : 1;
}
