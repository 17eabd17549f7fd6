import type { z } from 'zod';
import type { BackendClient } from './backend-client.ts';

/**
 * One MCP tool: what a model reads in tools/list (title, description, schemas, annotations) and
 * what runs on tools/call. Every tool is one or more `/api` calls through `ctx.api`; a tool never
 * touches a database. Write the description for a model: when to use the tool, what it costs,
 * and what to call next.
 */
export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  /** snake_case, stable: agents and prompts refer to it. */
  name: string;
  /** Short human title (tools/list `title`). */
  title: string;
  /** For a model: when to use it, what it costs, what to call next. */
  description: string;
  /** Which part of the product (docs grouping). */
  group: ToolGroup;
  /** What a call costs, for docs/mcp-tools.md: "free", "49.00", "tokens", ... */
  price: string;
  input: I;
  output: O;
  /** MCP tool annotations (hints; the backend enforces everything). */
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
  run(args: z.output<I>, ctx: ToolContext): Promise<ToolOutput<z.output<O>>>;
}

export type ToolGroup = 'account' | 'docket' | 'file' | 'deadlines' | 'analysis' | 'examiner' | 'response' | 'forms' | 'workflows' | 'discovery';

/** A tool's success: the structured result and a one-paragraph summary a model can relay. */
export interface ToolOutput<T> {
  data: T;
  summary: string;
}

/** What a running tool may use. */
export interface ToolContext {
  /** `/api` on behalf of the signed-in user (exchanged token). */
  api: BackendClient;
  caller: {
    accountId: string;
    clientId: string;
    /** True for ChatGPT's connector: results must not offer credit purchases. */
    noPurchaseOffers: boolean;
  };
  links: ProductLinks;
  requestId: string;
}

export interface ProductLinks {
  /** The web application. */
  web: string;
  /** Where credits are bought (Settings > Billing). */
  billing: string;
}

/** Identity function that keeps each tool's input and output types tied together. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): ToolSpec<I, O> {
  return spec;
}

// biome-ignore lint: the registry holds tools of every shape.
export type AnyTool = ToolSpec<any, any>;

/** Annotation presets: most tools are one of these. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Creates or changes the user's own data; repeating it is harmless. */
export const WRITE_IDEMPOTENT = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Creates something new on each call (or charges credits). */
export const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
/** Removes or revokes something. */
export const DESTRUCTIVE = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } as const;
