import type { AnyTool } from '../tool.ts';
import { ACCOUNT_TOOLS } from './account.ts';
import { FORM_TOOLS } from './forms.ts';
import { WORKFLOW_TOOLS } from './workflows.ts';
import { DOCKET_TOOLS } from './docket.ts';
import { FILE_TOOLS } from './file.ts';
import { DEADLINE_TOOLS, FEE_TOOLS } from './deadlines.ts';
import { EXAMINER_TOOLS } from './examiner.ts';
import { ANALYSIS_TOOLS } from './analysis.ts';
import { RESPONSE_TOOLS } from './response.ts';

/**
 * Every tool the MCP server lists, in a fixed order (2026-07-28: servers SHOULD list tools in a
 * deterministic order). docs/mcp-tools.md is generated from this list.
 */
export const TOOLS: readonly AnyTool[] = [
  ...ACCOUNT_TOOLS,
  ...DOCKET_TOOLS,
  ...FILE_TOOLS,
  ...DEADLINE_TOOLS,
  ...ANALYSIS_TOOLS,
  ...RESPONSE_TOOLS,
  ...EXAMINER_TOOLS,
  ...FORM_TOOLS,
  ...FEE_TOOLS,
  ...WORKFLOW_TOOLS,
];

const names = new Set<string>();
for (const t of TOOLS) {
  if (names.has(t.name)) throw new Error(`duplicate MCP tool name ${t.name}`);
  names.add(t.name);
}
