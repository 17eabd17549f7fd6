import type { Db } from '../db/connect.ts';
import { AppError, notFound, validationError } from '../errors.ts';
import { CLI_ACTOR, type Actor } from '../commands/actor.ts';
import { accountCreator, normalizeEmail } from '../commands/account-creator.ts';
import { apiKeyCreator } from '../commands/api-key-creator.ts';
import { apiKeyRevoker } from '../commands/api-key-revoker.ts';
import { creditGranter } from '../commands/credit-granter.ts';
import { passwordResetter } from '../commands/password-resetter.ts';
import { findFirmMemberByEmail, findLiveMemberByEmail } from '../queries/members.ts';
import { listApiKeys } from '../queries/api-keys.ts';
import { getBalanceMicro } from '../queries/credits.ts';
import { presentAccount, presentApiKey, presentBalance } from '../presenters/account.ts';
import { parseCredits, formatCredits } from '../domain/money.ts';
import { randomBase62 } from '../auth/secrets.ts';
import { runImport } from './import-runner.ts';
import { refreshExaminerStats } from '../sources/examiner-stats/refresh.ts';
import { examinerStatsFor } from '../analysis/examiner-intel.ts';
import { listAuditLog } from '../queries/audit-log.ts';
import { presentAuditEntry } from '../presenters/audit-log.ts';
import { AUDIT_SOURCES, actorsOfSource, type AuditSource } from '../domain/audit-source.ts';
import { lastWatchRun } from '../queries/watch.ts';
import { presentWatchRun } from '../presenters/watch.ts';
import { DocketCsvError, parseDocketCsv } from '../domain/docket-import.ts';
import { docketImportPreviewer } from '../commands/docket-import-previewer.ts';
import { docketImportCommitter } from '../commands/docket-import-committer.ts';
import { docketExportItems } from '../queries/docket-export.ts';
import { docketExportCsv, presentImportCommit, presentImportPreview } from '../presenters/docket-import.ts';
import { todayUtc } from '../clock.ts';

/**
 * Operator operations. The CLI runs them in-process, or, when a server holds the embedded
 * data directory, sends them through the server's admin socket, where the same functions run.
 */
type Args = Record<string, unknown>;
type Op = (db: Db, args: Args) => Promise<unknown>;

function str(args: Args, name: string): string {
  const v = args[name];
  if (typeof v !== 'string' || v.length === 0) throw validationError(name, 'is required');
  return v;
}

/** The person with this address (a firm member) and their firm (migration 032). */
async function accountFor(db: Db, args: Args): Promise<{ id: string; memberId: string; actor: Actor }> {
  const email = str(args, 'email');
  const member = await findLiveMemberByEmail(db, normalizeEmail(email));
  if (!member) throw notFound(`Account ${email}`, 'account_not_found', 'Check the e-mail address, or create the account with `prosa accounts create`.');
  return { id: member.account_id, memberId: member.id, actor: { ...CLI_ACTOR, accountId: member.account_id } };
}

