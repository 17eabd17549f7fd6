import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FastifyBaseLogger } from 'fastify';
import { BackendClient, BackendError, type BackendTransport } from './backend-client.ts';
import { ExchangeRefused, type TokenExchanger } from './token-exchanger.ts';
import { EXPIRY_WINDOW_SECONDS, type TokenVerifier, type VerifiedToken } from './token-verifier.ts';
import { challenge, type ChallengeReason, type ResourceUrls } from './resource.ts';
import { adaptPaymentError, authChallengeResult, errorResult, redactArguments, successResult } from './tool-results.ts';
import type { AuditReporter } from './audit-reporter.ts';
import type { AnyTool, ProductLinks, ToolContext } from './tool.ts';
import type { ErrorBody } from '../http/error-body.ts';
import type { ResultsMode } from './tool-sets.ts';
import { CALL_TOOL, productTool } from './tools/discovery.ts';
import { boundResult } from './result-bounds.ts';

/** What every tool call needs, built once per process. */
export interface ToolRuntime {
  transport: BackendTransport;
  exchanger: TokenExchanger;
  verifier: TokenVerifier;
  audit: AuditReporter;
  urls: ResourceUrls;
  links: ProductLinks;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** Per request: how results are shaped (the connector URL's `results`, tool-sets.ts). */
export interface CallOptions {
  results?: ResultsMode;
}

/**
 * Whether a success result carries the JSON copy of its structured content as text (MCP "Tool
 * Result": a tool returning structured content SHOULD also return it serialized in a TextContent
 * block, "for backwards compatibility"). No protocol signal says a client reads
 * structuredContent, and hosts differ (docs/decisions.md): Claude's connectors give the model
 * `content` only, Claude Code and Cursor give it structuredContent only, ChatGPT gives it both. So:
 * the copy by default ('full'), and a short summary alone beside structuredContent ('structured')
 * for ChatGPT's connector (recognised at registration, the same flag as its no-purchase rule;
 * OpenAI's Apps SDK documents that the model reads structuredContent) and for any connector URL
 * with `results=structured`. `results=full` keeps the copy for any client.
 */
export function resultsMode(opts: CallOptions, caller: VerifiedToken): ResultsMode {
  return opts.results ?? (caller.noPurchaseOffers ? 'structured' : 'full');
}

/** A zod failure on a tool's arguments as the error object every other failure carries. */
function invalidArguments(tool: AnyTool, issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorBody {
  const where = (i: { path: readonly PropertyKey[] }) => (i.path.length ? i.path.map(String).join('.') : '(arguments)');
  const listed = issues.slice(0, 5).map((i) => `${where(i)}: ${i.message}`);
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : '';
  return {
    error: true,
    error_code: 'validation_error',
    message: `Invalid arguments for ${tool.name}: ${listed.join('; ')}${more}.`,
    agent_suggestion: `Correct ${issues[0] ? `"${where(issues[0])}"` : 'the arguments'} and call ${tool.name} again; find_tools with names ["${tool.name}"] shows its input schema.`,
  };
}

/**
 * Runs one tool for one verified caller: checks the token is still usable, exchanges it for an
 * API token, validates the arguments, runs the tool, and maps every failure to a result a model
 * can act on. Writes the audit row afterwards. call_tool runs the tool it names, audited under
 * that tool's name.
 */
export async function runTool(rt: ToolRuntime, called: AnyTool, calledArgs: unknown, caller: VerifiedToken, requestId: string, opts: CallOptions = {}): Promise<CallToolResult> {
  const started = performance.now();
  let tool = called;
  let args = calledArgs;
  let apiToken: string | undefined;
  let outcome = 'ok';
  const refuse = (reason: ChallengeReason): CallToolResult => {
    outcome = 'authentication_required';
    return authChallengeResult([challenge(rt.urls, reason)]);
  };
  try {
    const now = rt.now?.() ?? Math.floor(Date.now() / 1000);
    // The token passed the gate but may have entered its last ten minutes during a long session.
    if (caller.exp - now <= EXPIRY_WINDOW_SECONDS) return refuse('expiring');
    apiToken = await rt.exchanger.apiToken(caller);
    if (called.name === CALL_TOOL) {
      const call = (calledArgs ?? {}) as { name?: unknown; arguments?: unknown };
      const target = typeof call.name === 'string' ? productTool(call.name) : undefined;
      if (!target) {
        outcome = 'unknown_tool';
        return errorResult({ error: true, error_code: 'unknown_tool', message: `call_tool: there is no Prosa tool named ${JSON.stringify(String(call.name ?? '')).slice(0, 80)}.`, agent_suggestion: 'Call find_tools to list the tool names, then call_tool with one of them.' });
      }
      tool = target;
      args = call.arguments ?? {};
    }
    // Arguments are checked here, not by the SDK (json-schema-once.ts): the refusal carries the
    // error object and is audited like every other outcome.
    const parsed = tool.input.safeParse(args ?? {});
    if (!parsed.success) {
      outcome = 'validation_error';
      return errorResult(invalidArguments(tool, parsed.error.issues));
    }
    const ctx: ToolContext = {
      api: new BackendClient(rt.transport, apiToken, requestId),
      caller: { accountId: caller.sub, clientId: caller.clientId, noPurchaseOffers: caller.noPurchaseOffers },
      links: rt.links,
      requestId,
    };
    const out = await tool.run(parsed.data, ctx);
    // The declared output schema is the contract: parsing drops fields it does not list (the API
    // may add fields) and stops a result that breaks it before a client sees it.
    const bounded = boundResult(tool.output.parse(out.data) as Record<string, unknown>);
    return successResult(bounded.data, bounded.note ? `${out.summary} ${bounded.note}` : out.summary, resultsMode(opts, caller));
  } catch (err) {
    if (err instanceof ExchangeRefused || (err instanceof BackendError && err.status === 401)) {
      // The grant was revoked (or the token is no longer honoured): remember it, so the gate
      // answers this token's next request with a plain 401.
      if (caller.grantId) rt.verifier.markGrantDead(caller.grantId, caller.exp);
      rt.exchanger.forget(caller);
      apiToken = undefined;
      return refuse('revoked');
    }
    if (err instanceof BackendError) {
      outcome = err.body.error_code;
      return errorResult(adaptPaymentError(err.body, caller.noPurchaseOffers, rt.links));
    }
    outcome = 'internal_error';
    rt.log.error({ err, tool: tool.name, requestId }, 'MCP tool failed');
    return errorResult({
      error: true,
      error_code: 'internal_error',
      message: `The tool ${tool.name} failed unexpectedly (request ${requestId}).`,
      agent_suggestion: 'Retry once; if it fails again, tell the user and quote the request id.',
    });
  } finally {
    if (apiToken) {
      rt.audit.report(apiToken, {
        tool: tool.name,
        arguments_summary: redactArguments(args),
        outcome,
        duration_ms: Math.round(performance.now() - started),
        request_id: requestId,
      });
    }
  }
}
