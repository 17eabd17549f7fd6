import { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.ts';

/** What GET /api/credits reads on every request on PostgreSQL: the balance, the model multiplier and the ledger page's version. */
export interface CreditHead {
  balanceMicro: bigint;
  modelMultiplierMilli: number;
  /** credit_balances.page_version: bumped by every change a ledger page shows (migration 036). */
  pageVersion: bigint;
}

// Written once, not built by the query builder per request: compiling a Kysely query was 12% of
// this route's profile (issue 24). Primary-key reads of both tables, for every account asked.
const HEADS =
  'select a.id, a.model_multiplier_milli, b.balance_micro, b.page_version from accounts a join credit_balances b on b.account_id = a.id where a.id = any($1::text[])';

interface Waiter {
  accountId: string;
  resolve: (head: CreditHead | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads credit heads, the reads that arrive together in one statement (issue 24: sending a
 * statement, its socket write above all, was most of a repeated GET /api/credits's CPU).
 *
 * A read that arrives while no statement is under way starts one at once; a read that arrives
 * while one is under way waits for the next, which starts when that one ends and carries every
 * read that waited for it. So each read is answered by a statement that began after the read
 * did, and sees every write committed before the read began, in whatever process: what the
 * ledger page cache's versions rely on (ledger-page-cache.ts). At most one statement is under
 * way per reader, so a burst of reads costs two statements however many reads it holds.
 */
export class CreditHeadReader {
  readonly #run: (accountIds: string[]) => Promise<Map<string, CreditHead>>;
  #next: Waiter[] = [];
  #running = false;

  constructor(run: (accountIds: string[]) => Promise<Map<string, CreditHead>>) {
    this.#run = run;
  }

  /** The account's credit head, read after this call began; undefined when the account is gone. */
  read(accountId: string): Promise<CreditHead | undefined> {
    return new Promise((resolve, reject) => {
      this.#next.push({ accountId, resolve, reject });
      if (!this.#running) this.#start();
    });
  }

  /** Reads waiting for the next statement (while one is under way). */
  get waiting(): number {
    return this.#running ? this.#next.length : 0;
  }

  #start(): void {
    const batch = this.#next;
    this.#next = [];
    this.#running = true;
    const ids = [...new Set(batch.map((w) => w.accountId))];
    this.#run(ids).then(
      (heads) => {
        for (const w of batch) w.resolve(heads.get(w.accountId));
        this.#done();
      },
      (err: unknown) => {
        for (const w of batch) w.reject(err);
        this.#done();
      },
    );
  }

  #done(): void {
    this.#running = false;
    if (this.#next.length > 0) this.#start();
  }
}

/** A reader of the credit heads in `db`. */
export function creditHeadReader(db: Db): CreditHeadReader {
  return new CreditHeadReader(async (accountIds) => {
    const { rows } = await db.executeQuery<{ id: string; model_multiplier_milli: number; balance_micro: bigint; page_version: bigint }>(
      CompiledQuery.raw(HEADS, [accountIds]),
    );
    return new Map(rows.map((r) => [r.id, { balanceMicro: r.balance_micro, modelMultiplierMilli: r.model_multiplier_milli, pageVersion: r.page_version }]));
  });
}
