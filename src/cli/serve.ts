import type { Config } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { ROLES, startMcpServer, startServer, type RunningServer } from '../server.ts';
import type { DemoCredentials } from '../sources/demo/demo-seeder.ts';
import { collectStartGarbage, START_GARBAGE_DELAY_MS } from './start-garbage.ts';

/** Exit codes of `prosa serve` (docs/operations.md). */
export const EXIT_DATA_DIR_LOCKED = 3;
export const EXIT_STORAGE_UNWRITABLE = 4;
export const EXIT_PORT_IN_USE = 5;

const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT']);

/** A start failure an operator fixes outside Prosa: one line, no stack, and its own exit code. */
function startFailure(err: unknown, config: Config): { line: string; code: number } | null {
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.code === 'EADDRINUSE')
    return { line: `error: port ${config.port} on ${config.host} is already in use (another server?); stop it or set PORT`, code: EXIT_PORT_IN_USE };
  if (e?.code && UNWRITABLE.has(e.code)) {
    const what =
      e.code === 'EROFS' ? 'is on a read-only file system' : e.code === 'ENOSPC' || e.code === 'EDQUOT' ? 'is on a full disk' : 'is not writable by this user';
    const where = config.databaseUrl ? 'the server cannot write its files' : `the data directory ${config.dataDir} ${what}`;
    return { line: `error: ${where} (${e.code}${e.path ? `: ${e.path}` : ''}); set PROSA_DATA_DIR to a writable directory`, code: EXIT_STORAGE_UNWRITABLE };
  }
  return null;
}

/** http://localhost:{the port actually bound} for a listen address such as http://0.0.0.0:3000 or http://[::]:3000. */
export function localAddress(address: string): string {
  const port = /:(\d+)$/.exec(address)?.[1];
  return port ? `http://localhost:${port}` : address;
}

function demoLines(demo: DemoCredentials, config: Config): string[] {
  return [
    'Demo data was created (shown this once):',
    `  sign in:      ${demo.email} / ${demo.password}`,
    `  demo API key: ${demo.apiKey}`,
    `  try:          curl ${config.baseUrl}/v1/prosa/lookup/17200011`,
    '  (lost them? `prosa accounts reset-password --email demo@prosa.example` sets a new password)',
    '',
  ];
}

/** `prosa serve`: start, print the first-start demo credentials once, stop cleanly on SIGTERM/SIGINT. */
export async function serveCommand(config: Config, role: string): Promise<void> {
  if (role === 'mcp') return serveMcp(config);
  if (role !== 'all' && !config.databaseUrl) {
    process.stderr.write(
      'error: --role runs one role per process and needs PostgreSQL (DATABASE_URL); the embedded database serves everything in one process.\n',
    );
    process.exitCode = 2;
    return;
  }
  let server: RunningServer;
  try {
    // The demo credentials are printed as soon as they exist: a start that fails later (port in
    // use) must not lose them (issue 12 item 8).
    server = await startServer(config, role === 'all' ? ROLES : ROLES.filter((r) => r === role), {
      onDemoSeeded: (demo) => process.stdout.write(`${demoLines(demo, config).join('\n')}\n`),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = EXIT_DATA_DIR_LOCKED;
      return;
    }
    const known = startFailure(err, config);
    if (known) {
      process.stderr.write(`${known.line}\n`);
      process.exitCode = known.code;
      return;
    }
    throw err;
  }
  const db = server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const open = config.baseUrlFixed
    ? `public address ${config.baseUrl}`
    : `open ${localAddress(server.address)}; links follow the address you use, BASE_URL unset`;
  process.stdout.write(`Prosa ${config.version} listening on ${server.address} (${open}); database: ${db}\n`);
  setTimeout(collectStartGarbage, START_GARBAGE_DELAY_MS).unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: draining requests');
    try {
      await server.stop();
      process.exitCode = 0;
    } catch (err) {
      server.app.log.error({ err }, 'error during shutdown');
      process.exitCode = 1;
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** `--role mcp`: no database; the API is reached at API_URL. */
async function serveMcp(config: Config): Promise<void> {
  const server = await startMcpServer(config);
  process.stdout.write(
    `Prosa ${config.version} MCP server listening on ${server.address} (public address ${config.mcpUrl}/mcp); API at ${config.apiUrl}; no database\n`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    process.exitCode = 0;
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
