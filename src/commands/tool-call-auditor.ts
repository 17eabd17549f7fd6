import type { Db } from '../db/connect.ts';
import type { Actor } from './actor.ts';
import { writeAuditBatch } from './audit.ts';

export interface ToolCallAuditProps {
  accountId: string;
  /** The OAuth client the user consented to (the assistant), and its registered name. */
  clientId: string | null;
  clientName: string | null;
  grantId: string | null;
  tool: string;
  /** Already redacted by the MCP server (long strings cut, office-action text replaced by its length). */
  argumentsSummary: Record<string, unknown>;
  /** ok, or the error_code the tool call ended with. */
  outcome: string;
  durationMs: number;
  /** The MCP server's request id of the call (to match log lines). */
  requestId: string;
}

/**
 * MCP tool calls in the account's audit log (action mcp.tool_call), as the MCP server reports
 * them (one or a batch), all rows in one statement (so all or none). Returns the new rows' ids in
 * order.
 */
export async function toolCallAuditor(db: Db, accountId: string, calls: readonly ToolCallAuditProps[]): Promise<string[]> {
  const ids = await writeAuditBatch(
    db,
    calls.map((props) => ({
      actor: { accountId, via: 'bearer', requestId: props.requestId } satisfies Actor,
      event: {
        accountId: props.accountId,
        action: 'mcp.tool_call',
        targetType: 'mcp_tool',
        targetId: props.tool,
        details: {
          tool: props.tool,
          outcome: props.outcome,
          duration_ms: props.durationMs,
          arguments_summary: props.argumentsSummary,
          client_id: props.clientId,
          client_name: props.clientName,
          grant_id: props.grantId,
        },
      },
    })),
  );
  return ids.map(String);
}
