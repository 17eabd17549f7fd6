/**
 * One pass of the USPTO watch (issue 21; docs/uspto-watch.md). For each docketed public
 * application, least recently checked first: read its documents list from the Open Data Portal,
 * and for every outgoing paper the watch has not handled yet (office actions, notices,
 * requirements: sources/uspto-codes.ts watchedPaperKind) judge it (domain/watch/new-paper.ts):
 * a paper that can still be answered is fetched (the best of XML, DOCX, PDF), read by the
 * extraction service within the office-action budget, and recorded with its deadlines, a docket
 * event per account and an audit row (watch-paper-recorder.ts, one transaction); an older one is
 * recorded quietly. Then the analyses the accounts opted into are run, billed as any analysis.
 *
 * Politeness: the client runs one request at a time with a least interval between requests and
 * honours Retry-After on 429 (sources/odp/odp-client.ts). When the ODP still answers 429 after
 * the client's attempts, the pass stops and leaves the rest to the next pass, which starts with
 * the applications not checked (they are ordered by last check). A rejected key stops the pass;
 * an application whose list cannot be had is backed off (1 h, doubling, at most a day).
 *
 * Idempotency: a paper is handled once per application and document identifier (watch_papers);
 * nothing is written before the paper's transaction, so a pass that dies between the fetch and
 * the commit leaves nothing, and the next pass does the work again and records the paper once.
 */
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../errors.ts';
import { addDays } from '../../domain/deadlines/calendar.ts';
import { judgeNewPaper } from '../../domain/watch/new-paper.ts';
import { extractDocument } from '../../extraction/extract.ts';
import { examinerStatsFor } from '../../analysis/examiner-intel.ts';
import type { LlmProvider } from '../../analysis/llm/index.ts';
import type { InterfaceActionType } from '../../sources/uspto-codes.ts';
import { watchedPaperKind } from '../../sources/uspto-codes.ts';
import { OdpRejectedError, OdpUnavailableError, type OdpClient } from '../../sources/odp/odp-client.ts';
import { fetchPaper } from '../../sources/odp/file-documents.ts';
import { readWatchedPapers, type WatchedPaper } from '../../sources/odp/watched-papers.ts';
import {
  lastWatchRun,
  pendingWatchAnalyses,
  watchedApplicationsDue,
  watchedIdentifiers,
  type WatchedApplication,
  type WatchRunRow,
} from '../../queries/watch.ts';
import { SYSTEM_ACTOR } from '../actor.ts';
import { analysisCreator } from '../analysis-creator.ts';
import { watchPaperRecorder } from './watch-paper-recorder.ts';
import type { WatchPassPaper } from '../../presenters/watch.ts';

export type { WatchPassPaper };

/** The list is asked from this many days before the newest official date seen (papers are listed late). */
const CURSOR_OVERLAP_DAYS = 60;
/** Applications in a row whose list could not be had (5xx, timeouts) before the pass gives up. */
const MAX_CONSECUTIVE_UNAVAILABLE = 5;
const BACKOFF_BASE_MS = 3_600_000;
const BACKOFF_MAX_MS = 24 * 3_600_000;

export interface WatchPassDeps {
  db: Db;
  /** A client for the watch (paced, counting its requests: watch-client.ts). */
  client: OdpClient;
  /** HTTP requests the client has sent so far. */
  requests: () => number;
  llm?: LlmProvider | null;
  log?: (obj: object, msg: string) => void;
}

export interface WatchPassOptions {
  /** The day deadlines and "still answerable" are judged on (YYYY-MM-DD). */
  today: string;
  trigger: 'schedule' | 'cli';
  now?: () => Date;
}

export interface WatchPassResult {
  run: WatchRunRow;
  papers: WatchPassPaper[];
}

