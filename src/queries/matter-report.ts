/**
 * Usage per application and client matter over a date range (issue 22 part 3), for billing a
 * firm's clients: the account's analyses, its drafts (draft jobs: responses, forms, IDS,
 * drawings) and the credits their ledger lines moved (charges less refunds), grouped by
 * application; the client matter is the account's docket entry's. Applications the account used
 * Prosa on without docketing them appear with a null client matter.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

export interface MatterUsage {
  /** 8 digits. */
  applicationNumber: string;
  clientMatter: string | null;
  inventionTitle: string | null;
  analyses: number;
  drafts: number;
  draftsCompleted: number;
  /** Credits used (micro): charges less refunds, positive. */
  creditsUsedMicro: bigint;
}

/** [from, until) instants. Rows ordered by client matter (unassigned last), then application number. */
export async function matterUsage(db: Db, accountId: string, range: { from: Date; until: Date }): Promise<MatterUsage[]> {
  const analyses = await db
    .selectFrom('analyses')
    .select(['application_number', (eb) => eb.fn.countAll<string>().as('n')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.until)
    .groupBy('application_number')
    .execute();
  const drafts = await db
    .selectFrom('draft_jobs')
    .select(['application_number', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`count(*) filter (where status = 'complete')`.as('complete')])
    .where('account_id', '=', accountId)
    .where('application_number', 'is not', null)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.until)
    .groupBy('application_number')
    .execute();
  // Ledger lines in the range whose reference is one of the account's analyses or draft jobs.
  const credits = await db
    .selectFrom('credit_ledger as l')
    .leftJoin('analyses as an', (j) => j.onRef('an.id', '=', 'l.reference').onRef('an.account_id', '=', 'l.account_id'))
    .leftJoin('draft_jobs as dj', (j) => j.onRef('dj.id', '=', 'l.reference').onRef('dj.account_id', '=', 'l.account_id'))
    .select([
      (eb) => eb.fn.coalesce('an.application_number', 'dj.application_number').as('application_number'),
      (eb) => eb.fn.sum<string>('l.amount_micro').as('total'),
    ])
    .where('l.account_id', '=', accountId)
    .where('l.created_at', '>=', range.from)
    .where('l.created_at', '<', range.until)
    .where((eb) => eb.or([eb('an.id', 'is not', null), eb('dj.id', 'is not', null)]))
    .groupBy((eb) => eb.fn.coalesce('an.application_number', 'dj.application_number'))
    .execute();

  const byNumber = new Map<string, MatterUsage>();
  const row = (n: string): MatterUsage => {
    let r = byNumber.get(n);
    if (!r)
      byNumber.set(
        n,
        (r = { applicationNumber: n, clientMatter: null, inventionTitle: null, analyses: 0, drafts: 0, draftsCompleted: 0, creditsUsedMicro: 0n }),
      );
    return r;
  };
  for (const a of analyses) row(a.application_number).analyses = Number(a.n);
  for (const d of drafts) {
    const r = row(d.application_number!);
    r.drafts = Number(d.n);
    r.draftsCompleted = Number(d.complete);
  }
  for (const c of credits) if (c.application_number) row(c.application_number).creditsUsedMicro = -BigInt(c.total ?? '0');
  if (byNumber.size) {
    const entries = await db
      .selectFrom('docket_entries as d')
      .innerJoin('applications as a', 'a.id', 'd.application_id')
      .select(['a.application_number', 'a.invention_title', 'd.client_matter'])
      .where('d.account_id', '=', accountId)
      .where('a.application_number', 'in', [...byNumber.keys()])
      .execute();
    for (const e of entries) {
      const r = byNumber.get(e.application_number)!;
      r.clientMatter = e.client_matter;
      r.inventionTitle = e.invention_title;
    }
  }
  return [...byNumber.values()].sort((a, b) =>
    a.clientMatter === b.clientMatter
      ? a.applicationNumber.localeCompare(b.applicationNumber)
      : a.clientMatter === null
        ? 1
        : b.clientMatter === null
          ? -1
          : a.clientMatter.localeCompare(b.clientMatter),
  );
}
