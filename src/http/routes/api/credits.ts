import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../../db/connect.ts';
import { listLedger } from '../../../queries/credits.ts';
import { requestAccountWithBalance } from '../../../queries/request-balance.ts';
import { creditsPageSchema, presentLedgerEntry } from '../../../presenters/account.ts';
import { creditsPageJson, type LedgerPageJson, ledgerPageJson } from '../../../presenters/credits-page-json.ts';
import { presentPricing, pricingSchema } from '../../../presenters/pricing.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { sendJson } from '../../serialized-json.ts';

interface PageQuery {
  limit: number;
  before?: string;
}

/** Reads a ledger page as its JSON (credits-page-json.ts); its size, for the cache's byte bound, is that text's length. */
async function readPage(db: Db, accountId: string, q: PageQuery): Promise<LedgerPageJson> {
  const found = await listLedger(db, accountId, { limit: q.limit, before: q.before ? BigInt(q.before) : undefined });
  return ledgerPageJson({ entries: found.entries.map(presentLedgerEntry), next_cursor: found.nextCursor });
}

export function creditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const pages = app.ledgerPageCache;
  const heads = app.creditHeads;

  /**
   * PostgreSQL (several processes may write): one statement (shared with the reads that arrive with it: credit-heads.ts) reads the balance, the multiplier and
   * the ledger page's version; the page comes from memory when it was read at that version.
   */
  async function onPostgres(request: FastifyRequest, accountId: string, q: PageQuery, key: string): Promise<string> {
    const head = await heads.read(accountId);
    if (!head) return creditsPageJson(0n, 1000, await readPage(db, accountId, q));
    if (request.principal?.accountId === accountId) request.principal.balanceMicro = head.balanceMicro; // for the usage headers
    let page = pages.get(accountId, key, head.pageVersion);
    if (!page) {
      page = await readPage(db, accountId, q);
      pages.put(accountId, key, page, page.length, { version: head.pageVersion });
    }
    return creditsPageJson(head.balanceMicro, head.modelMultiplierMilli, page);
  }

  /**
   * The embedded database (one process, notified of every change before the write returns): the
   * account and balance from the account cache and the page from the page cache, so a repeated
   * read runs no statement.
   */
  async function embedded(request: FastifyRequest, accountId: string, q: PageQuery, key: string): Promise<string> {
    const generation = pages.generation();
    const held = pages.get(accountId, key);
    const [found, page] = await Promise.all([
      requestAccountWithBalance(db, request, accountId),
      held ??
        readPage(db, accountId, q).then((read) => {
          pages.put(accountId, key, read, read.length, { generation });
          return read;
        }),
    ]);
    return creditsPageJson(found?.balanceMicro ?? 0n, found ? found.account.model_multiplier_milli : 1000, page);
  }

  r.get(
    '/credits',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['credits'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          before: z
            .string()
            .regex(/^\d{1,18}$/, 'must be a ledger entry id')
            .optional(),
        }),
        response: { 200: creditsPageSchema },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const q = request.query;
      const key = `${q.limit}:${q.before ?? ''}`;
      // JSON text already encoded by the response schema's parts (credits-page-json.ts): sent as it is.
      return sendJson(reply, await (ctx.database.kind === 'pglite' ? embedded(request, accountId, q, key) : onPostgres(request, accountId, q, key)));
    },
  );

  r.get('/pricing', { config: { auth: 'none' }, schema: { tags: ['credits'], response: { 200: pricingSchema } } }, async () => presentPricing());
}
