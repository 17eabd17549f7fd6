import { McpServer, type McpRequestContext, type ServerContext } from '@modelcontextprotocol/server';
import { runTool, type ToolRuntime } from './tool-runner.ts';
import { registerPrompts } from './prompts.ts';
import { requestShape } from './called-tool.ts';
import { TOOL_REGISTRATIONS, TOOL_REGISTRATIONS_WITH_OUTPUT, type ToolRegistration } from './tool-registrations.ts';
import { serveOptionsFrom, toolsNamed, type ResultsMode } from './tool-sets.ts';
import { DISCOVERY_TOOLS } from './tools/discovery.ts';
import { TOOLS } from './tools/index.ts';
import type { VerifiedToken } from './token-verifier.ts';

/** What the gate attaches to the request (AuthInfo.extra). */
/** A type alias (not an interface) so it fits the SDK's `AuthInfo.extra` record type. */
export type GateExtra = {
  verified: VerifiedToken;
  requestId: string;
  /** The JSON-RPC message, when the gate read and parsed the body (read-once.ts). */
  message?: Record<string, unknown>;
  /** How results are shaped, as the connector URL asks (tool-sets.ts); read by the pooled servers (pooled-tool-calls.ts). */
  results?: ResultsMode;
};

const INSTRUCTIONS = [
  'Prosa helps US patent practitioners prosecute applications: docket, deadlines computed per the MPEP and 37 CFR,',
  'office-action analysis claim by claim, a guided response wizard that drafts a Response to Office Action (DOCX),',
  'patent-office forms and examiner statistics. Start with docket_briefing ("what is due") or triage_office_action',
  '("a new action came in"). Free: lookups, deadlines, listings, plans, previews and quotes. Billed: analyze_office_action',
  '(per token, about 0.40), submit_response (49.00), IDS (9.00), other forms (5.00). Never guess a deadline: read it from get_deadlines.',
  'More tools (forms, examiner statistics, history, fees, calendar, audit) are reached with find_tools and call_tool.',
].join(' ');

/** An MCP server as Prosa presents itself (name, instructions, capabilities), with nothing registered yet. */
export function newMcpServer(version: string): McpServer {
  return new McpServer(
    { name: 'prosa', title: 'Prosa', version },
    { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false }, prompts: {}, logging: {} } },
  );
}

/**
 * Registers a tool whose calls run for the caller the gate attached to each request
 * (AuthInfo.extra): the same handler serves a per-request server and a pooled one.
 */
export function registerGatedTool(server: McpServer, rt: ToolRuntime, { tool, config }: ToolRegistration, results?: ResultsMode): void {
  server.registerTool(tool.name, config, async (args: unknown, ctx: ServerContext) => {
    const extra = ctx.http?.authInfo?.extra as GateExtra | undefined;
    // The gate refuses every unauthenticated request before the SDK sees it; this is a backstop.
    if (!extra) throw new Error('unauthenticated tool call reached the server');
    return runTool(rt, tool, args, extra.verified, extra.requestId, { results: results ?? extra.results });
  });
}

/**
 * A fresh MCP server for one request (stateless: ARCHITECTURE "MCP server"), with every tool
 * bound to the caller the gate verified. The SDK requires a new instance per request (it refuses
 * one still serving another exchange, and per-request state such as the negotiated version lives
 * on it); what is the same for every caller is built once (tool-registrations.ts). A 2025-era
 * tools/call, the most frequent request, is served by a pooled server instead (pooled-tool-calls.ts).
 */
export function mcpServerFactory(rt: ToolRuntime, version: string) {
  return async (ctx: McpRequestContext): Promise<McpServer> => {
    const extra = ctx.authInfo?.extra as GateExtra | undefined;
    const server = newMcpServer(version);
    // What the connector URL asks for (tool-sets.ts): the listed tools, output schemas, results.
    const serve = serveOptionsFrom(ctx.requestInfo?.url);
    const byName = serve.outputSchemas ? TOOL_REGISTRATIONS_WITH_OUTPUT : TOOL_REGISTRATIONS;
    // A tools/call needs only the tool it calls, listed or not: the capabilities (declared above)
    // and the answer are the same whatever else is registered. A request whose method is not
    // certain (a large body) gets every tool; tools/list and the rest get the listed ones.
    const shape = await requestShape(ctx, (name) => byName.has(name), extra?.message);
    const listed = toolsNamed(serve.listed);
    const tools =
      shape.tool !== undefined
        ? [shape.tool]
        : shape.method === undefined || shape.method === 'tools/call'
          ? [...byName.keys()]
          : [...listed, ...(listed.length < TOOLS.length ? DISCOVERY_TOOLS : [])].map((t) => t.name);
    for (const name of tools) registerGatedTool(server, rt, byName.get(name)!, serve.results);
    if (shape.tool === undefined) registerPrompts(server);
    return server;
  };
}
