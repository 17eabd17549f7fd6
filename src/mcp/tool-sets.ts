import type { AnyTool, ToolGroup } from './tool.ts';
import { TOOLS } from './tools/index.ts';

/**
 * Which tools tools/list shows, and how results are shaped, for one request (issue 20, "context
 * budget"; docs/decisions/oauth-and-mcp.md "Context budget"). Every tool can always be called by its name;
 * what varies is only what an assistant is shown up front.
 *
 * - By default tools/list shows the core (the docket, deadlines, analysis, the claim chart and the
 *   response workflow: what a practitioner asks an assistant for in most conversations) plus the
 *   discovery pair find_tools / call_tool, through which every other tool is reached. The core
 *   costs at most 8,000 tokens (o200k_base; test/mcp/context-budget.test.ts, bench/mcp-context.ts).
 * - The connector URL can ask for more: `{mcp_url}/mcp?tools=all`, or `?tools=forms,examiner`
 *   (the core plus those groups). The URL is the server's address as the user configured it, so
 *   the set does not vary per connection or as a side effect of another request (MCP 2026-07-28
 *   "Tools": the set MUST NOT), and it works in both eras without state.
 * - `?output_schemas=1` adds every listed tool's outputSchema (off by default: they cost more
 *   tokens than the rest of the listing; results still carry structuredContent and are still
 *   parsed against the schema on the server).
 * - `?results=structured` (or `full`): see resultsMode in tool-runner.ts.
 * Unknown values are ignored: a typo in a connector URL must not break the connection.
 */

export const CORE_TOOL_NAMES: readonly string[] = [
  // The docket and its deadlines.
  'list_docket',
  'lookup_application',
  'add_to_docket',
  'get_deadlines',
  'docket_briefing',
  // A new action: triage, the analysis, the claim chart.
  'triage_office_action',
  'analyze_office_action',
  'list_analyses',
  'get_analysis',
  'get_claim_analysis',
  'explain_rejection',
  'get_claim_chart',
  // The response workflow.
  'prepare_response_package',
  'start_response',
  'get_response_plan',
  'set_claim_strategy',
  'set_claim_text',
  'add_argument',
  'set_election',
  'check_response_completeness',
  'preview_response',
  'submit_response',
  'get_draft_status',
  'get_download_link',
  // Money: before anything billed.
  'check_credits',
  'quote_cost',
];

/** The groups a connector URL may name (the docs' groups, plus `core` and `all`). */
const TOOL_GROUPS: readonly ToolGroup[] = ['account', 'docket', 'file', 'deadlines', 'analysis', 'examiner', 'response', 'forms', 'workflows'];

export type ResultsMode = 'full' | 'structured';

export interface ServeOptions {
  /** Names of the product tools tools/list shows (in registry order). */
  listed: ReadonlySet<string>;
  /** Whether tools/list carries output schemas. */
  outputSchemas: boolean;
  /** Chosen by the connector URL; undefined: by the client (tool-runner.ts). */
  results: ResultsMode | undefined;
}

const CORE = new Set(CORE_TOOL_NAMES);
const ALL = new Set(TOOLS.map((t) => t.name));

const DEFAULT_SERVE_OPTIONS: ServeOptions = { listed: CORE, outputSchemas: false, results: undefined };

const yes = (v: string | null) => v !== null && /^(1|true|on|yes)$/i.test(v.trim());

/** The serve options a request's URL asks for (query parameters of the connector URL). */
export function serveOptionsFrom(url: string | undefined): ServeOptions {
  if (!url) return DEFAULT_SERVE_OPTIONS;
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return DEFAULT_SERVE_OPTIONS;
  }
  if (params.size === 0) return DEFAULT_SERVE_OPTIONS;
  let listed: ReadonlySet<string> = CORE;
  const tools = params.get('tools');
  if (tools !== null) {
    const asked = new Set(
      tools
        .split(',')
        .map((g) => g.trim().toLowerCase())
        .filter(Boolean),
    );
    if (asked.has('all')) listed = ALL;
    else {
      const groups = TOOL_GROUPS.filter((g) => asked.has(g));
      listed = new Set(TOOLS.filter((t) => CORE.has(t.name) || groups.includes(t.group)).map((t) => t.name));
    }
  }
  const results = params.get('results')?.trim().toLowerCase();
  return {
    listed,
    outputSchemas: yes(params.get('output_schemas')),
    results: results === 'structured' || results === 'full' ? results : undefined,
  };
}

/** Product tools in registry order, filtered to a set of names. */
export function toolsNamed(names: ReadonlySet<string>): AnyTool[] {
  return TOOLS.filter((t) => names.has(t.name));
}
