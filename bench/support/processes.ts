// What the side-by-side benchmarks share: a server child process started until it prints its
// ready line, stopped with SIGTERM; one-off admin statements and scratch databases on PostgreSQL;
// and client addresses for the free tier (one per request through X-Forwarded-For from the trusted
// loopback proxy).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface Started {
  child: ChildProcess;
  /** The ready line's match (its groups carry the address, the API key...). */
  m: RegExpExecArray;
}

/** Runs `node <args>` in `cwd` and resolves once its output matches `ready`; rejects if it exits first. */
export function startProcess(cwd: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve({ child, m });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
  });
}

/** SIGTERM, then waits for the exit (nothing to do if it has exited). */
export async function stopProcess(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null) return;
  c.removeAllListeners('exit');
  const gone = new Promise((r) => c.once('exit', r));
  c.kill('SIGTERM');
  await gone;
}

/** One statement on its own connection (create or drop a scratch database). */
async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Runs `fn` with the URL of a new database on the server at `adminUrl`, dropped afterwards. When
 * the database cannot be created and `onUnavailable` is given, it is told why and nothing runs.
 */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  fn: (url: string) => Promise<T>,
  onUnavailable?: (err: Error) => void,
): Promise<T | undefined> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  try {
    await adminQuery(adminUrl, `create database ${name}`);
  } catch (err) {
    if (!onUnavailable) throw err;
    onUnavailable(err as Error);
    return undefined;
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

let client = 0;
/** A client address not used before in this process. */
export const nextClientIp = (): string => `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`;
