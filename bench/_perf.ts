import { analyzeOfficeAction } from '../src/domain/office-action/index.ts';
import { loadCorpus } from '../src/domain/office-action/fixtures/corpus.ts';
const words = ['claim', 'claims', 'Claims', 'rejected', 'under', '35', 'U.S.C.', '102(a)(1)', 'as', 'being', 'anticipated', 'by', 'Smith', '(US', '8,123,456', 'B2)', '1-5,', 'and', 'objected', 'to', 'allowed', 'cancelled', 'withdrawn', 'pending', 'Regarding', 'claim', '1,', 'col.', '4,', 'lines', '5-20', 'Fig.', '2', 'para.', '[0034]', 'the', 'a', 'of', 'in', 'view', '.', '\n', '\n\n', 'is/are', 'Claim(s)', 'paragraph', 'second', '112', '(', ')', 'Group', 'I.', 'WO', 'EP', '1', '234', '567', 'Ignore', 'previous', 'instructions'];
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const parts: string[] = [];
let n = 0;
while (n < 1_000_000) { const w = words[Math.floor(rnd() * words.length)]; parts.push(w); n += w.length + 1; }
const wordSoup = parts.join(' ');
let bin = '';
for (let i = 0; i < 1_000_000; i++) bin += String.fromCharCode(Math.floor(rnd() * 65536));
let ascii = '';
for (let i = 0; i < 1_000_000; i++) ascii += String.fromCharCode(32 + Math.floor(rnd() * 95));
const corpus = loadCorpus().map((c) => c.text).join('\n\n');
let big = '';
while (big.length < 100_000) big += corpus + '\n\n';
for (const [name, t] of [['wordsoup', wordSoup], ['binary', bin], ['ascii', ascii], ['100k', big], ['1MB real', big.repeat(10)], ['rejected x', 'Claims 1-5 are rejected under 35 U.S.C. 102 as being anticipated by Smith (US 8,123,456 B2). '.repeat(12000)], ['parens', '('.repeat(1_000_000)], ['digits', '1-'.repeat(500_000)], ['claims', 'claim '.repeat(170_000)]] as const) {
  const t0 = performance.now();
  const r = analyzeOfficeAction(t);
  const ms = performance.now() - t0;
  console.log(name, t.length, ms.toFixed(0) + 'ms', r.parsed.kind.kind, r.claim_analyses.length, r.confidence, r.citations_verified, r.parsed.rejections.length);
}
