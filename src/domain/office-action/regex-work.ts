/**
 * A work counter for the office-action parser, for tests and benchmarks only (never imported by
 * the parser): while `countRegexWork` runs a function, every regular-expression match made
 * anywhere (exec, test, match, matchAll, replace, split, search all go through
 * `RegExp.prototype.exec`, ECMAScript RegExpExec) is counted: the calls, and the characters each
 * call examined at least once (a global or sticky search from `lastIndex` to the end of its match,
 * or to the end of the input when it fails; a non-global search over its whole input from 0 to the
 * end of the match, or the whole input when it fails).
 *
 * This counts the work the parser's algorithms ask of the regex engine, not the engine's own
 * steps (backtracking inside one call is invisible here): it shows a loop that rescans the text
 * (quadratic in the input), which a wall clock shows only on an idle machine. Tests compare the
 * count at n and 2n instead of asserting a time (issue 20: timing belongs in benchmarks).
 */
export interface RegexWork {
  calls: number;
  chars: number;
}

export function countRegexWork<T>(run: () => T): { value: T; work: RegexWork } {
  const original = RegExp.prototype.exec;
  const work: RegexWork = { calls: 0, chars: 0 };
  RegExp.prototype.exec = function countedExec(this: RegExp, input: string): RegExpExecArray | null {
    const s = String(input);
    const from = this.global || this.sticky ? Math.min(this.lastIndex, s.length) : 0;
    const m = original.call(this, s);
    work.calls += 1;
    work.chars += m ? m.index + m[0].length - from : s.length - from;
    return m;
  };
  try {
    return { value: run(), work };
  } finally {
    RegExp.prototype.exec = original;
  }
}
