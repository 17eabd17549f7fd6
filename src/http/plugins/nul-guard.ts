import type { FastifyInstance } from 'fastify';
import { validationError } from '../../errors.ts';

/**
 * Text PostgreSQL cannot store faithfully, refused at the edge, naming the field, before
 * validation or any handler runs:
 * - U+0000 (NUL): `text` cannot hold it, so it failed deep in a query as a 500;
 * - a lone UTF-16 surrogate (`\ud800` without its pair): `jsonb` refuses it (a 500), `text`
 *   silently turns it into U+FFFD (the stored text differs from what was acknowledged).
 */
type Problem = 'nul' | 'surrogate';

function problemOf(s: string): Problem | null {
  if (s.includes('\u0000')) return 'nul';
  return s.isWellFormed() ? null : 'surrogate';
}

function findUnsafe(value: unknown, path: string, depth = 0): { path: string; problem: Problem } | null {
  if (depth > 32) return null;
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnsafe(value[i], `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const keyProblem = problemOf(k);
      if (keyProblem) return { path: `${path}.${k.replace(/\u0000/g, '\\0').toWellFormed()}`, problem: keyProblem };
      const hit = findUnsafe(v, `${path}.${k}`, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

const MESSAGES: Record<Problem, string> = {
  nul: 'must not contain the NUL character (U+0000)',
  surrogate: 'must be valid Unicode text: it contains an unpaired UTF-16 surrogate (an escape such as \\ud800 without its pair)',
};

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const hit = findUnsafe(request.params, 'params') ?? findUnsafe(request.query, 'querystring') ?? findUnsafe(request.body, 'body');
    if (hit) throw validationError(hit.path, MESSAGES[hit.problem]);
  });
}
