/**
 * pg-boss's own statements (fetching the next job, completing one, heartbeats, supervision) wait
 * while a draft submission is pending on the embedded database, where they would run on the one
 * connection and thread between the submissions of a burst (src/jobs/queue.ts, queueView). On
 * PostgreSQL they go to the queue's own pool and run at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connect.ts';
import { DRAFT_QUEUE, startDraftQueue, type DraftQueue } from '../../src/jobs/queue.ts';
import { createTestDatabase } from '../support/db.ts';

const loopTurns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('the queue’s statements and a pending submission', () => {
  let database: Database;
  let queue: DraftQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startDraftQueue(database, { supervise: false });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('embedded: wait until the submission’s reply has gone; PostgreSQL: run at once', async () => {
    const leave = queue.submissions.arrive();
    let answered = false;
    const lookup = queue.boss.getQueue(DRAFT_QUEUE).then((q) => {
      answered = true;
      return q;
    });
    if (database.kind === 'pglite') {
      await loopTurns(20);
      expect(answered).toBe(false);
      leave();
    } else {
      expect((await lookup)?.name).toBe(DRAFT_QUEUE);
      leave();
    }
    expect((await lookup)?.name).toBe(DRAFT_QUEUE);
    expect(answered).toBe(true);
  });
});
