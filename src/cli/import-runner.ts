/**
 * Imports bulk files into the database, one after another (shared by `prosa import`, the admin
 * socket and the benchmarks). Kept apart from import-command.ts so the admin socket's operations
 * do not import the CLI's operator plumbing (which imports them back).
 */
import type { Db } from '../db/connect.ts';
import { validationError } from '../errors.ts';
import { importOdp, type ImportSummary } from '../sources/odp/odp-importer.ts';
import { importPatex } from '../sources/patex/patex-importer.ts';
import { importOdpRejections } from '../sources/odp-rejections/odp-rejections-importer.ts';
import { refreshExaminerStats, type RefreshSummary } from '../sources/examiner-stats/refresh.ts';
import { clearPublicRecordCaches } from '../queries/public-record-cache.ts';
import type { IMPORT_FORMATS } from './import-formats.ts';

/** The importers `prosa import <format>` knows, each streaming one file into the database. */
export type Importer = (db: Db, path: string, opts: { onProgress?(n: number): void }) => Promise<ImportSummary>;
const IMPORTERS: Record<(typeof IMPORT_FORMATS)[number], Importer> = {
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
