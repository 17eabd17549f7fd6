import { analyzeOfficeAction } from '../src/domain/office-action/index.ts';
import { scoreBreakdown } from '../src/domain/office-action/scoring.ts';
import { loadCorpus } from '../src/domain/office-action/fixtures/corpus.ts';
for (const item of loadCorpus()) {
  const r = analyzeOfficeAction(item.text, { now: () => performance.now() });
  const s = scoreBreakdown(r.claim_analyses, item.expected);
  console.log('=====', item.id, r.parsed.kind.kind, 'status', s.status_accuracy.toFixed(2), 'f1', s.basis_f1.toFixed(2), 'refs', s.reference_recall.toFixed(2), 'verified', r.citations_verified, 'conf', r.confidence);
  for (const m of s.misses) console.log('   MISS', m);
  if (process.argv[2] === item.id) for (const a of r.claim_analyses) console.log(a.claim_number, a.status, a.basis, a.prior_art.join(' ; '), a.recommendation, a.independent, a.depends_on, '|', a.strategy.reasons.join(' / '));
  if (process.argv[2] === item.id) console.log(r.experts);
}