/** Runs one pass; never throws for what the ODP answers (the run row says how it ended). */
export async function runWatchPass(deps: WatchPassDeps, opts: WatchPassOptions): Promise<WatchPassResult> {
  const { db } = deps;
  const now = opts.now ?? (() => new Date());
  const startRequests = deps.requests();
  const run = await db.insertInto('watch_runs').values({ trigger: opts.trigger, run_date: opts.today }).returning('id').executeTakeFirstOrThrow();
  const figures = { applications_due: 0, applications_checked: 0, papers_recorded: 0, papers_announced: 0, events_written: 0, analyses_created: 0 };
  const papers: WatchPassPaper[] = [];
  let stopped: string | null = null;
  let error: string | null = null;
  const save = (final: boolean) =>
    db
      .updateTable('watch_runs')
      .set({ ...figures, requests_made: deps.requests() - startRequests, stopped_reason: stopped, error, ...(final ? { finished_at: now() } : {}) })
      .where('id', '=', run.id)
      .execute();
  try {
    const due = await watchedApplicationsDue(db, now());
    figures.applications_due = due.length;
    await save(false);
    let unavailableInARow = 0;
    for (const app of due) {
      try {
        const found = await checkApplication(deps, app, opts.today, papers);
        figures.applications_checked += 1;
        unavailableInARow = 0;
        await db
          .insertInto('watch_state')
          .values({
            application_id: app.id,
            last_checked_at: now(),
            last_status: found.status,
            last_error: null,
            failures: 0,
            next_check_after: null,
            cursor_date: found.newestDate,
          })
          .onConflict((oc) =>
            oc.column('application_id').doUpdateSet((eb) => ({
              last_checked_at: eb.ref('excluded.last_checked_at'),
              last_status: eb.ref('excluded.last_status'),
              last_error: null,
              failures: 0,
              next_check_after: null,
              cursor_date: eb.fn.coalesce('excluded.cursor_date', 'watch_state.cursor_date'),
            })),
          )
          .execute();
      } catch (err) {
        if (err instanceof OdpRejectedError) {
          stopped = 'key_rejected';
          error = 'The USPTO Open Data Portal rejected the API key (PROSA_USPTO_API_KEY).';
          break;
        }
        if (err instanceof OdpUnavailableError && err.status === 429) {
          // Left unchecked, so first in line for the next pass.
          stopped = 'rate_limited';
          error = 'The USPTO Open Data Portal kept answering 429 (rate limit); the next pass continues with the applications not checked.';
          break;
        }
        const message =
          err instanceof OdpUnavailableError
            ? err.message
            : `${err instanceof Error ? err.name : 'Error'}: ${err instanceof Error ? err.message : String(err)}`;
        deps.log?.({ application: app.application_number, err }, 'watch: application not checked');
        const failures = app.failures + 1;
        const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
        await db
          .insertInto('watch_state')
          .values({
            application_id: app.id,
            last_checked_at: now(),
            last_status: 'error',
            last_error: message.slice(0, 500),
            failures,
            next_check_after: new Date(now().getTime() + wait),
          })
          .onConflict((oc) =>
            oc.column('application_id').doUpdateSet((eb) => ({
              last_checked_at: eb.ref('excluded.last_checked_at'),
              last_status: 'error',
              last_error: eb.ref('excluded.last_error'),
              failures: eb.ref('excluded.failures'),
              next_check_after: eb.ref('excluded.next_check_after'),
            })),
          )
          .execute();
        if (err instanceof OdpUnavailableError && ++unavailableInARow >= MAX_CONSECUTIVE_UNAVAILABLE) {
          stopped = 'unavailable';
          error = `The USPTO Open Data Portal did not answer for ${MAX_CONSECUTIVE_UNAVAILABLE} applications in a row; the next pass continues.`;
          break;
        }
      }
      if (figures.applications_checked % 500 === 0) await save(false);
    }
    for (const p of papers) {
      if (p.announced) figures.papers_announced += 1;
      figures.events_written += p.accounts_notified;
    }
    figures.papers_recorded = papers.length;
    figures.analyses_created = await runPendingAnalyses(deps, now());
  } catch (err) {
    stopped = 'error';
    error = err instanceof Error ? err.message.slice(0, 500) : String(err);
    figures.papers_recorded = papers.length;
    await save(true).catch(() => undefined);
    throw err;
  }
  await save(true);
  return { run: (await lastRunById(db, run.id))!, papers };
}

async function lastRunById(db: Db, id: bigint): Promise<WatchRunRow | null> {
  return (await db.selectFrom('watch_runs').selectAll().where('id', '=', id).executeTakeFirst()) ?? (await lastWatchRun(db));
}

