/**
 * Response review (issue 11): drafts a response for every action of the development corpus with
 * the analysis' own recommendations (a restriction: Group I elected with traverse, the default) and prints,
 * per action, the grounds found, the grounds answered, the placeholders left for the practitioner
 * and the pages (LibreOffice, when `soffice` is installed), with the totals.
 *
 *   ./node_modules/.bin/node bench/response-review.ts [--no-pages]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeOfficeAction } from '../src/domain/office-action/index.ts';
import { loadCorpus } from '../src/domain/office-action/fixtures/corpus.ts';
import { presentAnalysis } from '../src/presenters/analysis.ts';
import type { StoredAnalysis } from '../src/commands/draft-requests/inputs/analysis.ts';
import { responseInputOf } from '../src/commands/draft-requests/inputs/response-input.ts';
import { draftResponse } from '../src/documents/build-response.ts';

const withPages = !process.argv.includes('--no-pages') && hasSoffice();

function hasSoffice(): boolean {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function pagesOf(docx: Buffer): number | null {
  if (!withPages) return null;
  const dir = mkdtempSync(join(tmpdir(), 'prosa-review-'));
  try {
    writeFileSync(join(dir, 'paper.docx'), docx);
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, join(dir, 'paper.docx')], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    const pdf = readFileSync(join(dir, 'paper.pdf')).toString('latin1');
    return (pdf.match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const caption = { application_number: '16123456', filing_date: '2019-05-01', title: 'CORPUS ACTION', examiner_name: 'EXAMINER, PAT', art_unit: '2400' };
const rows: string[][] = [];
const total = { found: 0, answered: 0, placeholders: 0, pages: 0 };
for (const item of loadCorpus()) {
  const analysis = analyzeOfficeAction(item.text);
  const record = JSON.parse(
    JSON.stringify(
      presentAnalysis(
        { analysis, elapsedSeconds: 0, text: item.text },
        {
          analysisId: 'bench',
          applicationNumber: '16123456',
          requestedType: 'CTNF',
          createdAt: new Date(0),
          examinerIntel: { requested: false, examiner_name: null, stats: null },
          billing: { input_tokens: 0, output_tokens: 0, token_source: 'tokenizer', cost: '0.00' },
        },
      ),
    ),
  ) as StoredAnalysis;
  const grounds = record.grounds?.length ?? 0;
  if (analysis.parsed.kind.kind === 'notice_of_allowance') {
    rows.push([item.id, 'notice_of_allowance', String(grounds), '-', '-', '-', 'no reply drafted (refused: issue fee, 37 CFR 1.311)']);
    continue;
  }
  const group = record.restriction_groups?.[0]?.label;
  const input = responseInputOf(
    record,
    {
      application_number: '16123456',
      analysis_id: 'bench',
      strategy_selections: {},
      response_date: '2026-02-01',
      office_action_date: '2026-01-05',
      ...(group ? { election: { group, with_traverse: true } } : {}),
      accept_incomplete: true,
    },
    caption,
  );
  const { document, report } = await draftResponse(input);
  const c = report.outline.completeness;
  const pages = pagesOf(document);
  total.found += c.grounds_total;
  total.answered += c.grounds_answered;
  total.placeholders += report.placeholders;
  total.pages += pages ?? 0;
  rows.push([
    item.id,
    analysis.parsed.kind.kind,
    String(c.grounds_total),
    String(c.grounds_answered),
    String(report.placeholders),
    pages === null ? 'n/a' : String(pages),
    c.missing.map((m) => m.message).join(' '),
  ]);
}
const header = ['action', 'kind', 'grounds found', 'answered', 'placeholders', 'pages', 'unanswered'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => Math.min(r[i].length, 60))));
const line = (r: string[]) => r.map((x, i) => (i === r.length - 1 ? x : x.padEnd(widths[i]))).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log(line(['total', '', String(total.found), String(total.answered), String(total.placeholders), withPages ? String(total.pages) : 'n/a', '']));
