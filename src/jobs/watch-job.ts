/**
 * The USPTO watch as a scheduled job (issue 21; docs/uspto-watch.md): pg-boss sends one job on
 * PROSA_WATCH_CRON (UTC; daily at 06:00 by default) to the watch queue, and the worker role runs
 * one pass for it. The queue's `exclusive` policy keeps at most one pass queued or active across every
 * worker process; two passes at once would still record each paper once (watch_papers), but
 * would share the key's rate limit for nothing. `prosa watch run` runs a pass at once.
 * Without PROSA_USPTO_API_KEY nothing is scheduled (an earlier schedule is removed) and the
 * watch says why it is off; nothing else changes.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { todayUtc } from '../clock.ts';
import { createLlmProvider } from '../analysis/llm/index.ts';
import { runWatchPass, type WatchPassResult } from '../commands/watch/watch-pass.ts';
import { odpClientFor, odpRequestsSent, watchOffReason } from '../sources/odp/shared-client.ts';
import type { DraftQueue } from './queue.ts';
import type { JobLogger } from './draft-worker.ts';

export const WATCH_QUEUE = 'prosa-uspto-watch';

export { watchOffReason };

/** Runs one pass with this configuration's ODP client; throws when the watch is off. */
export async function runConfiguredWatchPass(
  db: Db,
  config: Config,
  opts: { today?: string; trigger: 'schedule' | 'cli'; logger?: JobLogger },
): Promise<WatchPassResult> {
  const client = odpClientFor(config);
  if (!client) throw new Error(watchOffReason(config) ?? 'the watch is off');
  return runWatchPass(
    { db, client, requests: () => odpRequestsSent(config), llm: createLlmProvider(config.llm), log: (obj, msg) => opts.logger?.warn(obj, msg) },
    { today: opts.today ?? todayUtc(), trigger: opts.trigger },
  );
}

export interface WatchSchedule {
  stop(): Promise<void>;
}

/** Schedules the watch and works its queue (worker role). */
export async function startWatchSchedule(db: Db, queue: DraftQueue, config: Config, logger: JobLogger): Promise<WatchSchedule> {
  const { boss } = queue;
  const off = watchOffReason(config);
  await boss.createQueue(WATCH_QUEUE, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 6 * 3600 }).catch(() => undefined);
  if (off) {
    await boss.unschedule(WATCH_QUEUE).catch(() => undefined);
    logger.info({ reason: off }, 'USPTO watch off');
    return { async stop() {} };
  }
  await boss.schedule(WATCH_QUEUE, config.watch.cron, {}, { tz: 'UTC' });
  await boss.work(WATCH_QUEUE, { batchSize: 1 }, async () => {
    const { run } = await runConfiguredWatchPass(db, config, { trigger: 'schedule', logger });
    logger.info({ run: { ...run, id: String(run.id) } }, 'USPTO watch pass done');
  });
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.offWork(WATCH_QUEUE, { wait: true }).catch(() => undefined);
    },
  };
}
