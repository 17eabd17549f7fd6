import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FastifyBaseLogger } from 'fastify';
import { BackendClient, BackendError, InvalidToolArgument, type BackendTransport } from './backend-client.ts';
import { ExchangeRefused, type TokenExchanger } from './token-exchanger.ts';
import { EXPIRY_WINDOW_SECONDS, type TokenVerifier, type VerifiedToken } from './token-verifier.ts';
import { challenge, type ChallengeReason, type ResourceUrls } from './resource.ts';
import { adaptPaymentError, auditSummary, authChallengeResult, errorResult, successResult } from './tool-results.ts';
import { findUnsafeText, UNSAFE_TEXT_MESSAGES } from '../domain/unsafe-text.ts';
import type { AuditReporter } from './audit-reporter.ts';
import type { GrantLiveness } from './grant-liveness.ts';
import type { RateLimits } from '../serving/rate-limits/rate-limit-store.ts';
import type { AnyTool, ProductLinks, ToolContext } from './tool.ts';
import type { ErrorBody } from '../serving/error-body.ts';
import type { ResultsMode } from './tool-sets.ts';
import { CALL_TOOL, productTool } from './tools/discovery.ts';
import { boundResult } from './result-bounds.ts';

/** What every tool call needs, built once per process. */
export interface ToolRuntime {
  transport: BackendTransport;
  exchanger: TokenExchanger;
  verifier: TokenVerifier;
  grants: GrantLiveness;
  rateLimits: RateLimits;
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
 * structuredContent, and hosts differ (docs/decisions/oauth-and-mcp.md): Claude's connectors give the model
 * `content` only, Claude Code and Cursor give it structuredContent only, ChatGPT gives it both. So:
 * the copy by default ('full'), and a short summary alone beside structuredContent ('structured')
 * for ChatGPT's connector (recognised at registration, the same flag as its no-purchase rule;
 * OpenAI's Apps SDK documents that the model reads structuredContent) and for any connector URL
 * with `results=structured`. `results=full` keeps the copy for any client.
 */
function resultsMode(opts: CallOptions, caller: VerifiedToken): ResultsMode {
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

/** The API's `validation_error` for an argument that cannot be sent (names it; issue 20 item 9). */
function invalidArgument(argument: string, problem: string): CallToolResult {
  return errorResult({
    error: true,
    error_code: 'validation_error',
    message: `${argument} ${problem}.`,
    agent_suggestion: `Send ${argument} again as plain Unicode text (no unpaired surrogate escapes such as \\ud800, no NUL characters), then repeat the call.`,
  });
}

/**
 * Runs one tool for one verified caller: exchanges the token for an API token, checks the token
 * is still usable, resolves call_tool to the tool it names, validates the arguments (the tool's
 * zod schema, and text that cannot be sent), runs the tool, and maps every failure to a result a
 * model can act on. Every call that got an API token is audited afterwards under the tool's own
 * name, whatever its outcome (spec: "Every authenticated tool call is written to the account's
 * audit log"); only a call whose grant is gone cannot be.
 */
export async function runTool(
  rt: ToolRuntime,
  called: AnyTool,
  calledArgs: unknown,
  caller: VerifiedToken,
  requestId: string,
  opts: CallOptions = {},
): Promise<CallToolResult> {
  const started = performance.now();
  let tool = called;
  let args = calledArgs;
  let apiToken: string | undefined;
  let outcome = 'ok';
  const refuse = (reason: ChallengeReason): CallToolResult => {
    outcome = 'authentication_required';
    return authChallengeResult([challenge(rt.urls, reason)]);
  };
  // Tool calls are what reaches the backend: their own per-account budget (tier `mcp_tools`),
  // checked before any work. A refusal is a tool error the model can act on (like the API's own
  // 429s, which also arrive as rate_limited results); like every 429 it writes nothing.
  const limit = await rt.rateLimits.check('mcp_tools', `mcp:${caller.sub}`);
  if (!limit.allowed) {
    return errorResult({
      error: true,
      error_code: 'rate_limited',
      message: `Rate limit exceeded: at most ${limit.limit} tool calls per minute per account (with short bursts). Retry in ${limit.retryAfter} s.`,
      agent_suggestion: `Wait ${limit.retryAfter} second(s), then retry the same call; make calls one after another rather than many at once.`,
    });
  }
  try {
    // First the API token: it is also what the audit row is written with.
    apiToken = await rt.exchanger.apiToken(caller);
    const now = rt.now?.() ?? Math.floor(Date.now() / 1000);
    // The token passed the gate but may have entered its last ten minutes during a long session.
    if (caller.exp - now <= EXPIRY_WINDOW_SECONDS) return refuse('expiring');
    if (called.name === CALL_TOOL) {
      const call = (calledArgs ?? {}) as { name?: unknown; arguments?: unknown };
      const target = typeof call.name === 'string' ? productTool(call.name) : undefined;
      if (!target) {
        outcome = 'unknown_tool';
        return errorResult({
          error: true,
          error_code: 'unknown_tool',
          message: `call_tool: there is no Prosa tool named ${JSON.stringify(String(call.name ?? '')).slice(0, 80)}.`,
          agent_suggestion: 'Call find_tools to list the tool names, then call_tool with one of them.',
        });
      }
      tool = target;
      args = call.arguments ?? {};
    }
    // Text that has no UTF-8 form (a lone surrogate) or that the API refuses (NUL), named by argument.
    const unsafe = findUnsafeText(args, 'arguments');
    if (unsafe) {
      outcome = 'validation_error';
      return invalidArgument(unsafe.path, UNSAFE_TEXT_MESSAGES[unsafe.problem]);
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
    if (err instanceof InvalidToolArgument) {
      outcome = 'validation_error';
      return invalidArgument(err.argument, err.problem);
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
      rt.audit.report(
        apiToken,
        {
          tool: tool.name,
          arguments_summary: auditSummary(args),
          outcome,
          duration_ms: Math.round(performance.now() - started),
          request_id: requestId,
        },
        caller,
      );
    }
  }
}
