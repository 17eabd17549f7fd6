/**
 * Words that promise an outcome nobody controls (issue 19 item 4): the Examiner, the Board and the
 * courts decide what is allowed and what a claim covers, so a letter to a client describes the
 * choices and their likely effects and never promises one. The letter's own sentences are written
 * to contain none of these; the practitioner's own recommendation is checked against them and a
 * drafting note names any match (their words are theirs to keep or change).
 */
export const PROMISE_PATTERNS: readonly RegExp[] = [
  /\bwill\s+(?:certainly\s+|definitely\s+|surely\s+)?(?:be\s+)?(?:allow(?:ed|able)?|grant(?:ed)?|issue[ds]?|overcome|succeed|withdrawn?|accepted|entered|patentable|valid|enforceable)\b/i,
  /\bguarantee/i,
  /\bpromise/i,
  /\b(?:does|do|will)\s+not\s+narrow\b/i,
  /\bwithout\s+narrowing\b/i,
  /\bwould\s+then\s+be\s+allowed\b/i,
  /\b(?:certain|sure|bound)\s+to\b/i,
  /\bensures?\b/i,
  /\bno\s+risk\b/i,
];

/** The sentences of `text` that promise an outcome (empty when none does). */
export function promisingSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z“"(])/)
    .map((s) => s.trim())
    .filter((s) => s && PROMISE_PATTERNS.some((re) => re.test(s)));
}
