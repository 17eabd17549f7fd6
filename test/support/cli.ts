import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabaseUrl, onPostgres } from './db.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The pinned Node 24 the npm scripts run on. */
export const NODE = `${ROOT}node_modules/node/bin/node`;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `prosa <args>` (src/main.ts) as a separate process. */
export function runCli(args: string[], env: Record<string, string>, opts: { bin?: string[]; input?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  const [cmd, ...pre] = opts.bin ?? [NODE, `${ROOT}src/main.ts`];
  return new Promise((resolve) => {
    const child = execFile(
      cmd,
      [...pre, ...args],
      { cwd: ROOT, env: { ...childEnv(), ...env }, timeout: opts.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (opts.input !== undefined) child.stdin!.end(opts.input);
    else child.stdin!.end();
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `prosa serve` on a free port and waits until it prints its banner (optionally under `opts.wrap`). */
export function startServerProcess(env: Record<string, string>, args: string[] = [], opts: { wrap?: string[] } = {}): Promise<ServerProcess> {
  // `wrap` runs the server under another program (e.g. strace), which must exec it as given.
  const [cmd, ...pre] = [...(opts.wrap ?? []), NODE];
  const child = spawn(cmd, [...pre, `${ROOT}src/main.ts`, 'serve', ...args], { cwd: ROOT, env: { ...childEnv(), PORT: '0', HOST: '127.0.0.1', ...env } });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.on('exit', (code) => {
      if (started) return;
      clearTimeout(timer);
      reject(new Error(`server exited ${code}:\n${out}`));
    });
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m) {
        clearInterval(poll);
        clearTimeout(timer);
        started = true;
        resolve({
          child,
          url: m[1],
          output: () => out,
          async stop(signal = 'SIGTERM') {
            child.kill(signal);
            return exited;
          },
        });
      }
    }, 100);
  });
}

/** The environment for child processes: vitest sets BASE_URL=/ (Vite's base path), which is not ours. */
function childEnv(): NodeJS.ProcessEnv {
  const { BASE_URL: _vite, DATABASE_URL: _db, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:8080' };
}

/**
 * A database of its own for CLI or server processes: a fresh PostgreSQL database copied from the
 * template in the PostgreSQL run, a fresh PGlite directory otherwise. `drop` removes it.
 */
export async function freshCliEnv(extra: Record<string, string> = {}): Promise<{ env: Record<string, string>; drop?: () => Promise<void> }> {
  if (onPostgres()) {
    const db = await createTestDatabaseUrl();
    return { env: { DATABASE_URL: db.url, ...extra }, drop: db.drop };
  }
  return { env: { PROSA_DATA_DIR: mkdtempSync(join(tmpdir(), 'prosa-cli-')), ...extra } };
}
