import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ErrorBody } from '../serving/error-body.ts';
import type { ProductLinks } from './tool.ts';

/**
 * The three shapes a tools/call result takes: success (structured content plus text), a tool
 * error carrying the spec's error object (MCP "Error Handling": isError results, not JSON-RPC
 * errors, so a model can correct itself), and the mid-call authentication challenge.
 */

export function successResult(data: Record<string, unknown>, summary: string, mode: 'full' | 'structured' = 'full'): CallToolResult {
  // MCP tools spec: structured content SHOULD also be given as serialized JSON in a text block
  // ("for backwards compatibility"); left out for clients that read structuredContent (tool-runner.ts).
  if (mode === 'structured') return { content: [{ type: 'text', text: summary }], structuredContent: data };
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(data) },
    ],
    structuredContent: data,
  };
}

export function errorResult(error: ErrorBody): CallToolResult {
  const { request_id: _omit, ...body } = error;
  return {
    isError: true,
    content: [{ type: 'text', text: `${body.error_code}: ${body.message}\nWhat to do: ${body.agent_suggestion}` }],
    structuredContent: body as unknown as Record<string, unknown>,
  };
}

/**
 * Spec "Authentication" 2: when the token goes bad during a call, the challenge arrives in the
 * result: isError, one text item, and `_meta["mcp/www_authenticate"]` with the challenge strings
 * (the OpenAI Apps convention that makes hosts show their sign-in UI).
 */
export function authChallengeResult(challenges: string[]): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: 'Authentication is required: the sign-in for Prosa has expired or was revoked. Sign in again to continue.' }],
    _meta: { 'mcp/www_authenticate': challenges },
  };
}

/**
 * A 402 names the document and price (the backend's message) and says where to buy credits,
 * except for clients where purchases must not be offered (ChatGPT's connector policy on digital goods).
 */
export function adaptPaymentError(error: ErrorBody, noPurchaseOffers: boolean, links: ProductLinks): ErrorBody {
  if (error.error_code !== 'insufficient_credits') return error;
  return {
    ...error,
    agent_suggestion: noPurchaseOffers
      ? 'Tell the user the balance is too low for this document. Check the balance with check_credits; the account owner manages credits outside this assistant. Retry once the balance covers the price.'
      : `Tell the user to buy credits in Prosa's billing settings (${links.billing}), then retry the same call.`,
  };
}

const LONG_TEXT_KEYS = /text|claims?|argument|content|notes/i;
const SECRET_KEYS = /token|secret|password|key$/i;

/**
 * Text the audit log can store: a lone UTF-16 surrogate and NUL (which `jsonb` refuses, so the
 * API refused the whole audit report and the call left no row: issue 20 item 9) become U+FFFD.
 */
function storable(text: string): string {
  return text.toWellFormed().replace(/\u0000/g, '\uFFFD');
}

/** What the audit log keeps of a call's arguments: no secrets, long texts as their length, only storable text. */
function redactArguments(args: unknown, depth = 0): unknown {
  if (depth > 4) return '[nested]';
  if (typeof args === 'string') return args.length > 200 ? `[${args.length} characters]` : storable(args);
  if (Array.isArray(args)) return args.length > 20 ? `[${args.length} items]` : args.map((a) => redactArguments(a, depth + 1));
  if (args && typeof args === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(args)) {
      const k = storable(key).slice(0, 64);
      if (SECRET_KEYS.test(k) && k !== 'idempotency_key') out[k] = '[redacted]';
      else if (typeof v === 'string' && LONG_TEXT_KEYS.test(k) && v.length > 80) out[k] = `[${v.length} characters]`;
      else out[k] = redactArguments(v, depth + 1);
    }
    return out;
  }
  return args;
}

/** The API's limit on one call's summary (MAX_ARGUMENTS_SUMMARY_BYTES in routes/api/audit.ts), with room to spare. */
const SUMMARY_BUDGET_BYTES = 4000;

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');

/**
 * The audit report's `arguments_summary`: the redacted arguments as an object the API accepts
 * (keys of at most 64 characters, at most 4 KiB as JSON). Values that would exceed the budget
 * are replaced by their size, largest first, so a report is never refused for its arguments.
 */
export function auditSummary(args: unknown): Record<string, unknown> {
  const redacted = redactArguments(args);
  const out: Record<string, unknown> =
    redacted && typeof redacted === 'object' && !Array.isArray(redacted) ? { ...(redacted as Record<string, unknown>) } : { value: redacted };
  const bySize = Object.keys(out).sort((a, b) => bytes(out[b]) - bytes(out[a]));
  for (const k of bySize) {
    if (bytes(out) <= SUMMARY_BUDGET_BYTES) break;
    out[k] = `[${bytes(out[k])} bytes]`;
  }
  return bytes(out) <= SUMMARY_BUDGET_BYTES ? out : { summary: `[${Object.keys(out).length} arguments, ${bytes(out)} bytes]` };
}
