/**
 * The daily notification pass as a pg-boss scheduled job on the worker role (PROSA_NOTIFY_CRON,
 * UTC; default 07:00). pg-boss sends one job per occurrence whatever the number of workers (its
 * schedule rows are shared), and a missed occurrence (every worker down) is sent once when one
 * comes back. Even two passes at once would send each mail once: the sent-log's unique keys
 * decide (src/commands/notifications/notify-pass.ts).
 */
import type { PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { todayUtc } from '../clock.ts';
import { createMailer } from '../mail/mailer.ts';
import { runNotifyPass } from '../commands/notifications/notify-pass.ts';

const NOTIFY_QUEUE = 'prosa-notify';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export async function startNotifyJob(boss: PgBoss, db: Db, config: Pick<Config, 'notify' | 'mail' | 'dataDir' | 'baseUrl'>, log: Log): Promise<void> {
  await boss.createQueue(NOTIFY_QUEUE, { retryLimit: 2, retryDelay: 300, expireInSeconds: 3600 });
  if (!config.notify.cron) {
    await boss.unschedule(NOTIFY_QUEUE);
    return;
  }
  await boss.schedule(NOTIFY_QUEUE, config.notify.cron, null, { tz: 'UTC', missed: 'once' });
  const mailer = createMailer(config, log);
  await boss.work(NOTIFY_QUEUE, async () => {
    const summary = await runNotifyPass(db, { passDate: todayUtc(), now: new Date(), baseUrl: config.baseUrl, mailer, log });
    log.info({ ...summary }, 'notification pass done');
  });
}
