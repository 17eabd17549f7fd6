import type { Config } from '../config.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { todayUtc } from '../clock.ts';
import { createMailer } from '../mail/mailer.ts';
import { runNotifyPass, type NotifyPassSummary } from '../commands/notifications/notify-pass.ts';
import { runOnServer, withDatabase } from './operator.ts';
import { printResult } from './output.ts';

/**
 * `prosa notify run [--date D]`: one notification pass as of D (default today, UTC), the same pass
 * the worker runs daily. Mail goes through SMTP_URL, or into {PROSA_DATA_DIR}/mail as .eml files.
 * Embedded with a server running, the pass runs inside the server (its admin socket).
 */
export async function notifyRunCommand(config: Config, o: { date?: string; json?: boolean }): Promise<void> {
  const passDate = o.date ?? todayUtc();
  const quiet = {
    info() {},
    warn(obj: object, msg: string) {
      process.stderr.write(`warning: ${msg}\n`);
      void obj;
    },
  };
  const summary =
    !config.databaseUrl && lockHolder(config.dataDir) !== null
      ? ((await runOnServer(config.dataDir, 'notify.run', { date: passDate })) as NotifyPassSummary)
      : await withDatabase(config, (db) =>
          runNotifyPass(db, { passDate, now: new Date(), baseUrl: config.baseUrl, mailer: createMailer(config, quiet), log: quiet }),
        );
  if (o.json) return printResult(summary, true);
  const mail = createMailer(config, quiet).destination;
  process.stdout.write(
    `Notification pass as of ${summary.pass_date}: ${summary.reminders_sent} reminder(s), ${summary.digests_sent} digest(s), ${summary.alerts_sent} alert(s) sent to ${mail}; ${summary.failed} failed (retried by the next pass); ${summary.deadline_events} deadline event(s) recorded; ${summary.persons} person(s) looked at.\n`,
  );
}
