import { readFileSync } from 'node:fs';
import type { Config } from '../config.ts';
import { AppError, validationError } from '../errors.ts';
import { normalizeApplicationNumber } from '../domain/application-number.ts';
import type { ExaminerStats, TypeHint } from '../domain/office-action/index.ts';
import { runAnalysis } from '../analysis/run-analysis.ts';
import { countTokens } from '../analysis/llm/token-count.ts';
import { practitionerText } from '../analysis/billable-text.ts';
import { MAX_OFFICE_ACTION_BYTES } from '../commands/analysis-creator.ts';
import { presentAnalysis } from '../presenters/analysis.ts';
import { runOperatorOp } from './operator.ts';
import { printResult } from './output.ts';

export interface AnalyzeOptions {
  /** Not stated: the parser is told CTNF (the spec's default) and the record reports none requested. */
  type?: TypeHint;
  examinerIntel: boolean;
  application?: string;
  json?: boolean;
}

/** The file's text; a missing or unreadable file is the caller's mistake (exit 2), not an internal error. */
function readText(file: string): string {
  try {
    return file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new AppError(400, 'file_not_found', `No such file: ${file}`, 'Check the path, or pass - to read the office action from standard input.');
    if (code === 'EISDIR') throw new AppError(400, 'file_unreadable', `${file} is a directory, not a file.`, 'Pass the path of the office action text file.');
    if (code === 'EACCES' || code === 'EPERM') throw new AppError(400, 'file_unreadable', `Permission denied reading ${file}.`, 'Check the file permissions.');
    throw err;
  }
}

function readInput(file: string): string {
  const text = readText(file);
  if (Buffer.byteLength(text, 'utf8') > MAX_OFFICE_ACTION_BYTES) throw validationError('file', 'is larger than 1 MB');
  if (text.trim() === '') throw validationError('file', 'is empty');
  return text;
}

/**
 * `prosa analyze <file|->`: the same analysis record as POST /v1/prosa/analyze, computed
 * locally, stored nowhere and billed to no one (billing shows the tokens with cost 0.00).
 * Examiner statistics come from the configured database when it can be reached.
 */
export async function analyzeCommand(config: Config, file: string, o: AnalyzeOptions): Promise<void> {
  const text = readInput(file);
  let run = runAnalysis(text, { typeHint: o.type ?? 'CTNF', examinerStats: null });
  const examiner = run.analysis.parsed.metadata.examiner?.normalized ?? null;
  let stats: ExaminerStats | null = null;
  if (o.examinerIntel && examiner) {
    try {
      stats = ((await runOperatorOp(config, 'examiner.stats', { name: examiner })) as { stats: ExaminerStats | null }).stats;
      if (stats) run = runAnalysis(text, { typeHint: o.type ?? 'CTNF', examinerStats: stats, reuse: run });
    } catch (err) {
      process.stderr.write(`warning: examiner statistics unavailable (${err instanceof Error ? err.message : String(err)}); analysing without them\n`);
    }
  }
  const number = (o.application ? normalizeApplicationNumber(o.application) : null) ?? run.analysis.parsed.metadata.application_number?.value ?? '';
  if (o.application && !normalizeApplicationNumber(o.application)) throw validationError('application', 'must be a US application number such as 17/200,011');
  const inputTokens = countTokens(text);
  const meta = {
    analysisId: 'local',
    applicationNumber: number,
    requestedType: o.type ?? null,
    createdAt: new Date(),
    examinerIntel: { requested: o.examinerIntel, examiner_name: examiner, stats },
  };
  // Counted as the service bills it (docs/decisions/billing.md "Analyses"): the practitioner-facing text, not the JSON.
  const outputTokens = countTokens(practitionerText(run.analysis));
  const record = presentAnalysis(run, {
    ...meta,
    billing: { input_tokens: inputTokens, output_tokens: outputTokens, token_source: 'tokenizer', cost: '0.00' },
  });
  if (o.json) return printResult(record, true);
  const lines = [`${record.rejection_type} for ${number || '(application number not stated)'}; citations verified: ${record.glass_box.citations_verified}`];
  for (const c of record.claim_analyses) {
    lines.push(
      `  claim ${c.claim_number}: ${c.status}${c.basis ? ` (${c.basis})` : ''}${c.prior_art.length ? ` over ${c.prior_art.join(', ')}` : ''} -> ${c.recommendation}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
