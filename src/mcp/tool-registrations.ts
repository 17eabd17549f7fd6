import type { StandardSchemaWithJSON, ToolAnnotations } from '@modelcontextprotocol/server';
import { withJsonSchemaOnce } from './json-schema-once.ts';
import type { AnyTool } from './tool.ts';
import { TOOLS } from './tools/index.ts';

/** What `McpServer.registerTool` is given for one tool, apart from the per-request handler. */
export interface ToolRegistration {
  tool: AnyTool;
  config: {
    title: string;
    description: string;
    inputSchema: StandardSchemaWithJSON;
    outputSchema: StandardSchemaWithJSON;
    annotations: ToolAnnotations;
  };
}

/**
 * Every tool's registration, built once per process: the stateless server registers all of them
 * on a fresh McpServer for each request (server-factory.ts), and what does not depend on the
 * caller (schemas and their JSON Schema, annotations) need not be rebuilt each time.
 */
export const TOOL_REGISTRATIONS: readonly ToolRegistration[] = TOOLS.map((tool) => ({
  tool,
  config: {
    title: tool.title,
    description: tool.description,
    inputSchema: withJsonSchemaOnce(tool.input),
    outputSchema: withJsonSchemaOnce(tool.output),
    annotations: { title: tool.title, ...tool.annotations },
  },
}));
