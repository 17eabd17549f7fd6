import { describe, expect, test } from 'vitest';
import { DRAFT_STATUSES, canTransition, isTerminal, sourcesOf } from './draft-job-transitions.ts';

describe('draft job state machine', () => {
  test('exactly queued→in_progress, in_progress→in_progress (retry), in_progress→complete and in_progress→failed are allowed', () => {
    const allowed = DRAFT_STATUSES.flatMap((from) => DRAFT_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['queued→in_progress', 'in_progress→in_progress', 'in_progress→complete', 'in_progress→failed']);
  });

  test('the conditional UPDATE sources follow from the same table', () => {
    expect(sourcesOf('in_progress')).toEqual(['queued', 'in_progress']);
    expect(sourcesOf('complete')).toEqual(['in_progress']);
    expect(sourcesOf('failed')).toEqual(['in_progress']);
    expect(sourcesOf('queued')).toEqual([]);
  });

  test('complete and failed are terminal', () => {
    expect(DRAFT_STATUSES.filter(isTerminal)).toEqual(['complete', 'failed']);
  });
});
