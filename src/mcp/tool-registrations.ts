import type { StandardSchemaWithJSON, ToolAnnotations } from '@modelcontextprotocol/server';
import { withJsonSchemaOnce } from './json-schema-once.ts';
import type { AnyTool } from './tool.ts';
import { TOOLS } from './tools/index.ts';
import { DISCOVERY_TOOLS } from './tools/discovery.ts';

/** What `McpServer.registerTool` is given for one tool, apart from the per-request handler. */
export interface ToolRegistration {
  tool: AnyTool;
  config: {
    title: string;
    description: string;
    inputSchema: StandardSchemaWithJSON;
    outputSchema?: StandardSchemaWithJSON;
    annotations: ToolAnnotations;
  };
}

/**
 * Every tool's registration, built once per process: the stateless server registers the ones a
 * request needs on a fresh McpServer (server-factory.ts), and what does not depend on the caller
 * (schemas and their JSON Schema, annotations) need not be rebuilt each time.
 *
 * Two variants per tool: without an output schema (the default listing; the runner still parses
 * every result against the tool's schema) and with one (`?output_schemas=1`). Arguments are
 * validated by the runner, not the SDK (json-schema-once.ts, 'in-tool'). The annotations carry no
 * title: the tool's own `title` is the display name (MCP "Tool": it takes precedence), and the
 * copy cost tokens on every tool.
 */
function registration(tool: AnyTool, withOutputSchema: boolean): ToolRegistration {
  return {
    tool,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: withJsonSchemaOnce(tool.input, { validate: 'in-tool' }),
      ...(withOutputSchema ? { outputSchema: withJsonSchemaOnce(tool.output) } : {}),
      annotations: { ...tool.annotations },
    },
  };
}

const EVERY_TOOL: readonly AnyTool[] = [...TOOLS, ...DISCOVERY_TOOLS];

export const TOOL_REGISTRATIONS: ReadonlyMap<string, ToolRegistration> = new Map(EVERY_TOOL.map((t) => [t.name, registration(t, false)]));
export const TOOL_REGISTRATIONS_WITH_OUTPUT: ReadonlyMap<string, ToolRegistration> = new Map(EVERY_TOOL.map((t) => [t.name, registration(t, true)]));