const ADMIN_OPS: Record<string, Op> = {
  async 'accounts.create'(db, args) {
    const generated = typeof args.password !== 'string' || args.password.length === 0;
    const password = generated ? `prosa-${randomBase62(16)}` : (args.password as string);
    const account = await accountCreator(db, CLI_ACTOR, { email: str(args, 'email'), password, displayName: (args.name as string | undefined) ?? null });
    // A new account's founding owner has no signing profile yet.
    return { account: presentAccount(account, null), ...(generated ? { password } : {}) };
  },
  async 'accounts.reset-password'(db, args) {
    const { id, memberId, actor } = await accountFor(db, args);
    const generated = typeof args.password !== 'string' || args.password.length === 0;
    const password = generated ? `prosa-${randomBase62(16)}` : (args.password as string);
    const { sessionsEnded } = await passwordResetter(db, actor, { accountId: id, memberId, password });
    return { email: str(args, 'email'), sessions_ended: sessionsEnded, ...(generated ? { password } : {}) };
  },
  async 'keys.create'(db, args) {
    const { id, memberId, actor } = await accountFor(db, args);
    const { row, key } = await apiKeyCreator(db, actor, { accountId: id, memberId, name: (args.name as string | undefined) ?? 'CLI key' });
    return { ...presentApiKey(row), key };
  },
  async 'keys.list'(db, args) {
    const { id } = await accountFor(db, args);
    return { keys: (await listApiKeys(db, id)).map(presentApiKey) };
  },
  async 'keys.revoke'(db, args) {
    const { id, actor } = await accountFor(db, args);
    return presentApiKey(await apiKeyRevoker(db, actor, { accountId: id, keyId: str(args, 'id') }));
  },
  async 'credits.grant'(db, args) {
    const { id, actor } = await accountFor(db, args);
    const amount = parseCredits(String(args.amount ?? ''));
    if (amount === null || amount <= 0n) throw validationError('amount', 'must be a positive number of credits, e.g. 100 or 12.50');
    const result = await creditGranter(db, actor, {
      accountId: id,
      amountMicro: amount,
      kind: 'grant',
      description: (args.reason as string | undefined) ?? 'Operator grant',
    });
    return { granted: formatCredits(amount), ...presentBalance(result.balanceAfterMicro) };
  },
  async 'watch.last-run'(db) {
    const run = await lastWatchRun(db);
    return { last_run: run ? presentWatchRun(run) : null };
  },
  async 'import.run'(db, args) {
    const paths = args.paths;
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) throw validationError('paths', 'must be a list of file paths');
    return runImport(db, str(args, 'format'), paths as string[]);
  },
  async 'examiner.stats'(db, args) {
    return { stats: await examinerStatsFor(db, str(args, 'name')) };
  },
  async 'stats.refresh'(db) {
    return refreshExaminerStats(db);
  },
  async 'audit.list'(db, args) {
    const { id } = await accountFor(db, args);
    const limit = args.limit === undefined ? 50 : Number(args.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw validationError('limit', 'must be a whole number from 1 to 1000');
    const source = args.source as string | undefined;
    if (source !== undefined && !(AUDIT_SOURCES as readonly string[]).includes(source))
      throw validationError('source', `must be one of ${AUDIT_SOURCES.join(', ')}`);
    let memberId: string | undefined;
    if (typeof args.member === 'string' && args.member) {
      const member = await findFirmMemberByEmail(db, id, normalizeEmail(args.member));
      if (!member) throw validationError('member', 'no member of this firm (live or removed) has this e-mail');
      memberId = member.id;
    }
    const page = await listAuditLog(db, id, {
      limit,
      actors: source ? actorsOfSource(source as AuditSource) : undefined,
      actionPrefix: (args.action as string | undefined) || undefined,
      memberId,
    });
    return { email: str(args, 'email'), entries: page.entries.map((e) => presentAuditEntry(e)), more: page.nextCursor !== null };
  },
  /** `prosa docket import FILE --email E [--commit]`: the file's text is read by the CLI and sent here. */
  async 'docket.import'(db, args) {
    const { id, actor } = await accountFor(db, args);
    let parsed: ReturnType<typeof parseDocketCsv>;
    try {
      parsed = parseDocketCsv(typeof args.text === 'string' ? args.text : '');
    } catch (err) {
      if (err instanceof DocketCsvError) throw new AppError(err.status, err.status === 413 ? 'payload_too_large' : 'invalid_csv', err.message, err.suggestion);
      throw err;
    }
    const preview = presentImportPreview(
      await docketImportPreviewer(db, {
        accountId: id,
        source: 'csv',
        label: (args.file_name as string | undefined) ?? null,
        content: String(args.text),
        columns: parsed.columns,
        rows: parsed.rows,
      }),
    );
    const commit =
      args.commit === true
        ? presentImportCommit(await docketImportCommitter(db, actor, { accountId: id, previewId: preview.preview_id, now: new Date() }))
        : null;
    // The rows not added, with their reasons; the added ones are counted.
    return {
      preview_id: preview.preview_id,
      columns: preview.columns,
      counts: preview.counts,
      not_added: preview.rows
        .filter((r) => r.status !== 'add')
        .map((r) => ({ line: r.line, application_number: r.application_number, status: r.status, reason: r.reason })),
      commit,
    };
  },
  async 'docket.export'(db, args) {
    const { id } = await accountFor(db, args);
    const today = todayUtc();
    return { csv: docketExportCsv(await docketExportItems(db, id, today), today) };
  },
  async 'credits.balance'(db, args) {
    const { id } = await accountFor(db, args);
    return presentBalance(await getBalanceMicro(db, id));
  },
};

export async function runAdminOp(db: Db, name: string, args: Args): Promise<unknown> {
  const op = ADMIN_OPS[name];
  if (!op) throw new AppError(400, 'unknown_operation', `Unknown operation ${name}.`, 'Run prosa --help for the list of commands.');
  return op(db, args);
}
