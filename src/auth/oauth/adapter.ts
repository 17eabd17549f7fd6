/**
 * oidc-provider's storage over Kysely (the same SQL on PGlite and PostgreSQL): one table,
 * `oauth_artifacts` (migration 008-oauth). The audit rows of OAuth events are written here, in
 * the transaction of the write that makes the event true:
 * - a Client inserted by dynamic registration (RFC 7591 §3.2.1) -> oauth.client_registered;
 * - a Grant inserted (the user approved the consent page) -> oauth.consent_given;
 * - a RefreshToken consumed (rotated, OAuth 2.1 §4.3.1) -> oauth.token_refreshed;
 * - a Grant destroyed by the library (refresh-token reuse, RFC 9700 §4.14.2; or revocation of a
 *   refresh token, RFC 7009 §2.1) -> oauth.grant_revoked.
 * Revocation from the connected-apps list is a command of its own (commands/oauth-grant-revoker.ts).
 */
import { sql, type Transaction } from 'kysely';
import { Provider, errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';
import type { Actor } from '../../commands/actor.ts';
import { writeAudit } from '../../commands/audit.ts';
import { oauthRequestContext } from './request-context.ts';
import { MCP_CLIENT_ID } from './constants.ts';
import { findUnsafeText, UNSAFE_TEXT_MESSAGES } from '../../domain/unsafe-text.ts';
import { firmOfSubject } from '../../queries/members.ts';
import type { GrantCache } from '../grant-cache.ts';

/**
 * The provider parses its own request bodies, so the edge guard (http/plugins/nul-guard.ts) never
 * sees them: text `jsonb` cannot store (U+0000, a lone UTF-16 surrogate such as a registration's
 * `client_name: "\ud800"`) is refused here, as the protocol's own 400 (RFC 7591 §3.2.2
 * invalid_client_metadata for registrations), instead of failing the insert as a 500.
 */
function refuseUnstorableText(model: string, payload: unknown): void {
  const hit = findUnsafeText(payload, model === 'Client' ? 'client metadata' : 'request');
  if (!hit) return;
  const message = `${hit.path} ${UNSAFE_TEXT_MESSAGES[hit.problem]}`;
  throw model === 'Client' ? new errors.InvalidClientMetadata(message) : new errors.InvalidRequest(message);
}

function requestId(): string | undefined {
  return oauthRequestContext.getStore()?.requestId;
}

function epoch(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/** Writes at most this many rows' deletion per purge round (one cheap indexed statement). */
const PURGE_BATCH = 1000;

/**
 * A dynamically registered client (RFC 7591) that has not been used for a token within this time
 * after registering is forgotten (issue 20 item 12: registrations never expired, about 43,000 rows
 * a day from one address). "Used" = one of its codes or refresh tokens was redeemed (`consume`
 * below stamps the client's `last_used_at`); a client with a grant, a code or a refresh token
 * stored is kept too (rows from before the stamp existed). A forgotten client that comes back gets
 * invalid_client and registers again, as RFC 7591 clients do.
 */
export const UNUSED_CLIENT_TTL_HOURS = 24;

/**
 * Deletes expired artifacts (consumed codes and refresh tokens included: after expiry they prove
 * nothing), then clients never used within UNUSED_CLIENT_TTL_HOURS of registering.
 */
export async function purgeExpiredOAuthArtifacts(db: Db): Promise<number> {
  const res = await sql`delete from oauth_artifacts where (model, id) in (
      select model, id from oauth_artifacts where expires_at < now() limit ${PURGE_BATCH})`.execute(db);
  const unused = await sql`delete from oauth_artifacts where (model, id) in (
      select c.model, c.id from oauth_artifacts c
      where c.model = 'Client' and c.id <> ${MCP_CLIENT_ID} and c.last_used_at is null
        and c.created_at < now() - make_interval(hours => ${UNUSED_CLIENT_TTL_HOURS})
        and not exists (select 1 from oauth_artifacts a where a.client_id = c.id and a.model in ('Grant', 'AuthorizationCode', 'RefreshToken'))
      limit ${PURGE_BATCH})`.execute(db);
  return Number(res.numAffectedRows ?? 0n) + Number(unused.numAffectedRows ?? 0n);
}

/** Marks a grant used (the connected-apps list shows the last use). */
export async function touchGrant(db: Db | Transaction<Schema>, grantId: string): Promise<void> {
  await db.updateTable('oauth_artifacts').set({ last_used_at: new Date() }).where('model', '=', 'Grant').where('id', '=', grantId).execute();
}

/** A client ID metadata document's client, as last fetched (not an oidc-provider model: our own cache row). */
export async function storeClientMetadataDocument(db: Db, clientId: string, metadata: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify(metadata);
  await db
    .insertInto('oauth_artifacts')
    .values({ model: 'ClientMetadataDocument', id: clientId, client_id: clientId, payload })
    .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet({ payload }))
    .execute();
}

/** `grants`: the process's grant cache, which forgets a grant the library destroys before its request answers (grant-cache.ts). */
export function createKyselyAdapter(db: Db, grants?: GrantCache): new (model: string) => Adapter {
  return class KyselyAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const p = payload as Record<string, unknown>;
      refuseUnstorableText(this.model, payload);
      const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
      const values = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: str(p.grantId),
        account_id: str(p.accountId),
        client_id: this.model === 'Client' ? id : str(p.clientId),
        uid: str(p.uid),
        user_code: str(p.userCode),
        expires_at: expiresAt,
      };
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('oauth_artifacts')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['model', 'id']).doUpdateSet({
              payload: (eb) => eb.ref('excluded.payload'),
              grant_id: (eb) => eb.ref('excluded.grant_id'),
              account_id: (eb) => eb.ref('excluded.account_id'),
              client_id: (eb) => eb.ref('excluded.client_id'),
              uid: (eb) => eb.ref('excluded.uid'),
              user_code: (eb) => eb.ref('excluded.user_code'),
              expires_at: (eb) => eb.ref('excluded.expires_at'),
            }),
          )
          // xmax = 0 only on a freshly inserted row version: tells an insert from an update.
          .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
          .executeTakeFirstOrThrow();
        if (!row.inserted) return;
        if (this.model === 'Client' && id !== MCP_CLIENT_ID) {
          await writeAudit(
            trx,
            { accountId: null, via: 'anonymous', requestId: requestId() },
            {
              accountId: null,
              action: 'oauth.client_registered',
              targetType: 'oauth_client',
              targetId: id,
              details: {
                client_id: id,
                client_name: p.client_name ?? null,
                application_type: p.application_type ?? null,
                token_endpoint_auth_method: p.token_endpoint_auth_method ?? null,
                redirect_uris: p.redirect_uris ?? [],
                prosa_no_purchases: p.prosa_no_purchases === true,
              },
            },
          );
        } else if (this.model === 'Grant' && values.account_id) {
          const client = await trx
            .selectFrom('oauth_artifacts')
            .select(sql<string | null>`payload->>'client_name'`.as('name'))
            .where('model', '=', 'Client')
            .where('id', '=', values.client_id ?? '')
            .executeTakeFirst();
          // The grant's subject is a member; the row belongs to their firm (migration 032).
          const firm = await firmOfSubject(trx, values.account_id);
          await writeAudit(
            trx,
            { accountId: firm, memberId: values.account_id, via: 'session', requestId: requestId() },
            {
              accountId: firm,
              action: 'oauth.consent_given',
              targetType: 'oauth_grant',
              targetId: id,
              details: { grant_id: id, client_id: values.client_id, client_name: client?.name ?? null, scope: grantScope(p) },
            },
          );
        }
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oauth_artifacts')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.model)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: epoch(row.consumed_at) } : payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const row = await db.selectFrom('oauth_artifacts').select('id').where('model', '=', this.model).where('uid', '=', uid).executeTakeFirst();
      return row ? this.find(row.id) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const row = await db.selectFrom('oauth_artifacts').select('id').where('model', '=', this.model).where('user_code', '=', userCode).executeTakeFirst();
      return row ? this.find(row.id) : undefined;
    }

    /**
     * Atomic: of two concurrent uses of one code or refresh token exactly one changes the row
     * (`... where consumed_at is null`); the other gets invalid_grant (RFC 6749 §5.2).
     */
    async consume(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('oauth_artifacts')
          .set({ consumed_at: new Date() })
          .where('model', '=', this.model)
          .where('id', '=', id)
          .where('consumed_at', 'is', null)
          .returning(['grant_id', 'account_id', 'client_id'])
          .executeTakeFirst();
        if (!row) throw new errors.InvalidGrant(`${this.model === 'RefreshToken' ? 'refresh token' : 'grant'} already used`);
        if (row.grant_id) await touchGrant(trx, row.grant_id);
        // A code or refresh token redeemed: its client is in use and never expires as unused
        // (UNUSED_CLIENT_TTL_HOURS above).
        if (row.client_id && (this.model === 'AuthorizationCode' || this.model === 'RefreshToken')) {
          await trx.updateTable('oauth_artifacts').set({ last_used_at: new Date() }).where('model', '=', 'Client').where('id', '=', row.client_id).execute();
        }
        if (this.model === 'RefreshToken' && row.account_id) {
          const firm = await firmOfSubject(trx, row.account_id);
          await writeAudit(
            trx,
            { accountId: firm, memberId: row.account_id, via: 'bearer', requestId: requestId() },
            {
              accountId: firm,
              action: 'oauth.token_refreshed',
              targetType: 'oauth_grant',
              targetId: row.grant_id ?? undefined,
              details: { grant_id: row.grant_id, client_id: row.client_id },
            },
          );
        }
      });
    }

    async destroy(id: string): Promise<void> {
      if (this.model === 'Grant' && grants) await grants.revoking(id, () => this.destroyRow(id));
      else await this.destroyRow(id);
    }

    private async destroyRow(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('oauth_artifacts')
          .where('model', '=', this.model)
          .where('id', '=', id)
          .returning(['account_id', 'client_id'])
          .executeTakeFirst();
        if (this.model !== 'Grant' || !row?.account_id) return;
        // Only the library destroys grants through here: refresh-token reuse (token endpoint) or
        // a client revoking its refresh token (revocation endpoint).
        const route = (Provider.ctx as { oidc?: { route?: string } } | undefined)?.oidc?.route;
        const reason = route === 'revocation' ? 'revoked_by_client' : route === 'token' ? 'refresh_token_reuse' : 'library';
        const firm = await firmOfSubject(trx, row.account_id);
        const actor: Actor = { accountId: firm, memberId: row.account_id, via: reason === 'revoked_by_client' ? 'bearer' : 'system', requestId: requestId() };
        await writeAudit(trx, actor, {
          accountId: firm,
          action: 'oauth.grant_revoked',
          targetType: 'oauth_grant',
          targetId: id,
          details: { grant_id: id, client_id: row.client_id, reason },
        });
      });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oauth_artifacts').where('model', '=', this.model).where('grant_id', '=', grantId).execute();
    }
  };
}

function grantScope(p: Record<string, unknown>): string[] {
  const scopes = new Set<string>();
  const resources = p.resources as Record<string, string> | undefined;
  for (const s of Object.values(resources ?? {})) for (const x of String(s).split(' ')) if (x) scopes.add(x);
  const openid = (p.openid as { scope?: string } | undefined)?.scope;
  for (const x of (openid ?? '').split(' ')) if (x) scopes.add(x);
  return [...scopes];
}
