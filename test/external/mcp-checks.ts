/**
 * The external MCP and OAuth checks `.ci/run` runs after the test suite (issue 9 "Proof"):
 * - @modelcontextprotocol/conformance `server`, per protocol revision, through a loopback proxy
 *   that adds a bearer token (the runner cannot send one), against a per-revision baseline that
 *   lists only the scenarios needing the suite's own fixture tools;
 * - `conformance authorization` against the test-only auto-approving sign-in;
 * - the MCP Inspector CLI `tools/list --strict` in both protocol eras, and its refusal without a token.
 * Prints one line per check and a closing "N passed, M failed"; exits 1 on any failure.
 *
 * Run: node test/external/mcp-checks.ts
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { autoApprovedToken, freePort, startChecksServer } from './serve-for-checks.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE = process.execPath;
const BIN = (name: string) => `${ROOT}node_modules/.bin/${name}`;
const results: { name: string; ok: boolean; detail: string }[] = [];

function run(
  args: string[],
  opts: { onLine?: (line: string) => void; timeoutMs?: number } = {},
): Promise<{ code: number | null; out: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let out = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const take = (d: Buffer) => {
      const text = d.toString();
      out += text;
      if (opts.onLine) for (const line of text.split('\n')) opts.onLine(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 300_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, stdout });
    });
  });
}

function record(name: string, ok: boolean, detail: string): void {
  results.push({ name, ok, detail });
  process.stdout.write(`${ok ? 'PASS' : 'FAIL'} ${name}${ok ? '' : `\n${detail.split('\n').slice(-40).join('\n')}`}\n`);
}

/** Adds the bearer token to every request and forwards it to the server. */
function tokenProxy(target: URL, token: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const up = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, authorization: `Bearer ${token}`, host: target.host },
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', (e) => res.writeHead(502).end(String(e)));
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Follows an authorization URL through the auto-approving pages and delivers the redirect to the runner's callback. */
async function followToCallback(start: string): Promise<void> {
  let next = start;
  let cookies = '';
  for (let i = 0; i < 12; i++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookies } });
    for (const c of res.headers.getSetCookie()) cookies = `${cookies}; ${c.split(';')[0]}`;
    const location = res.headers.get('location');
    if (!location) return;
    next = new URL(location, next).href;
    if (new URL(next).pathname === '/callback') {
      await fetch(next);
      return;
    }
  }
}

/**
 * Baselined scenarios whose own client sometimes does not finish its exchange on this machine
 * (baseline-2025-11-25.yml says why; the protection itself is asserted in test/mcp/gate.test.ts):
 * when one passes, the runner calls the baseline stale. That, and only that, is accepted: no
 * unexpected failure, and every stale entry one of these.
 */
const UNSTEADY_SCENARIOS = ['dns-rebinding-protection'];
function onlyUnsteadyStale(out: string): boolean {
  const text = out.replace(/\x1b\[[0-9;]*m/g, '');
  if (/Unexpected failures/.test(text)) return false;
  const stale = /Stale baseline entries[^\n]*\n((?:[ \t]+\u2713 \S+\n)+)/.exec(text);
  if (!stale) return false;
  const names = [...stale[1].matchAll(/\u2713 (\S+)/g)].map((m) => m[1]);
  return names.length > 0 && names.every((n) => UNSTEADY_SCENARIOS.includes(n));
}

/** Stops a checks server, never letting a stuck shutdown hide the results. */
const closeServer = (s: { close(): Promise<void> }) => Promise.race([s.close(), new Promise((r) => setTimeout(r, 15_000).unref())]);

/**
 * `conformance server` for one protocol revision, against a checks server of its own. The MCP tiers
 * are the production ones, per account: one revision's run is most of a minute's budget of one
 * account's messages, and on a fast host two revisions against one server fell within one minute
 * window, so the second met 429 in most of its scenarios.
 */
async function conformanceServer(revision: string): Promise<void> {
  const own = await startChecksServer();
  let proxy: http.Server | undefined;
  try {
    const token = await autoApprovedToken(own.url);
    const proxyPort = await freePort();
    proxy = await tokenProxy(new URL(own.url), token, proxyPort);
    const r = await run([
      BIN('conformance'),
      'server',
      '--url',
      `http://127.0.0.1:${proxyPort}/mcp`,
      '--requirements',
      revision,
      '--expected-failures',
      `${ROOT}test/external/conformance/baseline-${revision}.yml`,
    ]);
    const total = /Total: (\d+) passed, (\d+) failed/.exec(r.out);
    record(
      `conformance server --requirements ${revision}${total ? ` (${total[1]} checks passed, ${total[2]} baselined)` : ''}`,
      (r.code === 0 && /Baseline check passed/.test(r.out)) || onlyUnsteadyStale(r.out),
      r.out,
    );
  } finally {
    proxy?.close();
    await closeServer(own);
  }
}

// The authorization and Inspector checks share one more server, started once the revisions' own
// servers are closed (two embedded databases at once are not needed).
let server: Awaited<ReturnType<typeof startChecksServer>> | undefined;

try {
  for (const revision of ['2025-11-25', '2026-07-28']) await conformanceServer(revision);
  server = await startChecksServer();
  const token = await autoApprovedToken(server.url);

  // Authorization server: the runner prints an authorize URL and waits for its callback.
  const callbackPort = await freePort();
  const reg = await fetch(`${server.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'conformance runner',
      redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });
  const clientId = ((await reg.json()) as { client_id: string }).client_id;
  let followed = false;
  const auth = await run(
    [BIN('conformance'), 'authorization', '--url', server.url, '--client-id', clientId, '--port', String(callbackPort), '--resource', `${server.url}/mcp`],
    {
      timeoutMs: 120_000,
      onLine: (line) => {
        const url = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/.exec(line)?.[1];
        if (url && !followed) {
          followed = true;
          // Give the runner a moment to open its callback server.
          setTimeout(() => void followToCallback(url), 1500);
        }
      },
    },
  );
  const authTotal = /Total: (\d+) passed, (\d+) failed/.exec(auth.out);
  record(
    `conformance authorization${authTotal ? ` (${authTotal[1]} passed, ${authTotal[2]} failed)` : ''}`,
    auth.code === 0 && !!authTotal && authTotal[2] === '0',
    auth.out,
  );

  for (const era of ['legacy', 'modern']) {
    const r = await run(
      [
        BIN('inspector'),
        '--cli',
        `${server.url}/mcp`,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${token}`,
        '--protocol-era',
        era,
        '--method',
        'tools/list',
        '--strict',
      ],
      { timeoutMs: 120_000 },
    );
    let count = 0;
    try {
      count = (JSON.parse(r.stdout) as { tools: unknown[] }).tools.length;
    } catch {
      /* reported below */
    }
    const warnings = /(\d+) errors?, (\d+) warnings?/.exec(r.out);
    record(
      `inspector --cli tools/list --strict, ${era} era (${count} tools${warnings ? `, ${warnings[1]} errors, ${warnings[2]} portability warnings` : ''})`,
      r.code === 0 && count > 0,
      r.out,
    );
  }
  const anonymous = await run([BIN('inspector'), '--cli', `${server.url}/mcp`, '--transport', 'http', '--method', 'tools/list'], { timeoutMs: 120_000 });
  record('inspector --cli without a token is refused', anonymous.code !== 0, anonymous.out);
} catch (err) {
  record('external checks ran', false, err instanceof Error ? (err.stack ?? err.message) : String(err));
} finally {
  if (server) await closeServer(server);
}

const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`\nexternal MCP checks: ${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
