import { z } from 'zod';
import { defineTool, READ_ONLY, type AnyTool, type ToolGroup } from '../tool.ts';
import { TOOLS } from './index.ts';
import { publicJsonSchema } from '../json-schema-once.ts';

/**
 * The discovery pair (issue 20, context budget): tools/list shows the core tools by default
 * (tool-sets.ts); these two reach every other tool in any host, statelessly, in both protocol
 * eras. find_tools describes tools (the catalogue, or full descriptions and input schemas);
 * call_tool runs any Prosa tool by name, exactly as a direct call would (same validation, price,
 * errors and audit row, recorded under the tool's own name: tool-runner.ts).
 *
 * Why not `notifications/tools/list_changed` after an `enable_tools` call: MCP 2026-07-28 says the
 * tool set "MUST NOT vary per-connection or as a side effect of other requests", the server keeps
 * no state between requests (there is no session in either era), and the 2025-era stateless
 * transport has no stream to carry the notification (docs/decisions/oauth-and-mcp.md "Context budget").
 */

const FIND_TOOLS = 'find_tools';
export const CALL_TOOL = 'call_tool';

const GROUP_NAMES: Record<Exclude<ToolGroup, 'discovery'>, string> = {
  account: 'account, usage, prices, quotes, audit log',
  docket: 'docket, application records, history, papers, claims',
  file: 'application file, claim chart, support search',
  deadlines: 'deadlines, extensions, calendar feed, fees',
  analysis: 'office-action analysis',
  examiner: 'examiner and art-unit statistics',
  response: 'response wizard',
  forms: 'IDS and patent-office forms (billed DOCX)',
  workflows: 'one-call workflows',
};

const BY_NAME = new Map<string, AnyTool>(TOOLS.map((t) => [t.name, t]));

/** A product tool by name (call_tool's target); never one of the discovery pair. */
export function productTool(name: string): AnyTool | undefined {
  return BY_NAME.get(name);
}

const described = z.object({
  name: z.string(),
  title: z.string(),
  group: z.string(),
  price: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
});

const findTools = defineTool({
  name: FIND_TOOLS,
  title: 'Find Prosa tools',
  description:
    'Lists every Prosa tool by group, including the ones not shown to you (forms, examiner statistics, history, fees, calendar, audit...). ' +
    'Pass names (or a group) to get their descriptions and input schemas, then run one with call_tool. Free.',
  group: 'discovery',
  price: 'free',
  input: z.object({
    names: z.array(z.string().max(64)).max(20).optional().describe('Tools to describe in full'),
    group: z
      .enum(Object.keys(GROUP_NAMES) as [string, ...string[]])
      .optional()
      .describe('Describe every tool of this group'),
  }),
  output: z.object({
    groups: z.array(z.object({ group: z.string(), about: z.string(), tools: z.array(z.string()) })),
    tools: z.array(described),
    unknown: z.array(z.string()),
  }),
  annotations: READ_ONLY,
  async run(args) {
    const groups = (Object.keys(GROUP_NAMES) as (keyof typeof GROUP_NAMES)[]).map((g) => ({
      group: g,
      about: GROUP_NAMES[g],
      tools: TOOLS.filter((t) => t.group === g).map((t) => t.name),
    }));
    const wanted = [...(args.names ?? []), ...(args.group ? TOOLS.filter((t) => t.group === args.group).map((t) => t.name) : [])];
    const unknown = wanted.filter((n) => !BY_NAME.has(n));
    const tools = [...new Set(wanted)].flatMap((n) => {
      const t = BY_NAME.get(n);
      return t
        ? [{ name: t.name, title: t.title, group: t.group, price: t.price, description: t.description, input_schema: publicJsonSchema(t.input, 'input') }]
        : [];
    });
    const summary = tools.length
      ? `${tools.length} tool(s) described: ${tools.map((t) => t.name).join(', ')}. Run one with call_tool {name, arguments}.${unknown.length ? ` Unknown: ${unknown.join(', ')}.` : ''}`
      : `${TOOLS.length} tools in ${groups.length} groups: ${groups.map((g) => `${g.group} (${g.tools.join(', ')})`).join('; ')}. Ask for names to get their input schemas; run one with call_tool.${unknown.length ? ` Unknown: ${unknown.join(', ')}.` : ''}`;
    return { data: { groups: tools.length ? [] : groups, tools, unknown }, summary };
  },
});

/**
 * call_tool's own listing. Its run is never reached: the runner resolves the named tool first
 * and runs that one (tool-runner.ts), so what a model gets is that tool's result.
 */
const callTool = defineTool({
  name: CALL_TOOL,
  title: 'Run any Prosa tool',
  description:
    'Runs the Prosa tool `name` with `arguments`: use it for tools not shown to you (find_tools lists them and their input schemas). ' +
    'Same result, price, confirmation rules and errors as calling the tool directly; billed tools say their price in find_tools.',
  group: 'discovery',
  price: "the named tool's",
  input: z.object({
    name: z.string().min(1).max(64).describe('A tool name from find_tools'),
    arguments: z.record(z.string(), z.unknown()).default({}).describe("The tool's arguments, as its input schema says"),
  }),
  output: z.object({}).loose(),
  // It may run a write, a billed or a destructive tool: hosts should ask as for those.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run() {
    throw new Error('call_tool runs the named tool (tool-runner.ts); its own run is never called');
  },
});

export const DISCOVERY_TOOLS: readonly AnyTool[] = [findTools, callTool];
