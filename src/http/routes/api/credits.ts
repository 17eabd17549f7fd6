import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../../db/connect.ts';
import { listLedger } from '../../../queries/credits.ts';
import { requestAccountWithBalance } from '../../../queries/request-balance.ts';
import { creditsPageSchema, presentBalance, presentLedgerEntry, type LedgerPageWire } from '../../../presenters/account.ts';
import { presentPricing, pricingSchema } from '../../../presenters/pricing.ts';
import { accountIdOf } from '../../plugins/auth.ts';

interface PageQuery {
  limit: number;
  before?: string;
}

/** Reads and presents a ledger page; its size (for the cache's byte bound) is its JSON's length. */
async function readPage(db: Db, accountId: string, q: PageQuery): Promise<{ page: LedgerPageWire; bytes: number }> {
  const found = await listLedger(db, accountId, { limit: q.limit, before: q.before ? BigInt(q.before) : undefined });
  const page = { entries: found.entries.map(presentLedgerEntry), next_cursor: found.nextCursor };
  return { page, bytes: JSON.stringify(page).length };
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
  async function onPostgres(request: FastifyRequest, accountId: string, q: PageQuery, key: string) {
    const head = await heads.read(accountId);
    if (!head) return { ...presentBalance(0n), model_multiplier: 1, ...(await readPage(db, accountId, q)).page };
    if (request.principal?.accountId === accountId) request.principal.balanceMicro = head.balanceMicro; // for the usage headers
    let page = pages.get(accountId, key, head.pageVersion);
    if (!page) {
      const read = await readPage(db, accountId, q);
      pages.put(accountId, key, read.page, read.bytes, { version: head.pageVersion });
      page = read.page;
    }
    return { ...presentBalance(head.balanceMicro), model_multiplier: head.modelMultiplierMilli / 1000, ...page };
  }

  /**
   * The embedded database (one process, notified of every change before the write returns): the
   * account and balance from the account cache and the page from the page cache, so a repeated
   * read runs no statement.
   */
  async function embedded(request: FastifyRequest, accountId: string, q: PageQuery, key: string) {
    const generation = pages.generation();
    const held = pages.get(accountId, key);
    const [found, page] = await Promise.all([
      requestAccountWithBalance(db, request, accountId),
      held ??
        readPage(db, accountId, q).then((read) => {
          pages.put(accountId, key, read.page, read.bytes, { generation });
          return read.page;
        }),
    ]);
    return { ...presentBalance(found?.balanceMicro ?? 0n), model_multiplier: found ? found.account.model_multiplier_milli / 1000 : 1, ...page };
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
    async (request) => {
      const accountId = accountIdOf(request);
      const q = request.query;
      const key = `${q.limit}:${q.before ?? ''}`;
      return ctx.database.kind === 'pglite' ? embedded(request, accountId, q, key) : onPostgres(request, accountId, q, key);
    },
  );

  r.get('/pricing', { config: { auth: 'none' }, schema: { tags: ['credits'], response: { 200: pricingSchema } } }, async () => presentPricing());
}
