/**
 * Office-action parser on hostile inputs: wall-clock time of analyzeOfficeAction on the
 * pathological texts of src/domain/office-action/adversarial.test.ts at full size (about 1 MB),
 * with the regex work counted beside it. The test asserts linear work by counting (n against
 * 2n); the time is measured here, where a loaded machine skews a figure but fails nothing.
 *   ./node_modules/.bin/node bench/oa-adversarial.ts [runs]
 */
import { analyzeOfficeAction } from '../src/domain/office-action/index.ts';
import { countRegexWork } from '../src/domain/office-action/regex-work.ts';

const runs = Number(process.argv[2] ?? 5);

function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
}
const r = rng(11);
const words = [
  'claim',
  'claims',
  'rejected',
  'under',
  '35',
  'U.S.C.',
  '102',
  'as',
  'anticipated',
  'by',
  'Smith',
  '(US',
  '8,123,456)',
  '1-5,',
  'and',
  'objected',
  'allowed',
  'Regarding',
  'col.',
  '4,',
  'Fig.',
  '(',
  ')',
  '[',
  '.',
  '\n',
  'is/are',
  'Claim(s)',
  'the',
  'of',
  'lorem',
  'ipsum',
];
const parts: string[] = [];
for (let n = 0; n < 1_000_000; ) {
  const w = words[Math.floor(r() * words.length)];
  parts.push(w);
  n += w.length + 1;
}
let ascii = '';
for (let i = 0; i < 1_000_000; i++) ascii += String.fromCharCode(32 + Math.floor(r() * 95));

const cases: [string, string][] = [
  ['word soup (1 MB)', parts.join(' ')],
  ['printable ASCII (1 MB)', ascii],
  ['open parentheses', '('.repeat(1_000_000)],
  ['dashes and digits', '1-'.repeat(500_000)],
  ['claim keyword', 'claim '.repeat(170_000)],
  ['one long line of commas', `Claims ${'1, '.repeat(300_000)}`],
  ['repeated statements', 'Claims 1-5 are rejected under 35 U.S.C. 102 as being anticipated by Smith (US 8,123,456 B2). '.repeat(11_000)],
];

analyzeOfficeAction(cases[0][1].slice(0, 10_000)); // warm up
console.log(
  ['input'.padEnd(26), 'chars'.padStart(9), 'p50 ms'.padStart(8), 'max ms'.padStart(8), 'regex calls'.padStart(12), 'chars examined'.padStart(15)].join(' '),
);
for (const [name, text] of cases) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    analyzeOfficeAction(text);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const { work } = countRegexWork(() => analyzeOfficeAction(text));
  console.log(
    [
      name.padEnd(26),
      String(text.length).padStart(9),
      ms[Math.floor(ms.length / 2)].toFixed(0).padStart(8),
      ms[ms.length - 1].toFixed(0).padStart(8),
      String(work.calls).padStart(12),
      String(work.chars).padStart(15),
    ].join(' '),
  );
}
