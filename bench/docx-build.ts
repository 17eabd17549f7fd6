// bench/docx-build: how long building a Response to Office Action takes (the docx library's layout
// of page references is most of it), with this project's patch to docx's layout module
// (patches/docx+9.15.2.patch) and without it, side by side in one run: child processes alternate
// patched / unpatched, each building the non-final response sample (test fixtures) 10 times to
// warm up and then BENCH_BUILDS times; prints each p50 and the ratio, and checks that both write
// the same word/document.xml.
//
//   ./node_modules/.bin/node bench/docx-build.ts        BENCH_BUILDS=60  BENCH_ROUNDS=2
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILDS = Number(process.env.BENCH_BUILDS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

if (process.argv[2] === '--child') {
  const { buildResponseToOfficeAction } = await import('../src/documents/build-response.ts');
  const { nonFinal } = await import('../test/fixtures/documents/response-samples.ts');
  const JSZip = (await import('jszip')).default;
  for (let i = 0; i < 10; i++) await buildResponseToOfficeAction(nonFinal);
  const ms: number[] = [];
  let last: Buffer | undefined;
  for (let i = 0; i < BUILDS; i++) {
    const t0 = performance.now();
    last = await buildResponseToOfficeAction(nonFinal);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const xml = await (await JSZip.loadAsync(last!)).file('word/document.xml')!.async('string');
  process.stdout.write(JSON.stringify({ p50: ms[ms.length >> 1], min: ms[0], documentXml: createHash('sha256').update(xml).digest('hex') }));
  process.exit(0);
}

// The unpatched layout module: the installed (patched) file with the patch taken back out.
const dir = mkdtempSync(join(tmpdir(), 'prosa-docx-unpatched-'));
const unpatched = join(dir, 'layout.mjs');
execFileSync('patch', [
  '--reverse',
  '--silent',
  '--output',
  unpatched,
  join(ROOT, 'node_modules/docx/dist/layout.mjs'),
  join(ROOT, 'patches/docx+9.15.2.patch'),
]);
const run = (layoutFile?: string) =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', './test/support/docx-layout-from.ts', 'bench/docx-build.ts', '--child'], {
      cwd: ROOT,
      env: { ...process.env, ...(layoutFile ? { DOCX_LAYOUT_FILE: layoutFile } : {}) },
      encoding: 'utf8',
    }),
  ) as { p50: number; min: number; documentXml: string };
try {
  const patched: number[] = [],
    plain: number[] = [];
  const hashes = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const p = run();
    const u = run(unpatched);
    patched.push(p.p50);
    plain.push(u.p50);
    hashes.add(p.documentXml).add(u.documentXml);
    console.log(
      `round ${round + 1}: patched p50 ${p.p50.toFixed(1)} ms (min ${p.min.toFixed(1)}), unpatched p50 ${u.p50.toFixed(1)} ms (min ${u.min.toFixed(1)})`,
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `response build, ${BUILDS} builds per process: patched ${mean(patched).toFixed(1)} ms vs unpatched ${mean(plain).toFixed(1)} ms p50 = ${(mean(patched) / mean(plain)).toFixed(3)}x the time; word/document.xml ${hashes.size === 1 ? 'identical' : 'DIFFERENT'} across all runs`,
  );
  if (hashes.size !== 1) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
