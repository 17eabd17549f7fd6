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
import type { RateLimits } from '../http/plugins/rate-limit-store.ts';
import type { AnyTool, ProductLinks, ToolContext } from './tool.ts';

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
 * is still usable and the arguments can be sent, runs the tool, and maps every failure to a
 * result a model can act on. Every call that got an API token is audited afterwards, whatever
 * its outcome (spec: "Every authenticated tool call is written to the account's audit log"); only
 * a call whose grant is gone cannot be (the account no longer accepts the app's writes).
 */
export async function runTool(rt: ToolRuntime, tool: AnyTool, args: unknown, caller: VerifiedToken, requestId: string): Promise<CallToolResult> {
  const started = performance.now();
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
    // Text that has no UTF-8 form (a lone surrogate) or that the API refuses (NUL), named by argument.
    const unsafe = findUnsafeText(args, 'arguments');
    if (unsafe) {
      outcome = 'validation_error';
      return invalidArgument(unsafe.path, UNSAFE_TEXT_MESSAGES[unsafe.problem]);
    }
    const ctx: ToolContext = {
      api: new BackendClient(rt.transport, apiToken, requestId),
      caller: { accountId: caller.sub, clientId: caller.clientId, noPurchaseOffers: caller.noPurchaseOffers },
      links: rt.links,
      requestId,
    };
    const out = await tool.run(args, ctx);
    // The declared output schema is the contract: parsing drops fields it does not list (the API
    // may add fields) and stops a result that breaks it before a client sees it.
    const data = tool.output.parse(out.data) as Record<string, unknown>;
    return successResult(data, out.summary);
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
      rt.audit.report(apiToken, {
        tool: tool.name,
        arguments_summary: auditSummary(args),
        outcome,
        duration_ms: Math.round(performance.now() - started),
        request_id: requestId,
      });
    }
  }
}
