import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { runCli } from './support/cli.ts';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { keyringFromSecret } from '../src/auth/keyring.ts';
import { accountCreator } from '../src/commands/account-creator.ts';
import { CLI_ACTOR } from '../src/commands/actor.ts';
import { webhookEndpointCreator } from '../src/commands/webhooks/endpoint-creator.ts';
import { recordDocketEvent } from '../src/commands/events/docket-event-recorder.ts';

const SECRET = 'webhooks-cli-signing-secret-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'prosa-webhooks-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// `prosa webhooks deliver` (embedded database, no server running): one pass in the CLI's own
// process, signing with the secret the server would use.
test('prosa webhooks deliver sends what is due, signed; a second pass sends nothing', async () => {
  const received: { type: string; data: Record<string, unknown> }[] = [];
  let secret = '';
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        received.push(new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as (typeof received)[number]);
        res.statusCode = 204;
      } catch {
        res.statusCode = 401;
      }
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const database = await openDatabase({ dataDir: dir });
    try {
      await migrateToLatest(database.db);
      const account = await accountCreator(database.db, CLI_ACTOR, { email: 'cli-hooks@firm.example', password: 'correct horse battery' });
      const created = await webhookEndpointCreator(database.db, CLI_ACTOR, {
        accountId: account.id,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/h`,
        description: '',
        events: ['analysis.completed'],
        secretKey: keyringFromSecret(SECRET).webhookSecretKey,
        allowLoopback: true,
      });
      secret = created.secret;
      await database.db.transaction().execute((trx) =>
        recordDocketEvent(trx, {
          accountId: account.id,
          kind: 'analysis.completed',
          applicationId: null,
          subjectType: 'analysis',
          subjectId: 'an_cli',
          payload: { analysis_id: 'an_cli', application_number: '17/200,011', detail_url: '/analyses/an_cli' },
        }),
      );
    } finally {
      await database.close();
    }
    const env = { PROSA_DATA_DIR: dir, PROSA_SIGNING_SECRET: SECRET, DATABASE_URL: '' };
    const first = await runCli(['webhooks', 'deliver', '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ queued: 1, attempted: 1, delivered: 1, retrying: 0, failed: 0 });
    expect(received).toEqual([
      {
        type: 'analysis.completed',
        timestamp: expect.any(String),
        data: { analysis_id: 'an_cli', application_number: '17/200,011', detail_url: 'http://localhost:8080/analyses/an_cli' },
      },
    ]);
    const second = await runCli(['webhooks', 'deliver', '--json'], env);
    expect(JSON.parse(second.stdout)).toEqual({ queued: 0, attempted: 0, delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
  } finally {
    await new Promise((r) => receiver.close(r));
  }
}, 180_000);
