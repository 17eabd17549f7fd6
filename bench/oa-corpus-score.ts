/**
 * Office-action parser: accuracy on the development corpus and speed on a ~100 kB action.
 *   ./node_modules/.bin/node bench/oa-corpus-score.ts [runs]
 * Accuracy per corpus file: claim-status accuracy, basis precision/recall/F1 over (claim, basis)
 * pairs, reference recall over (claim, publication number) pairs, kind of paper. Timing: p50/p95 of
 * analyzeOfficeAction over a ~100 kB action built by concatenating the real corpus texts.
 */
import { analyzeOfficeAction } from '../src/domain/office-action/index.ts';
import { loadCorpus } from '../src/domain/office-action/fixtures/corpus.ts';
import { scoreBreakdown } from '../src/domain/office-action/scoring.ts';

const runs = Number(process.argv[2] ?? 200);
const corpus = loadCorpus();

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const pad = (s: string | number, n: number): string => String(s).padEnd(n);
const lpad = (s: string | number, n: number): string => String(s).padStart(n);

console.log('Office-action parser: corpus (01-15 shared development set; x* further real excerpts labelled for Prosa)');
console.log(
  [
    pad('file', 8),
    pad('kind', 22),
    lpad('claims', 7),
    lpad('status', 8),
    lpad('basisP', 8),
    lpad('basisR', 8),
    lpad('basisF1', 8),
    lpad('refRec', 8),
    lpad('spans', 6),
  ].join(' '),
);
let claims = 0;
let statusOk = 0;
let refs = 0;
let refsOk = 0;
let f1Sum = 0;
let kindOk = 0;
const misses: string[] = [];
for (const item of corpus) {
  const a = analyzeOfficeAction(item.text);
  const s = scoreBreakdown(a.claim_analyses, item.expected);
  const kind = a.parsed.kind.kind;
  const kindMatches = s.kind_expected === null || s.kind_expected === kind;
  if (kindMatches) kindOk++;
  claims += s.claims;
  statusOk += s.status_correct;
  refs += s.reference_expected;
  refsOk += s.reference_found;
  f1Sum += s.basis_f1;
  misses.push(...s.misses.map((m) => `${item.id}: ${m}`));
  if (!kindMatches) misses.push(`${item.id}: kind ${kind}, expected ${s.kind_expected}`);
  console.log(
    [
      pad(item.id, 8),
      pad(`${kind}${kindMatches ? '' : ' (!)'}`, 22),
      lpad(s.claims, 7),
      lpad(pct(s.status_accuracy), 8),
      lpad(pct(s.basis_precision), 8),
      lpad(pct(s.basis_recall), 8),
      lpad(pct(s.basis_f1), 8),
      lpad(s.reference_expected === 0 ? 'n/a' : pct(s.reference_recall), 8),
      lpad(a.citations_verified ? 'ok' : 'FAIL', 6),
    ].join(' '),
  );
}
console.log(
  [
    pad('all', 8),
    pad(`${kindOk}/${corpus.length} kinds right`, 22),
    lpad(claims, 7),
    lpad(pct(statusOk / claims), 8),
    lpad('', 8),
    lpad('', 8),
    lpad(pct(f1Sum / corpus.length), 8),
    lpad(pct(refsOk / refs), 8),
  ].join(' '),
);
console.log(misses.length === 0 ? 'misses: none' : `misses:\n  ${misses.join('\n  ')}`);

// Timing: a ~100 kB action made of the real corpus texts.
let big = '';
while (big.length < 100_000) big += `${corpus.map((c) => c.text).join('\n\n')}\n\n`;
big = big.slice(0, 100_000);
for (let i = 0; i < 10; i++) analyzeOfficeAction(big); // warm-up
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  analyzeOfficeAction(big);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const q = (p: number): number => times[Math.min(times.length - 1, Math.floor(p * times.length))];
const stages = analyzeOfficeAction(big, { now: () => performance.now() }).experts;
console.log(`\nTiming: ${big.length} chars, ${runs} runs, Node ${process.versions.node}`);
console.log(`  p50 ${q(0.5).toFixed(2)} ms   p95 ${q(0.95).toFixed(2)} ms   max ${times[times.length - 1].toFixed(2)} ms`);
console.log(`  one run by stage: ${stages.map((e) => `${e.name} ${e.elapsed_ms?.toFixed(2)} ms`).join(', ')}`);
