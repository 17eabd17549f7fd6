import type { MarkedRun } from '../api/plans.ts';

/** The words an amendment adds: the markup's underlined runs, without the punctuation around them. */
export function addedWords(runs: readonly MarkedRun[]): string {
  return runs
    .filter((r) => r.mark === 'added')
    .map((r) => r.text.replace(/^[\s,;:.]+|[\s,;:.]+$/g, ''))
    .filter(Boolean)
    .join(' … ');
}
