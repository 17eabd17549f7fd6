import { createServer, request as httpRequest, type Server } from 'node:http';
import { existsSync, rmSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { AppError } from '../errors.ts';
import { errorBody } from '../serving/error-body.ts';
import { runAdminOp } from './admin-ops.ts';

/**
 * A Unix socket in the embedded data directory through which operator commands reach a running
 * server. PGlite cannot be opened by two processes (writes are silently lost), so while a
 * server holds the directory, `prosa credits grant` and friends run inside it. The socket is
 * mode 0600 in a 0700 directory: only the owner of the data can use it.
 */
const ADMIN_SOCKET = 'admin.sock';

export interface AdminSocket {
  close(): Promise<void>;
}

function adminSocketPath(dataDir: string): string {
  return join(dataDir, ADMIN_SOCKET);
}

const jsonReplacer = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** Operations that need more than the Kysely handle (the embedded backup needs PGlite itself). */
export type LocalOps = Record<string, (args: Record<string, unknown>) => Promise<unknown>>;

export async function startAdminSocket(dataDir: string, db: Db, log: FastifyBaseLogger, localOps: LocalOps = {}): Promise<AdminSocket> {
  const path = adminSocketPath(dataDir);
  rmSync(path, { force: true }); // a leftover from a crashed server (we hold the data-dir lock)
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const op = decodeURIComponent((req.url ?? '').replace(/^\/op\//, ''));
      let status = 200;
      let body: unknown;
      try {
        const args = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        body = Object.hasOwn(localOps, op) ? await localOps[op]!(args) : await runAdminOp(db, op, args);
        log.info({ op }, 'admin operation');
      } catch (err) {
        const e = err instanceof AppError ? err : new AppError(500, 'internal_error', err instanceof Error ? err.message : String(err), 'See the server log.');
        if (!(err instanceof AppError)) log.error({ err, op }, 'admin operation failed');
        status = e.status;
        body = errorBody(e);
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body, jsonReplacer));
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/** Sends one operation to a running server's admin socket. */
export function callAdminSocket(dataDir: string, op: string, args: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const socketPath = adminSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.reject(new Error(`No admin socket at ${socketPath}`));
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(args);
    const req = httpRequest(
      {
        socketPath,
        path: `/op/${encodeURIComponent(op)}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 500, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
