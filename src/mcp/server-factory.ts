import { McpServer, type McpRequestContext } from '@modelcontextprotocol/server';
import { runTool, type ToolRuntime } from './tool-runner.ts';
import { registerPrompts } from './prompts.ts';
import { calledToolName } from './called-tool.ts';
import { TOOL_REGISTRATIONS, type ToolRegistration } from './tool-registrations.ts';
import type { VerifiedToken } from './token-verifier.ts';

/** What the gate attaches to the request (AuthInfo.extra). */
/** A type alias (not an interface) so it fits the SDK's `AuthInfo.extra` record type. */
export type GateExtra = {
  verified: VerifiedToken;
  requestId: string;
};

const INSTRUCTIONS = [
  'Prosa helps US patent practitioners prosecute applications: docket, deadlines computed per the MPEP and 37 CFR,',
  'office-action analysis claim by claim, a guided response wizard that drafts a Response to Office Action (DOCX),',
  'patent-office forms and examiner statistics. Start with docket_briefing ("what is due") or triage_office_action',
  '("a new action came in"). Free: lookups, deadlines, listings, plans, previews and quotes. Billed: analyze_office_action',
  '(per token, about 0.40), submit_response (49.00), IDS (9.00), other forms (5.00). Never guess a deadline: read it from get_deadlines.',
].join(' ');

const REGISTRATION_BY_NAME = new Map<string, ToolRegistration>(TOOL_REGISTRATIONS.map((r) => [r.tool.name, r]));

/**
 * A fresh MCP server for one request (stateless: ARCHITECTURE "MCP server"), with every tool
 * bound to the caller the gate verified. The SDK requires a new instance per request (it refuses
 * one still serving another exchange, and per-request state such as the negotiated version lives
 * on it); what is the same for every caller is built once (tool-registrations.ts).
 */
export function mcpServerFactory(rt: ToolRuntime, version: string) {
  return async (ctx: McpRequestContext): Promise<McpServer> => {
    const extra = ctx.authInfo?.extra as GateExtra | undefined;
    const server = new McpServer({ name: 'prosa', title: 'Prosa', version }, { instructions: INSTRUCTIONS, capabilities: { tools: {}, prompts: {}, logging: {} } });
    // A tools/call needs only the tool it calls: the capabilities (declared above) and the answer
    // are the same whatever else is registered. Everything else gets every tool and prompt.
    const called = await calledToolName(ctx, (name) => REGISTRATION_BY_NAME.has(name));
    const registrations = called === undefined ? TOOL_REGISTRATIONS : [REGISTRATION_BY_NAME.get(called)!];
    for (const { tool, config } of registrations) {
      server.registerTool(
        tool.name,
        config,
        async (args: unknown) => {
          // The gate refuses every unauthenticated request before the SDK sees it; this is a backstop.
          if (!extra) throw new Error('unauthenticated tool call reached the server');
          return runTool(rt, tool, args, extra.verified, extra.requestId);
        },
      );
    }
    if (called === undefined) registerPrompts(server);
    return server;
  };
}
