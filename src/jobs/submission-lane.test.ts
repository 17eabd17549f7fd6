import { expect, test, vi } from 'vitest';
import { orderedSubmissionLane } from './submission-lane.ts';

/** A submission whose work the test ends by hand. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

test('the lane runs submissions one at a time, in arrival order, failures included', async () => {
  const lane = orderedSubmissionLane();
  const log: string[] = [];
  const a = held();
  const first = lane.run(async () => {
    log.push('a starts');
    await a.done;
    log.push('a ends');
    return 'a';
  });
  const second = lane.run(async () => {
    log.push('b starts');
    throw new Error('b refused');
  });
  const third = lane.run(async () => {
    log.push('c starts');
    return 'c';
  });
  await new Promise((r) => setImmediate(r));
  expect(log).toEqual(['a starts']);
  a.finish();
  expect(await first).toBe('a');
  await expect(second).rejects.toThrow('b refused');
  expect(await third).toBe('c');
  expect(log).toEqual(['a starts', 'a ends', 'b starts', 'c starts']);
});

test('the event loop turns between two submissions (a finished reply is served before the next one runs)', async () => {
  const lane = orderedSubmissionLane();
  const log: string[] = [];
  const first = lane.run(async () => {
    log.push('first');
    setImmediate(() => log.push('loop turned'));
  });
  const second = lane.run(async () => {
    log.push('second');
  });
  await Promise.all([first, second]);
  expect(log).toEqual(['first', 'loop turned', 'second']);
});

test('the worker waits while submissions are pending, and not at all when none is', async () => {
  const lane = orderedSubmissionLane();
  let yielded = false;
  await lane.yieldToSubmissions();
  const a = held();
  const running = lane.run(() => a.done);
  const waiting = lane.yieldToSubmissions().then(() => (yielded = true));
  await new Promise((r) => setTimeout(r, 20));
  expect(yielded).toBe(false);
  a.finish();
  await running;
  await waiting;
  expect(yielded).toBe(true);
});

test('a request read while the worker asks is yielded to: the worker looks only after the event loop has read its sockets', async () => {
  const lane = orderedSubmissionLane();
  let yielded = false;
  const waiting = lane.yieldToSubmissions().then(() => (yielded = true));
  // A request whose bytes are already in: the event loop reads it on its next turn, and only
  // then is its arrival announced (the route's onRequest hook).
  let leave!: () => void;
  setImmediate(() => {
    leave = lane.arrive();
  });
  await new Promise((r) => setTimeout(r, 20));
  expect(yielded).toBe(false);
  leave();
  await waiting;
  expect(yielded).toBe(true);
});

test('a steady stream of submissions delays the worker by at most five seconds', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const lane = orderedSubmissionLane();
    const never = held();
    void lane.run(() => never.done);
    let yielded = false;
    const waiting = lane.yieldToSubmissions().then(() => (yielded = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(yielded).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(yielded).toBe(true);
    never.finish();
  } finally {
    vi.useRealTimers();
  }
});

test('a caller may wait less: pg-boss statements at most one second', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const lane = orderedSubmissionLane();
    const leave = lane.arrive();
    let yielded = false;
    const waiting = lane.yieldToSubmissions(1_000).then(() => (yielded = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(yielded).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(yielded).toBe(true);
    leave();
  } finally {
    vi.useRealTimers();
  }
});

test('a submission still running when its turn is over goes on beside the next, which is not held up', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const lane = orderedSubmissionLane(1_000);
    const slow = held();
    const log: string[] = [];
    const first = lane.run(async () => {
      log.push('slow starts');
      await slow.done;
      log.push('slow ends');
    });
    const second = lane.run(async () => {
      log.push('next runs');
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual(['slow starts']);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(log).toEqual(['slow starts', 'next runs']);
    slow.finish();
    await first;
    expect(log).toEqual(['slow starts', 'next runs', 'slow ends']);
  } finally {
    vi.useRealTimers();
  }
});

test('the worker yields to a submission from its arrival, before the lane runs it, until its reply has gone', async () => {
  const lane = orderedSubmissionLane();
  const leave = lane.arrive();
  let yielded = false;
  const waiting = lane.yieldToSubmissions().then(() => (yielded = true));
  // Answered through the lane meanwhile: the arrival still holds the worker back.
  await lane.run(async () => {});
  await new Promise((r) => setTimeout(r, 20));
  expect(yielded).toBe(false);
  leave();
  leave(); // a second call changes nothing
  await waiting;
  expect(yielded).toBe(true);
  await lane.yieldToSubmissions();
});
