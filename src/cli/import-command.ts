import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { validationError } from '../errors.ts';
import { importOdp, type ImportSummary } from '../sources/odp/odp-importer.ts';
import { importPatex } from '../sources/patex/patex-importer.ts';
import { importOdpRejections } from '../sources/odp-rejections/odp-rejections-importer.ts';
import { refreshExaminerStats, type RefreshSummary } from '../sources/examiner-stats/refresh.ts';
import { runOperatorOp, withDatabase } from './operator.ts';
import { printResult } from './output.ts';
import { clearPublicRecordCaches } from '../queries/public-record-cache.ts';
import { IMPORT_FORMATS } from './import-formats.ts';

/** The importers `prosa import <format>` knows, each streaming one file into the database. */
export type Importer = (db: Db, path: string, opts: { onProgress?(n: number): void }) => Promise<ImportSummary>;
export const IMPORTERS: Record<(typeof IMPORT_FORMATS)[number], Importer> = {
  odp: (db, path, opts) => importOdp(db, path, opts),
  patex: (db, path, opts) => importPatex(db, path, opts),
  'odp-rejections': (db, path, opts) => importOdpRejections(db, path, opts),
};

export interface ImportRun {
  format: string;
  files: { path: string; summary: ImportSummary; seconds: number; rows_per_second: number }[];
  totals: { records: number; applications: number; events: number; documents: number; skipped: { reason: string; count: number }[] };
  /** Examiner statistics refreshed for what the run touched (docs/examiner-profile.md). */
  examiner_stats?: RefreshSummary;
}

/** Imports files one after another and adds up their summaries (shared by the CLI and the admin socket). */
export async function runImport(db: Db, format: string, paths: string[], onFileProgress?: (path: string, n: number, rate: number) => void): Promise<ImportRun> {
  const importer = (IMPORTERS as Record<string, Importer | undefined>)[format];
  if (!importer) throw validationError('format', `must be one of ${Object.keys(IMPORTERS).join(', ')}`);
  const run: ImportRun = { format, files: [], totals: { records: 0, applications: 0, events: 0, documents: 0, skipped: [] } };
  for (const path of paths) {
    const started = performance.now();
    const summary = await importer(db, path, {
      onProgress: (n) => onFileProgress?.(path, n, n / Math.max((performance.now() - started) / 1000, 0.001)),
    });
    const seconds = (performance.now() - started) / 1000;
    run.files.push({ path, summary, seconds: Number(seconds.toFixed(3)), rows_per_second: Math.round(summary.records / Math.max(seconds, 0.001)) });
    for (const k of ['records', 'applications', 'events', 'documents'] as const) run.totals[k] += summary[k];
    for (const s of summary.skipped) {
      const t = run.totals.skipped.find((x) => x.reason === s.reason);
      if (t) t.count += s.count;
      else run.totals.skipped.push({ ...s });
    }
    // Lookups served by this process show the imported records at once (others within the TTL).
    clearPublicRecordCaches();
  }
  run.examiner_stats = await refreshExaminerStats(db);
  return run;
}

/** `prosa import odp <files...>`: a progress bar with rows per second, then a summary. */
export async function importCommand(config: Config, format: string, files: string[], json: boolean): Promise<void> {
  const paths = files.map((f) => resolve(f));
  for (const p of paths) if (!existsSync(p) || !statSync(p).isFile()) throw validationError('files', `${p} is not a readable file`);
  let run: ImportRun;
  if (!config.databaseUrl && lockHolder(config.dataDir) !== null) {
    // A server holds the embedded database: it runs the import (see its log for progress).
    run = (await runOperatorOp(config, 'import.run', { format, paths })) as ImportRun;
  } else {
    const bar = json || !process.stderr.isTTY ? null : new cliProgress.SingleBar({ format: '{file} | {value} records | {rate} records/s', stream: process.stderr }, cliProgress.Presets.shades_classic);
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
  if (run.examiner_stats) lines.push(`examiner statistics: ${run.examiner_stats.applications} applications, ${run.examiner_stats.examiners} examiner names refreshed in ${run.examiner_stats.seconds} s`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
