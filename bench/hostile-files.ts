// bench/hostile-files: the red team's hostile uploads (issue 20) sent to a real `prosa serve`
// (embedded database, default budgets) at POST /api/office-action-text, one at a time, while
// /health is probed; per file: the answer (status, error_code), seconds to answer, /health p50 /
// p99 / max during it, and the peak RSS of the server process and of its extraction children
// (from /proc). Before the extraction layer the same files took the server to 4.5 GB and killed it
// (paragraph bomb), blocked the event loop 30 s (deflate bomb) and 82 s (20,000 pages).
//
//   ./node_modules/.bin/node bench/hostile-files.ts
//
// /health is probed one request at a time every 20 ms (bench/event-loop.ts does the same), from
// this process; the server runs in a child process, so the probes never share its event loop.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcess } from './support/processes.ts';
import { corruptDocx, DOCX_TYPE, docxParagraphBomb, docxZipBomb, imageOnlyPdf, inflateBombPdf, manyPagesPdf, slowPdf } from '../test/support/hostile-files.ts';
import { positionedTextPdf } from '../test/support/pdf-writer.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PDF = 'application/pdf';

/** An ordinary document for comparison: pages of 50 lines (100 pages are ~370,000 characters, inside an office action's 1 MB). */
function textPdf(pages: number): Buffer {
  return positionedTextPdf(
    Array.from({ length: pages }, (_, p) => ({
      items: Array.from({ length: 50 }, (_, l) => ({
        text: `Page ${p + 1} line ${l + 1}: the claimed subject matter as a whole would have been obvious.`,
        x: 72,
        y: 740 - 14 * l,
      })),
    })),
  );
}

const FILES: { what: string; filename: string; type: string; build: () => Buffer }[] = [
  { what: 'ordinary 1-page office action (PDF)', filename: 'action.pdf', type: PDF, build: () => textPdf(1) },
  { what: 'ordinary 100-page text PDF', filename: 'long.pdf', type: PDF, build: () => textPdf(100) },
  { what: 'DOCX zip bomb (64 MB document.xml)', filename: 'bomb.docx', type: DOCX_TYPE, build: () => docxZipBomb(64) },
  { what: 'DOCX of 1.5 M empty paragraphs', filename: 'paragraphs.docx', type: DOCX_TYPE, build: () => docxParagraphBomb(1_500_000) },
  { what: 'PDF of 20,000 pages', filename: 'pages.pdf', type: PDF, build: () => manyPagesPdf(20_000) },
  { what: 'PDF content stream inflating to 160 MB', filename: 'inflate.pdf', type: PDF, build: () => inflateBombPdf(160) },
  { what: 'PDF keeping pdf.js busy (2,000 x 15,000 ops)', filename: 'busy.pdf', type: PDF, build: () => slowPdf(2_000, 15_000) },
  { what: 'image-only PDF (a scan)', filename: 'scan.pdf', type: PDF, build: imageOnlyPdf },
  { what: 'corrupt DOCX', filename: 'broken.docx', type: DOCX_TYPE, build: corruptDocx },
];

function rssOf(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** RSS of the process's children (the extraction readers), summed. */
function childrenRss(pid: number): number {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .reduce((sum, c) => sum + rssOf(Number(c)), 0);
  } catch {
    return 0;
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** Probes /health and samples RSS until `until` settles. */
async function watch(url: string, pid: number, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  let serverPeak = rssOf(pid);
  let readersPeak = childrenRss(pid);
  const sampler = setInterval(() => {
    serverPeak = Math.max(serverPeak, rssOf(pid));
    readersPeak = Math.max(readersPeak, childrenRss(pid));
  }, 50);
  const latencies: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${url}/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  clearInterval(sampler);
  return { latencies, serverPeak, readersPeak };
}

const MB = (b: number) => `${Math.round(b / (1024 * 1024))} MB`;
const ms = (x: number) => `${x.toFixed(1)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'prosa-hostile-'));
const { child, m } = await startProcess(
  ROOT,
  ['src/main.ts', 'serve'],
  { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PROSA_DATA_DIR: dataDir, BASE_URL: 'http://localhost:8080' },
  /demo API key: (\S+)[\s\S]*listening on (http:\/\/[\d.:]+)/,
);
const [apiKey, url] = [m[1]!, m[2]!];
const pid = child.pid!;
try {
  // The start's own garbage is collected a few seconds after it (src/cli/start-garbage.ts).
  await new Promise((r) => setTimeout(r, 6000));
  const idle = await watch(url, pid, new Promise((r) => setTimeout(r, 3000)));
  console.log(
    `prosa serve pid ${pid}; idle: /health p50 ${ms(pct(idle.latencies, 50))}, p99 ${ms(pct(idle.latencies, 99))}; server RSS ${MB(rssOf(pid))}, no reader started yet`,
  );
  console.log('| file | bytes | answer | seconds | /health p50 | p99 | max | server RSS peak | readers RSS peak |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const f of FILES) {
    const bytes = f.build();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: f.type }), f.filename);
    const t0 = performance.now();
    const answered = fetch(`${url}/api/office-action-text`, { method: 'POST', body: form, headers: { 'x-api-key': apiKey } }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { error_code?: string; characters?: number },
    }));
    const [res, w] = await Promise.all([answered.then((r) => ({ ...r, seconds: (performance.now() - t0) / 1000 })), watch(url, pid, answered)]);
    const answer = `${res.status} ${res.body.error_code ?? `${res.body.characters} chars`}`;
    console.log(
      `| ${f.what} | ${bytes.length.toLocaleString('en-US')} | ${answer} | ${res.seconds.toFixed(2)} | ${ms(pct(w.latencies, 50))} | ${ms(pct(w.latencies, 99))} | ${ms(Math.max(...w.latencies))} | ${MB(w.serverPeak)} | ${MB(w.readersPeak)} |`,
    );
    // Let a replaced reader load before the next file, as it would between real uploads.
    await new Promise((r) => setTimeout(r, 1000));
  }
  const after = await fetch(`${url}/health`);
  console.log(`after all files: /health ${after.status}; server RSS ${MB(rssOf(pid))}`);
} finally {
  await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
}
