/**
 * Text PostgreSQL cannot store faithfully: U+0000 (NUL), which `text` cannot hold at all, and a
 * lone UTF-16 surrogate (`\ud800` without its pair), which `jsonb` refuses and `text` silently
 * turns into U+FFFD. Inputs carrying either are refused at the edge, naming where.
 */
export type UnsafeTextProblem = 'nul' | 'surrogate';

function unsafeTextProblem(s: string): UnsafeTextProblem | null {
  if (s.includes('\u0000')) return 'nul';
  return s.isWellFormed() ? null : 'surrogate';
}

/**
 * Whether any string (value or key) in `value` cannot be stored: findUnsafeText without building
 * paths or entry arrays, for the check every request passes (issue 12); the path is worked out
 * only for the rare refusal.
 */
export function hasUnsafeText(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return unsafeTextProblem(value) !== null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasUnsafeText(value[i], depth + 1)) return true;
    return false;
  }
  if (value && typeof value === 'object') {
    for (const k in value) {
      if (!Object.hasOwn(value, k)) continue;
      if (unsafeTextProblem(k) !== null || hasUnsafeText((value as Record<string, unknown>)[k], depth + 1)) return true;
    }
  }
  return false;
}

/** The first string (value or key) in `value` that cannot be stored, with its path; null when all can. */
export function findUnsafeText(value: unknown, path: string, depth = 0): { path: string; problem: UnsafeTextProblem } | null {
  if (depth > 32) return null;
  if (typeof value === 'string') {
    const problem = unsafeTextProblem(value);
    return problem ? { path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnsafeText(value[i], `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const keyProblem = unsafeTextProblem(k);
      if (keyProblem) return { path: `${path}.${k.replace(/\u0000/g, '\\0').toWellFormed()}`, problem: keyProblem };
      const hit = findUnsafeText(v, `${path}.${k}`, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

export const UNSAFE_TEXT_MESSAGES: Record<UnsafeTextProblem, string> = {
  nul: 'must not contain the NUL character (U+0000)',
  surrogate: 'must be valid Unicode text: it contains an unpaired UTF-16 surrogate (an escape such as \\ud800 without its pair)',
};
