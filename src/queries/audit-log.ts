import { sql, type Selectable } from 'kysely';
import { formatApplicationNumber } from '../domain/application-number.ts';
import { PERSON_ACTORS } from '../domain/audit-source.ts';
import type { Db } from '../db/connect.ts';
import type { AuditLogTable } from '../db/schema.ts';

export type AuditRow = Selectable<AuditLogTable> & {
  /** The application the entry is about (8 digits), found from its target; null when none. */
  application_number?: string | null;
};

export interface AuditFilter {
  limit: number;
  /** Keyset cursor: rows older than this id. */
  before?: bigint;
  /** Keep rows whose actor is one of these (audit_log.actor). */
  actors?: readonly string[];
  /** Keep rows whose action starts with this (docket., mcp.tool_call). */
  actionPrefix?: string;
  /** Keep rows written at or after this instant. */
  from?: Date;
  /** Keep rows written before this instant. */
  until?: Date;
  /**
   * Keep rows about this application (8 digits): rows whose details name it, and rows about the
   * account's docket entry of it, or about its analyses, draft jobs or papers.
   */
  applicationNumber?: string;
  /**
   * Keep rows this member wrote. The founding owner (member id = account id) also owns the rows a
   * person wrote with no member_id (before firms), as the presenter names them (auditMemberId).
   */
  memberId?: string;
}

export interface AuditPage {
  entries: AuditRow[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** The account's audit log, newest first (ids only grow: the log is append-only). */
export async function listAuditLog(db: Db, accountId: string, filter: AuditFilter): Promise<AuditPage> {
  let q = db.selectFrom('audit_log').selectAll().where('account_id', '=', accountId);
  if (filter.before !== undefined) q = q.where('id', '<', filter.before);
  if (filter.actors) q = q.where('actor', 'in', [...filter.actors]);
  if (filter.actionPrefix) q = q.where('action', 'like', `${escapeLike(filter.actionPrefix)}%`);
  if (filter.from) q = q.where('created_at', '>=', filter.from);
  if (filter.until) q = q.where('created_at', '<', filter.until);
  const memberId = filter.memberId;
  if (memberId !== undefined) {
    q =
      memberId === accountId
        ? q.where((eb) => eb.or([eb('member_id', '=', memberId), eb.and([eb('member_id', 'is', null), eb('actor', 'in', [...PERSON_ACTORS])])]))
        : q.where('member_id', '=', memberId);
  }
  const number = filter.applicationNumber;
  if (number) {
    const applicationIds = db.selectFrom('applications').select('id').where('application_number', '=', number);
    const entryIds = db.selectFrom('docket_entries').select('id').where('account_id', '=', accountId).where('application_id', 'in', applicationIds);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`details->>'application_number'`, 'in', [number, formatApplicationNumber(number)]),
        eb.and([eb('target_type', '=', 'docket_entry'), eb('target_id', 'in', entryIds)]),
        eb(sql<string>`details->>'docket_entry_id'`, 'in', entryIds),
        eb.and([
          eb('target_type', '=', 'analysis'),
          eb('target_id', 'in', db.selectFrom('analyses').select('id').where('account_id', '=', accountId).where('application_number', '=', number)),
        ]),
        eb.and([
          eb('target_type', '=', 'draft_job'),
          eb('target_id', 'in', db.selectFrom('draft_jobs').select('id').where('account_id', '=', accountId).where('application_number', '=', number)),
        ]),
        eb.and([
          eb('target_type', '=', 'correspondence'),
          eb('target_id', 'in', db.selectFrom('correspondence').select('id').where('application_id', 'in', applicationIds)),
        ]),
        // Credits charged or refunded for an analysis or draft job of the application.
        eb.and([
          eb('target_type', '=', 'credit_ledger'),
          eb(
            sql<string>`details->>'reference'`,
            'in',
            db
              .selectFrom('analyses')
              .select('id')
              .where('account_id', '=', accountId)
              .where('application_number', '=', number)
              .union(db.selectFrom('draft_jobs').select('id').where('account_id', '=', accountId).where('application_number', '=', number)),
          ),
        ]),
      ]),
    );
  }
  const rows = await q
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const entries = await withApplicationNumbers(db, accountId, rows.slice(0, filter.limit));
  return { entries, nextCursor: rows.length > filter.limit ? entries[entries.length - 1].id.toString() : null };
}

/** LIKE's wildcards and escape character taken literally (default escape character: backslash). */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Names the application each entry is about, so the log can say "Draft response requested for
 * 17/200,011" rather than a job id: from the entry's details when it recorded the number, else
 * from its target (a docket entry, draft job, analysis, response plan, recorded paper, or the
 * draft job or analysis a credit charge or refund references). One query per target type on the page.
 */
async function withApplicationNumbers(db: Db, accountId: string, rows: AuditRow[]): Promise<AuditRow[]> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.target_type === type && r.target_id).map((r) => r.target_id as string))];
  const refs = rows.map((r) => reference(r)).filter((x): x is string => x !== null);
  const jobRefs = [...new Set([...ids('draft_job'), ...refs])];
  const found = new Map<string, string>();
  const put = (type: string, list: { id: string; n: string | null }[]) => {
    for (const x of list) if (x.n) found.set(`${type}:${x.id}`, x.n);
  };
  const docket = ids('docket_entry');
  if (docket.length)
    put(
      'docket_entry',
      await db
        .selectFrom('docket_entries as d')
        .innerJoin('applications as a', 'a.id', 'd.application_id')
        .select(['d.id as id', 'a.application_number as n'])
        .where('d.account_id', '=', accountId)
        .where('d.id', 'in', docket)
        .execute(),
    );
  if (jobRefs.length)
    put(
      'draft_job',
      await db.selectFrom('draft_jobs').select(['id', 'application_number as n']).where('account_id', '=', accountId).where('id', 'in', jobRefs).execute(),
    );
  const analyses = [...new Set([...ids('analysis'), ...refs])];
  if (analyses.length)
    put(
      'analysis',
      await db.selectFrom('analyses').select(['id', 'application_number as n']).where('account_id', '=', accountId).where('id', 'in', analyses).execute(),
    );
  const plans = ids('response_plan');
  if (plans.length)
    put(
      'response_plan',
      await db.selectFrom('response_plans').select(['id', 'application_number as n']).where('account_id', '=', accountId).where('id', 'in', plans).execute(),
    );
  const papers = ids('correspondence');
  if (papers.length)
    put(
      'correspondence',
      await db
        .selectFrom('correspondence as c')
        .innerJoin('applications as a', 'a.id', 'c.application_id')
        .select(['c.id as id', 'a.application_number as n'])
        .where('c.id', 'in', papers)
        .execute(),
    );
  return rows.map((r) => {
    const d = (r.details ?? {}) as Record<string, unknown>;
    const own = typeof d.application_number === 'string' && /^\d{8}$/.test(d.application_number) ? d.application_number : null;
    const ref = reference(r);
    const n =
      own ??
      (r.target_id ? found.get(`${r.target_type}:${r.target_id}`) : undefined) ??
      (ref ? (found.get(`draft_job:${ref}`) ?? found.get(`analysis:${ref}`)) : undefined) ??
      null;
    return { ...r, application_number: n };
  });
}

/** The draft job or analysis a credit charge or refund names (details.reference), if any. */
function reference(r: AuditRow): string | null {
  const d = (r.details ?? {}) as Record<string, unknown>;
  return r.target_type === 'credit_ledger' && typeof d.reference === 'string' && d.reference.length <= 64 ? d.reference : null;
}
