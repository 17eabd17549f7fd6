// `prosa watch run [--date D] [--json]` and `prosa watch status [--json]` (docs/uspto-watch.md).
// Embedded with a server holding the data directory, the pass runs inside that server (admin
// socket); otherwise here, on the configured database. Without PROSA_USPTO_API_KEY both say the
// watch is off and why, and exit 0.
import type { Config } from '../config.ts';
import { isIsoDate } from '../domain/deadlines/calendar.ts';
import { validationError } from '../errors.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { closeExtractionService } from '../extraction/extract.ts';
import { runConfiguredWatchPass, watchOffReason } from '../jobs/watch-job.ts';
import { presentWatchPass, presentWatchRun, type WatchStatusWire } from '../presenters/watch.ts';
import { lastWatchRun } from '../queries/watch.ts';
import { runOnServer, withDatabase } from './operator.ts';
import { printResult } from './output.ts';

type Printed = Record<string, unknown>;

export async function watchRunCommand(config: Config, o: { date?: string; json: boolean }): Promise<void> {
  if (o.date !== undefined && !isIsoDate(o.date)) throw validationError('date', 'must be a date, YYYY-MM-DD');
  const off = watchOffReason(config);
  if (off) return print({ enabled: false, reason: off }, o.json);
  let result: Printed;
  if (!config.databaseUrl && lockHolder(config.dataDir) !== null) {
    result = (await runOnServer(config.dataDir, 'watch.run', { date: o.date })) as Printed;
  } else {
    try {
      result = await withDatabase(config, async (db) => {
        const { run, papers } = await runConfiguredWatchPass(db, config, { trigger: 'cli', today: o.date });
        return presentWatchPass(run, papers) as unknown as Printed;
      });
    } finally {
      await closeExtractionService();
    }
  }
  print(result, o.json);
}

export async function watchStatusCommand(config: Config, o: { json: boolean }): Promise<void> {
  const off = watchOffReason(config);
  const lastRun =
    !config.databaseUrl && lockHolder(config.dataDir) !== null
      ? ((await runOnServer(config.dataDir, 'watch.last-run', {})) as { last_run: WatchStatusWire['last_run'] }).last_run
      : await withDatabase(config, async (db) => {
          const r = await lastWatchRun(db);
          return r ? presentWatchRun(r) : null;
        });
  const status: WatchStatusWire = { enabled: off === null, reason: off, schedule: config.watch.cron, last_run: lastRun };
  print(status as unknown as Printed, o.json);
}

function print(result: Printed, json: boolean): void {
  if (json || result.enabled !== false) {
    printResult(human(result, json), json);
    return;
  }
  process.stdout.write(`The USPTO watch is off: ${String(result.reason)}\n`);
}

/** The lines a person reads: the figures, and one line per paper recorded. */
function human(result: Printed, json: boolean): unknown {
  if (json || !Array.isArray(result.papers)) return result;
  const papers = result.papers as {
    application_number: string;
    document_code: string;
    mailing_date: string;
    announced: boolean;
    deadlines: { response_deadline: string } | null;
    accounts_notified: number;
  }[];
  return {
    run: result.run,
    papers: papers.map(
      (p) =>
        `${p.application_number} ${p.document_code} mailed ${p.mailing_date}${p.announced ? `: due ${p.deadlines?.response_deadline ?? '-'}, ${p.accounts_notified} account(s) told` : ' (recorded quietly: its reply period had run)'}`,
    ),
  };
}
