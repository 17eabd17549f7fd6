import type { Config } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { ROLES, startMcpServer, startServer, type RunningServer } from '../server.ts';

/** `prosa serve`: start, print the first-start demo credentials once, stop cleanly on SIGTERM/SIGINT. */
export async function serveCommand(config: Config, role: string): Promise<void> {
  if (role === 'mcp') return serveMcp(config);
  if (role !== 'all' && !config.databaseUrl) {
    process.stderr.write('error: --role runs one role per process and needs PostgreSQL (DATABASE_URL); the embedded database serves everything in one process.\n');
    process.exitCode = 2;
    return;
  }
  let server: RunningServer;
  try {
    server = await startServer(config, role === 'all' ? ROLES : ROLES.filter((r) => r === role));
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = 3;
      return;
    }
    throw err;
  }
  const db = server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [`Prosa ${config.version} listening on ${server.address} (public address ${config.baseUrl}); database: ${db}`];
  if (server.demo) {
    lines.push(
      '',
      'Demo data was created (shown this once):',
      `  sign in:      ${server.demo.email} / ${server.demo.password}`,
      `  demo API key: ${server.demo.apiKey}`,
      `  try:          curl ${config.baseUrl}/v1/prosa/lookup/17200011`,
      '',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

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
  process.stdout.write(`Prosa ${config.version} MCP server listening on ${server.address} (public address ${config.mcpUrl}/mcp); API at ${config.apiUrl}; no database\n`);
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