/** Reads one application's list and records its new papers; throws what the client throws. */
async function checkApplication(
  deps: WatchPassDeps,
  app: WatchedApplication,
  today: string,
  out: WatchPassPaper[],
): Promise<{ status: 'ok' | 'not_found'; newestDate: string | null }> {
  const list = await deps.client.getDocuments(
    app.application_number,
    app.cursor_date ? { officialDateFrom: addDays(app.cursor_date, -CURSOR_OVERLAP_DAYS) } : undefined,
  );
  if (list === null) return { status: 'not_found', newestDate: null };
  const { papers, newestDate } = readWatchedPapers(list);
  if (papers.length === 0) return { status: 'ok', newestDate };
  const seen = await watchedIdentifiers(deps.db, app.id);
  for (const paper of papers) {
    if (seen.has(paper.documentIdentifier)) continue;
    const verdict = judgeNewPaper(paper.kind, paper.mailingDate, today);
    const text = verdict.announce ? await paperText(deps.client, paper) : { text: null, status: 'none' as const, note: null };
    const recorded = await watchPaperRecorder(deps.db, {
      applicationId: app.id,
      applicationNumber: app.application_number,
      documentIdentifier: paper.documentIdentifier,
      documentCode: paper.documentCode,
      description: paper.description,
      mailingDate: paper.mailingDate,
      announce: verdict.announce,
      deadlines: verdict.deadlines,
      text: text.text,
      textStatus: text.status,
      textNote: text.note,
    });
    if (!recorded) continue;
    out.push({
      application_number: app.application_number,
      document_code: paper.documentCode,
      document_identifier: paper.documentIdentifier,
      mailing_date: paper.mailingDate,
      correspondence_id: recorded.correspondenceId,
      announced: verdict.announce,
      text: text.status,
      deadlines: verdict.deadlines,
      accounts_notified: recorded.accounts.length,
    });
  }
  return { status: 'ok', newestDate };
}

/** The paper's text, read within the office-action budget; a file that cannot be had or read is noted, not fatal. */
async function paperText(client: OdpClient, paper: WatchedPaper): Promise<{ text: string | null; status: 'held' | 'skipped'; note: string | null }> {
  if (paper.downloads.length === 0) return { text: null, status: 'skipped', note: 'the USPTO offers no file for it' };
  const fetched = await fetchPaper(client, paper);
  if ('skipped' in fetched) {
    const note =
      fetched.skipped === 'too_large'
        ? 'the file is larger than Prosa downloads'
        : fetched.skipped === 'refused'
          ? "its address is outside the USPTO's download paths"
          : 'the USPTO has no file for it';
    return { text: null, status: 'skipped', note };
  }
  try {
    const extracted = await extractDocument(
      { filename: fetched.file.filename, mimetype: fetched.file.mimetype, bytes: fetched.file.bytes },
      { purpose: 'office_action' },
    );
    const text = extracted.text.trim();
    return text ? { text, status: 'held', note: null } : { text: null, status: 'skipped', note: 'the file holds no text (a scanned paper)' };
  } catch (err) {
    if (err instanceof AppError) return { text: null, status: 'skipped', note: err.message.slice(0, 300) };
    throw err;
  }
}

const INTERFACE_TYPE_BY_KIND: Partial<Record<string, InterfaceActionType>> = {
  non_final: 'CTNF',
  final: 'CTFR',
  restriction: 'CTED',
  requirement_for_information: 'CTRS',
};

/** The analyses accounts opted into (watch_analyze), billed and capped as any analysis; returns how many were created. */
async function runPendingAnalyses(deps: WatchPassDeps, now: Date): Promise<number> {
  let created = 0;
  for (const p of await pendingWatchAnalyses(deps.db, now)) {
    const type = INTERFACE_TYPE_BY_KIND[watchedPaperKind(p.document_code, p.description, 'OUTGOING') ?? ''];
    if (!type) continue; // a notice or an advisory action is not an analysable office action
    try {
      const { replayed } = await analysisCreator(
        deps.db,
        { ...SYSTEM_ACTOR, accountId: p.account_id },
        {
          accountId: p.account_id,
          text: p.text,
          officeActionType: type,
          includeExaminerIntel: true,
          applicationNumber: p.application_number,
          idempotencyKey: `watch:${p.correspondence_id}`,
          examinerStats: (name, accountId) => examinerStatsFor(deps.db, name, accountId),
          llm: deps.llm ?? null,
        },
      );
      if (!replayed) created += 1;
    } catch (err) {
      // The spending cap reached, a text the analyzer refuses: the account's other papers go on.
      if (!(err instanceof AppError)) throw err;
      deps.log?.({ account: p.account_id, correspondence: p.correspondence_id, code: err.code }, 'watch: analysis not created');
    }
  }
  return created;
}
