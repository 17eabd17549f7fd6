import { z } from 'zod';
import type { AnyTool, ToolGroup } from './tool.ts';
import { TOOLS } from './tools/index.ts';
import { DISCOVERY_TOOLS } from './tools/discovery.ts';
import { CORE_TOOL_NAMES } from './tool-sets.ts';

/**
 * docs/mcp-tools.md, generated from the tool registry (`npm run docs:mcp`); a test fails when the
 * committed file and the registry drift apart.
 */

const GROUP_TITLES: Record<ToolGroup, string> = {
  account: 'Account and billing',
  docket: 'Docket',
  file: 'Application file and claim chart',
  deadlines: 'Deadlines',
  analysis: 'Office-action analysis',
  examiner: 'Examiner',
  response: 'Response wizard',
  forms: 'Patent-office forms',
  workflows: 'Workflows',
  discovery: 'Discovery (listed whenever some tools are not)',
};

const CORE = new Set(CORE_TOOL_NAMES);

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  default?: unknown;
}

function typeOf(s: JsonSchema): string {
  if (s.enum) return s.enum.map((e) => `\`${String(e)}\``).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (s.type === 'array') return `${s.items ? typeOf(s.items) : 'any'}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  return s.type ?? 'object';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function fieldRows(schema: z.ZodType, io: 'input' | 'output'): string[] {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const props = json.properties ?? {};
  const required = new Set(json.required ?? []);
  const rows = Object.entries(props).map(([name, s]) => {
    const note = [s.description ?? '', s.default !== undefined ? `default ${JSON.stringify(s.default)}` : ''].filter(Boolean).join('; ');
    return io === 'input'
      ? `| \`${name}\` | ${cell(typeOf(s))} | ${required.has(name) ? 'yes' : ''} | ${cell(note)} |`
      : `| \`${name}\` | ${cell(typeOf(s))} | ${cell(note)} |`;
  });
  if (rows.length === 0) return ['(none)'];
  return io === 'input' ? ['| field | type | required | notes |', '|---|---|---|---|', ...rows] : ['| field | type | notes |', '|---|---|---|', ...rows];
}

function hints(t: AnyTool): string {
  const a = t.annotations;
  return [
    a.readOnlyHint ? 'read-only' : 'writes',
    a.destructiveHint ? 'destructive' : null,
    a.idempotentHint ? 'idempotent' : null,
    a.openWorldHint ? 'open world' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export function renderToolsDoc(tools: readonly AnyTool[] = [...TOOLS, ...DISCOVERY_TOOLS]): string {
  const product = tools.filter((t) => t.group !== 'discovery');
  const core = product.filter((t) => CORE.has(t.name));
  const out = [
    '# MCP tools',
    '',
    '<!-- Generated from src/mcp/tools by `npm run docs:mcp`; do not edit by hand. -->',
    '',
    `Prosa's MCP server (\`{mcp_url}/mcp\`, OAuth 2.1 bearer token on every message) has ${product.length} tools.`,
    `By default tools/list shows the ${core.length} core tools (column "listed") and the discovery pair \`find_tools\` / \`call_tool\`,`,
    'through which every other tool is described and run. The connector URL can list more: `{mcp_url}/mcp?tools=all`, or',
    '`?tools=forms,examiner` (the core plus those groups: account, docket, file, deadlines, analysis, examiner, response, forms,',
    'workflows); `?output_schemas=1` adds output schemas to the listing; `?results=structured` leaves the JSON copy out of',
    'results for clients that read `structuredContent` (docs/decisions/oauth-and-mcp.md, "Context budget"). Every tool can be called by name.',
    'Every tool answers with `structuredContent` (the output fields below) and a short text summary (plus, by default, the',
    'same JSON as text); failures, invalid arguments included, are `isError` results carrying the error object',
    '(`error_code`, `message`, `agent_suggestion`). Prices are in credits and are exactly what the REST and `/api` endpoints charge.',
    '',
    '| tool | title | price | listed | hints |',
    '|---|---|---|---|---|',
    ...tools.map(
      (t) =>
        `| [\`${t.name}\`](#${t.name}) | ${cell(t.title)} | ${t.price} | ${t.group === 'discovery' || CORE.has(t.name) ? 'default' : `?tools=${t.group}`} | ${hints(t)} |`,
    ),
  ];
  for (const group of Object.keys(GROUP_TITLES) as ToolGroup[]) {
    const inGroup = tools.filter((t) => t.group === group);
    if (inGroup.length === 0) continue;
    out.push('', `## ${GROUP_TITLES[group]}`);
    for (const t of inGroup) {
      out.push(
        '',
        `### ${t.name}`,
        '',
        `**${t.title}**. Price: ${t.price}. ${hints(t)}.`,
        '',
        t.description,
        '',
        'Input:',
        '',
        ...fieldRows(t.input, 'input'),
        '',
        'Output:',
        '',
        ...fieldRows(t.output, 'output'),
      );
    }
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(new URL('../../docs/mcp-tools.md', import.meta.url), renderToolsDoc());
  process.stdout.write(`docs/mcp-tools.md: ${TOOLS.length} tools and ${DISCOVERY_TOOLS.length} discovery tools\n`);
}
