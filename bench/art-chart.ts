/**
 * The file and the art over the development set (issue 18 "Proof"): per action, the pinpoints the
 * examiner gives and how many resolve to the held reference text, the limitations charted and
 * flagged (by flag), and the places a default response leaves for the practitioner without the
 * file and with it. Same pieces as the product: the parser, the readers, the extraction service
 * for PDFs, the chart, the chart-informed defaults and the response builder.
 *
 *   ./node_modules/.bin/node bench/art-chart.ts
 *
 * Development set (test/fixtures, sources in their READMEs):
 * - file-01: 15/091,542, its claims as examined and Laroia's full text (shared corpus r00001);
 * - set-01: 15/218,936, no claims public, five references: Schaeper and LeRouax as the text of their
 *   PDFs plus the column layout of the two real PDF pages held (the pages the examiner cites),
 *   Yenulis, Allen and Carbaugh as the text of their PDFs (no column layout: col./line pinpoints
 *   into them stay unresolved, as they would for a user who uploads only text).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseClaimListing, claimTexts, type ClaimEntry } from '../src/domain/claims/claim-set.ts';
import { analyzeOfficeAction } from '../src/domain/office-action/index.ts';
import { parseOfficeActionDetailed } from '../src/domain/office-action/parse.ts';
import { readDocument } from '../src/domain/file/read-document.ts';
import { buildClaimChart, type ChartReferenceText, type ClaimChart } from '../src/domain/art/chart.ts';
import { claimsToArgue } from '../src/domain/art/chart-strategy.ts';
import { normalizePublicationNumber } from '../src/domain/office-action/publication-numbers.ts';
import { presentAnalysis } from '../src/presenters/analysis.ts';
import type { StoredAnalysis } from '../src/commands/draft-requests/inputs/analysis.ts';
import { responseInputOf } from '../src/commands/draft-requests/inputs/response-input.ts';
import { paperFileOf } from '../src/commands/draft-requests/inputs/paper-file.ts';
import { draftResponse } from '../src/documents/build-response.ts';
import { closeExtractionService, extractDocument } from '../src/extraction/extract.ts';
import type { ColumnLine } from '../src/extraction/types.ts';

const fixture = (path: string) => readFileSync(new URL(`../test/fixtures/${path}`, import.meta.url));
const text = (path: string) => fixture(path).toString('utf8');

interface Item {
  id: string;
  application: string;
  action: string;
  claims: ClaimEntry[] | null;
  references: ChartReferenceText[];
}

function heldReference(id: string, number: string, body: string, columnLines: ColumnLine[] | null = null): ChartReferenceText {
  const doc = readDocument(body, 'reference');
  return {
    document_id: id,
    publication_base: normalizePublicationNumber(number)!.base,
    name: null,
    text: body,
    paragraphs: doc.paragraphs,
    figures: doc.figures,
    column_lines: columnLines,
  };
}

async function pdfColumns(path: string): Promise<ColumnLine[] | null> {
  const out = await extractDocument({ filename: path, mimetype: 'application/pdf', bytes: fixture(path) }, { purpose: 'document' });
  return out.column_lines;
}

async function devSet(): Promise<Item[]> {
  const set01 = 'art/set-01-15218936';
  return [
    {
      id: 'file-01',
      application: '15091542',
      action: text('file-01/office-action.txt'),
      claims: parseClaimListing(text('file-01/claims-as-examined.txt')).claims,
      references: [heldReference('laroia', 'US 2005/0025220 A1', text('file-01/reference-US20050025220.txt'))],
    },
    {
      id: 'set-01',
      application: '15218936',
      action: text(`${set01}/action.txt`),
      claims: null,
      references: [
        heldReference(
          'schaeper',
          'US 4,458,876',
          text(`${set01}/reference-US4458876.txt`),
          await pdfColumns(`${set01}/reference-US4458876-pages-1-and-10.pdf`),
        ),
        heldReference('lerouax', 'US 3,915,426', text(`${set01}/reference-US3915426.txt`), await pdfColumns(`${set01}/reference-US3915426-pages-1-and-8.pdf`)),
        heldReference('yenulis', 'US 5,224,557', text(`${set01}/reference-US5224557.txt`)),
        heldReference('allen', 'US 4,099,699', text(`${set01}/reference-US4099699.txt`)),
        heldReference('carbaugh', 'US 2014/0183381 A1', text(`${set01}/reference-US20140183381.txt`)),
      ],
    },
  ];
}

function recordOf(item: Item): StoredAnalysis {
  const analysis = analyzeOfficeAction(item.action);
  return JSON.parse(
    JSON.stringify(
      presentAnalysis(
        { analysis, elapsedSeconds: 0, text: item.action },
        {
          analysisId: 'bench',
          applicationNumber: item.application,
          requestedType: 'CTNF',
          createdAt: new Date(0),
          examinerIntel: { requested: false, examiner_name: null, stats: null },
          billing: { input_tokens: 0, output_tokens: 0, token_source: 'tokenizer', cost: '0.00' },
        },
      ),
    ),
  ) as StoredAnalysis;
}

/** The places a default response leaves, without the file and with it (as REST #4 would draft it). */
async function places(item: Item, record: StoredAnalysis, chart: ClaimChart | null): Promise<[number, number]> {
  const caption = {
    application_number: item.application,
    filing_date: '2016-01-01',
    title: 'DEVELOPMENT SET',
    examiner_name: 'EXAMINER, PAT',
    art_unit: '2400',
  };
  const base = {
    application_number: item.application,
    analysis_id: 'bench',
    response_date: '2026-11-27',
    office_action_date: '2026-01-05',
    accept_incomplete: true,
  };
  const bare = await draftResponse(responseInputOf(record, { ...base, strategy_selections: {} }, caption));
  const claims = item.claims ? claimTexts(item.claims) : undefined;
  const recommended = new Map(record.claim_analyses.map((c) => [c.claim_number, c.recommendation]));
  const argue = chart ? claimsToArgue(chart).filter((d) => recommended.get(d.claim_number) === 'amend_narrow') : [];
  const selections = Object.fromEntries(argue.map((d) => [`claim_${d.claim_number}`, 'argue_distinction' as const]));
  const input = responseInputOf(record, { ...base, strategy_selections: selections, ...(claims ? { claims } : {}) }, caption);
  const held = await draftResponse({ ...input, file: paperFileOf(chart, {}, item.action) });
  return [bare.report.placeholders, held.report.placeholders];
}

