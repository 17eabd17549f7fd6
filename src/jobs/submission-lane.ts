/**
 * Draft submissions ahead of the draft worker (issue 24).
 *
 * The API's JavaScript, the draft worker's and, on the embedded database, every statement share
 * one thread. Submissions arriving together would interleave step by step, so each would finish
 * only when nearly all had (a burst's median submission waiting for the whole burst), with the
 * worker's steps for the jobs already queued between theirs. The lane runs submissions one at a
 * time in arrival order, the event loop turning between them: the same total work, but the k-th
 * submission of a burst is answered after k submissions' work instead of after all of them (on
 * PostgreSQL too: a burst of 20 had its median 202 at 487 ms with submissions running together,
 * 237 ms in the lane, same machine and load). The worker yields to them: before each step of a
 * job (and, embedded, before each of pg-boss's own statements: jobs/queue.ts) it waits until no
 * submission is pending, from the moment its request is read to the moment its reply has gone (at
 * most MAX_YIELD_MS, so a steady stream of submissions cannot starve the drafts).
 *
 * A turn lasts at most MAX_TURN_MS: a submission still running then (on PostgreSQL, one waiting
 * for a balance row another process holds) goes on beside the next, so one slow submission never
 * holds up the others.
 */
import { setImmediate } from 'node:timers/promises';

const MAX_YIELD_MS = 5_000;
const MAX_TURN_MS = 1_000;

export interface SubmissionLane {
  /**
   * A submission has arrived (its request is being authenticated and read): the worker yields to
   * it from now until the returned function is called, when its reply has gone.
   */
  arrive(): () => void;
  /** Runs one submission (validation, charge, job row) in its turn. */
  run<T>(submission: () => Promise<T>): Promise<T>;
  /**
   * Resolves once the event loop has read the requests already in (ioPolled) and no submission is
   * pending, or `maxMs` (default MAX_YIELD_MS) after the call.
   */
  yieldToSubmissions(maxMs?: number): Promise<void>;
}

/** Submissions one at a time (a turn lasting at most `maxTurnMs`), the worker after them. */
export function orderedSubmissionLane(maxTurnMs = MAX_TURN_MS): SubmissionLane {
  let tail: Promise<unknown> = Promise.resolve();
  // Submissions arrived and not yet answered, and those running or waiting in the lane (a caller
  // that did not announce its arrival: the lane alone counts it).
  let arrived = 0;
  let pending = 0;
  let waiters: Array<() => void> = [];
  const settle = () => {
    if (arrived > 0 || pending > 0) return;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  };
  return {
    arrive() {
      arrived += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        arrived -= 1;
        settle();
      };
    },
    run(submission) {
      pending += 1;
      let endTurn!: () => void;
      const turnOver = new Promise<void>((resolve) => {
        endTurn = resolve;
      });
      const turn = tail.then(() => {
        const timer = setTimeout(endTurn, maxTurnMs);
        return Promise.resolve()
          .then(submission)
          .finally(() => {
            clearTimeout(timer);
            endTurn();
          });
      });
      // The next turn starts after the event loop has had its turn: PGlite answers through
      // promises alone, so back-to-back submissions would otherwise hold the loop until the last
      // one is done, and neither a finished reply's socket nor any other request would be served.
      tail = turnOver.then(() => setImmediate());
      return turn.finally(() => {
        pending -= 1;
        settle();
      });
    },
    yieldToSubmissions(maxMs = MAX_YIELD_MS) {
      return new Promise<void>((resolve) => {
        // At most maxMs from the moment the worker asks.
        const timer = setTimeout(done, maxMs);
        let finished = false;
        function done() {
          if (finished) return;
          finished = true;
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== done);
          resolve();
        }
        void ioPolled().then(() => {
          if (finished) return;
          if (arrived === 0 && pending === 0) done();
          else waiters.push(done);
        });
      });
    },
  };
}

/**
 * Resolves after the event loop has polled for I/O at least once. A submission is announced when
 * its request is read, and the loop reads sockets only between its turns, never inside a chain
 * of promises (PGlite answers through promises alone): without this, a worker whose step follows
 * another would go on while a burst's requests sit unread. A setImmediate scheduled during the
 * poll phase runs before the next poll, so two of them.
 */
async function ioPolled(): Promise<void> {
  await setImmediate();
  await setImmediate();
}
