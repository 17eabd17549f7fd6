import type { Db } from '../db/connect.ts';
import { toolCallAuditor, type ToolCallAuditProps } from '../commands/tool-call-auditor.ts';
import { liveGrant, type GrantCache } from '../auth/grant-cache.ts';
import type { AuditCaller, DirectAuditWriter, ToolCallRecord } from './audit-reporter.ts';

/**
 * One process (`prosa serve`): the audit rows of MCP tool calls written to the process's own
 * database, as `POST /api/audit/tool-calls` writes them for the exchanged token (the same
 * command, the same account, client name and grant), without that request. The grant behind
 * the calls is checked once per report through the grant cache, as the route's bearer check does
 * (src/auth/grant-cache.ts): a report of a grant revoked meanwhile is refused, like the route's 401. The records are the runner's own (tool
 * names, error codes, request ids, summaries kept under the route's size limit by auditSummary),
 * so the route's body validation has nothing to catch here.
 */
export function databaseAuditWriter(db: Db, grants: GrantCache): DirectAuditWriter {
  return async (caller, records) => {
    if (!caller.grantId) throw new Error('the caller has no grant');
    const grant = await liveGrant(db, grants, caller.grantId, caller.sub, caller.clientId);
    if (!grant) throw new Error('the grant behind the tool calls was revoked before their audit rows were written');
    const calls = records.map((r) => props(caller, grant.accountId, grant.clientName, r));
    try {
      await toolCallAuditor(db, grant.accountId, calls);
    } catch (err) {
      if (calls.length === 1) throw err;
      // One record the database refuses must not cost the others their row: each on its own.
      const failed = (await Promise.allSettled(calls.map((c) => toolCallAuditor(db, grant.accountId, [c])))).filter((r) => r.status === 'rejected');
      if (failed.length > 0) throw failed[0].reason;
    }
  };
}

function props(caller: AuditCaller, accountId: string, clientName: string | null, r: ToolCallRecord): ToolCallAuditProps {
  return {
    accountId,
    clientId: caller.clientId,
    clientName,
    grantId: caller.grantId,
    tool: r.tool,
    argumentsSummary: r.arguments_summary as Record<string, unknown>,
    outcome: r.outcome,
    durationMs: r.duration_ms,
    requestId: r.request_id,
  };
}