const rows: string[][] = [];
const total = { found: 0, resolved: 0, limitations: 0, flagged: 0, before: 0, after: 0 };
for (const item of await devSet()) {
  const record = recordOf(item);
  const started = performance.now();
  const chart = buildClaimChart({ detail: parseOfficeActionDetailed(item.action), claims: item.claims, references: item.references });
  const ms = performance.now() - started;
  const s = chart.summary;
  const [before, after] = await places(item, record, chart);
  total.found += s.pinpoints_found;
  total.resolved += s.pinpoints_resolved;
  total.limitations += s.limitations;
  total.flagged += s.limitations_flagged;
  total.before += before;
  total.after += after;
  const unresolved = [
    ...new Set(
      chart.claims
        .flatMap((c) => [...c.limitations.flatMap((l) => l.citations), ...c.other_citations])
        .filter((c) => !c.resolved)
        .map((c) => c.unresolved_reason?.replace(/ \(.*$/, '') ?? ''),
    ),
  ];
  rows.push([
    item.id,
    `${s.pinpoints_resolved} / ${s.pinpoints_found}`,
    String(s.limitations),
    String(s.limitations_flagged),
    Object.entries(s.flags)
      .filter(([, n]) => n)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || '-',
    `${before} → ${after}`,
    `${ms.toFixed(1)} ms`,
    unresolved.slice(0, 3).join('; '),
  ]);
}
await closeExtractionService();
const header = ['item', 'pinpoints resolved / found', 'limitations', 'flagged', 'flags', 'places (no file → file)', 'chart', 'why unresolved'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => r.map((x, i) => (i === r.length - 1 ? x : x.padEnd(widths[i]))).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log(
  line(['total', `${total.resolved} / ${total.found}`, String(total.limitations), String(total.flagged), '', `${total.before} → ${total.after}`, '', '']),
);
