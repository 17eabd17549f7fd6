import type { Config } from '../config.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { loadKeyring } from '../auth/keyring.ts';
import { allowsLoopbackEndpoints, deliverDueWebhooks, type DeliveryPassResult } from '../webhooks/deliverer.ts';
import { runOnServer, withDatabase } from './operator.ts';
import { printResult } from './output.ts';

/**
 * `prosa webhooks deliver`: one delivery pass (fan out new events, send what is due). Embedded
 * with a server running: the pass runs inside it (admin socket); otherwise in this process,
 * which needs the same signing secret as the server (PROSA_SIGNING_SECRET, or the data
 * directory's generated one).
 */
export async function webhooksDeliverCommand(config: Config, json: boolean): Promise<void> {
  let result: DeliveryPassResult;
  if (!config.databaseUrl && lockHolder(config.dataDir) !== null) {
    result = (await runOnServer(config.dataDir, 'webhooks.deliver', {})) as DeliveryPassResult;
  } else {
    const keyring = loadKeyring({ signingSecret: config.signingSecret, dataDir: config.dataDir, scaleOut: !!config.databaseUrl });
    result = await withDatabase(config, (db) =>
      deliverDueWebhooks(db, { secretKey: keyring.webhookSecretKey, baseUrl: config.baseUrl, allowLoopback: allowsLoopbackEndpoints(config.baseUrl) }),
    );
  }
  printResult(result, json);
}
