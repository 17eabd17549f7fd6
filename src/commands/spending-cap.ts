import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import { AppError, validationError } from '../errors.ts';
import { formatCredits, parseCredits } from '../domain/money.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

/**
 * Spending caps (docs/decisions/billing.md "Spending caps"): the account owner's daily ceiling on AI usage, the
 * token charges of analyses (ledger kind `usage_tokens`), per UTC day. The spec's "never blocked
 * by the balance" stays true; this is a limit the user chose. When the day's spend has reached the
 * cap, analyze answers 402 `spending_cap_reached`; the analysis that crosses the cap completes
 * (its cost is known only once it has run), the next one is refused.
 *
 * Under concurrency (issue 20, red team item 6) the check and the charge are serialized per account
 * (`assertUnderSpendingCapLocked`): the rule is that an analysis is charged only when the day's
 * spend committed before its charge is under the cap, so the day's spend exceeds the cap by less
 * than the cost of the one analysis that crossed it (spent - last charge < cap).
 */
export interface SpendingCap {
  /** Micro-credits per UTC day, or null when no cap is set. */
  dailyAiCapMicro: bigint | null;
  spentTodayMicro: bigint;
  /** The next UTC midnight, when the day's spend starts again from zero. */
  resetsAt: Date;
}

/** The largest cap accepted (1,000,000.00 credits a day). */
const MAX_CAP_MICRO = 1_000_000n * 1_000_000n;

function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function readSpendingCap(db: Db | Transaction<Schema>, accountId: string, now = new Date()): Promise<SpendingCap> {
  const dayStart = utcDayStart(now);
  const { rows } = await sql<{ cap: string | null; spent: string }>`
    select (select daily_ai_cap_micro from spending_caps where account_id = ${accountId})::text as cap,
           coalesce(-(select sum(amount_micro) from credit_ledger
                      where account_id = ${accountId} and kind = 'usage_tokens' and created_at >= ${dayStart}), 0)::text as spent`.execute(db);
  return {
    dailyAiCapMicro: rows[0].cap === null ? null : BigInt(rows[0].cap),
    spentTodayMicro: BigInt(rows[0].spent),
    resetsAt: new Date(dayStart.getTime() + 86_400_000),
  };
}

/**
 * The check before an analysis' work (no retry can be waiting) and the account's price
 * multiplier, in one statement: 402 spending_cap_reached as assertUnderSpendingCap, else the
 * multiplier (per mille) and whether the account has a cap. Today's spend is summed only for a
 * capped account (the sum reads every usage line of the day).
 */
export async function analysisPrecheck(db: Db, accountId: string, now = new Date()): Promise<{ multiplierMilli: number; capped: boolean }> {
  const dayStart = utcDayStart(now);
  const { rows } = await sql<{ cap: string | null; spent: string; multiplier: number | null }>`
    select (select daily_ai_cap_micro from spending_caps where account_id = ${accountId})::text as cap,
           coalesce(-(select sum(amount_micro) from credit_ledger
                      where account_id = ${accountId} and kind = 'usage_tokens' and created_at >= ${dayStart}
                        and exists (select from spending_caps where account_id = ${accountId})), 0)::text as spent,
           (select model_multiplier_milli from accounts where id = ${accountId}) as multiplier`.execute(db);
  const r = rows[0];
  if (r.multiplier === null) throw new Error(`account ${accountId} does not exist`);
  refuseAtCap(
    { dailyAiCapMicro: r.cap === null ? null : BigInt(r.cap), spentTodayMicro: BigInt(r.spent), resetsAt: new Date(dayStart.getTime() + 86_400_000) },
    now,
  );
  return { multiplierMilli: Number(r.multiplier), capped: r.cap !== null };
}

/** 402 spending_cap_reached when today's AI spend has reached the account's cap. */
async function assertUnderSpendingCap(db: Db | Transaction<Schema>, accountId: string, now = new Date()): Promise<void> {
  refuseAtCap(await readSpendingCap(db, accountId, now), now);
}

function refuseAtCap(c: SpendingCap, now: Date): void {
  if (c.dailyAiCapMicro === null || c.spentTodayMicro < c.dailyAiCapMicro) return;
  const seconds = Math.max(1, Math.ceil((c.resetsAt.getTime() - now.getTime()) / 1000));
  throw new AppError(
    402,
    'spending_cap_reached',
    `The account's daily AI spending cap of ${formatCredits(c.dailyAiCapMicro)} credits is reached (${formatCredits(c.spentTodayMicro)} spent today); it resets at ${c.resetsAt.toISOString()} (UTC midnight). Nothing was charged.`,
    `This is a limit the account owner chose, not a balance problem: tell the user, who can raise or remove it (PATCH /api/account/spending-cap, or Settings in the web app); otherwise retry after ${c.resetsAt.toISOString()}. Assistants cannot change it.`,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The cap check inside the transaction that records an analysis' charge, serialized per account:
 * when the account has a cap, its balance row is locked (SELECT ... FOR UPDATE, the row the charge
 * locks anyway, taken earlier) before today's spend is read, so a concurrent analysis of the same
 * account waits until this transaction commits and then reads the spend including this charge
 * (READ COMMITTED: each statement reads what was committed before it began). Accounts without a
 * cap take no extra lock. PGlite runs one transaction at a time; PostgreSQL needs the lock.
 */
export async function assertUnderSpendingCapLocked(trx: Transaction<Schema>, accountId: string, now = new Date()): Promise<void> {
  const capped = await trx.selectFrom('spending_caps').select('account_id').where('account_id', '=', accountId).executeTakeFirst();
  if (!capped) return;
  await trx.selectFrom('credit_balances').select('account_id').where('account_id', '=', accountId).forUpdate().execute();
  await assertUnderSpendingCap(trx, accountId, now);
}

/** Sets (or with null removes) the daily AI cap, with its audit row. */
export async function spendingCapSetter(db: Db, actor: Actor, props: { accountId: string; dailyAiCap: string | number | null }): Promise<SpendingCap> {
  let micro: bigint | null = null;
  if (props.dailyAiCap !== null) {
    micro = parseCredits(props.dailyAiCap);
    if (micro === null || micro < 0n)
      throw validationError('daily_ai_cap', 'must be an amount of credits such as "10.00", at least 0, or null to remove the cap');
    if (micro > MAX_CAP_MICRO) throw validationError('daily_ai_cap', 'must be at most 1000000 credits');
  }
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('spending_caps').select('daily_ai_cap_micro').where('account_id', '=', props.accountId).executeTakeFirst();
    if (micro === null) await trx.deleteFrom('spending_caps').where('account_id', '=', props.accountId).execute();
    else {
      await trx
        .insertInto('spending_caps')
        .values({ account_id: props.accountId, daily_ai_cap_micro: micro.toString() })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ daily_ai_cap_micro: micro!.toString(), updated_at: new Date() }))
        .execute();
    }
    await writeAudit(trx, actor, {
      accountId: props.accountId,
      action: 'account.spending_cap_set',
      targetType: 'account',
      targetId: props.accountId,
      details: { daily_ai_cap: micro === null ? null : formatCredits(micro), before: before ? formatCredits(before.daily_ai_cap_micro) : null },
    });
  });
  return readSpendingCap(db, props.accountId);
}
