import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import type { Config } from '../config.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { validationError } from '../errors.ts';
import { runOperatorOp, withDatabase } from './operator.ts';
import { printResult } from './output.ts';
import { runImport, type ImportRun } from './import-runner.ts';

/** `prosa import odp <files...>`: a progress bar with rows per second, then a summary. */
export async function importCommand(config: Config, format: string, files: string[], json: boolean): Promise<void> {
  const paths = files.map((f) => resolve(f));
  for (const p of paths) if (!existsSync(p) || !statSync(p).isFile()) throw validationError('files', `${p} is not a readable file`);
  let run: ImportRun;
  if (!config.databaseUrl && lockHolder(config.dataDir) !== null) {
    // A server holds the embedded database: it runs the import (see its log for progress).
    run = (await runOperatorOp(config, 'import.run', { format, paths })) as ImportRun;
  } else {
    const bar =
      json || !process.stderr.isTTY
        ? null
        : new cliProgress.SingleBar({ format: '{file} | {value} records | {rate} records/s', stream: process.stderr }, cliProgress.Presets.shades_classic);
    let current = '';
    run = await withDatabase(config, (db) =>
      runImport(db, format, paths, (path, n, rate) => {
        if (!bar) return;
        if (path !== current) {
          if (current) bar.stop();
          current = path;
          bar.start(0, 0, { file: path.split('/').pop(), rate: 0 });
        }
        if (n % 50 === 0) bar.update(n, { rate: Math.round(rate) });
      }),
    );
    bar?.stop();
  }
  if (json) return printResult(run, true);
  const lines = run.files.map((f) => `${f.path}: ${f.summary.records} records in ${f.seconds} s (${f.rows_per_second} records/s)`);
  lines.push(`imported: ${run.totals.applications} applications, ${run.totals.events} events, ${run.totals.documents} documents`);
  for (const s of run.totals.skipped) lines.push(`skipped ${s.count}: ${s.reason}`);
  if (run.totals.skipped.length === 0) lines.push('skipped: none');
  if (run.examiner_stats)
    lines.push(
      `examiner statistics: ${run.examiner_stats.applications} applications, ${run.examiner_stats.examiners} examiner names refreshed in ${run.examiner_stats.seconds} s`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
}
