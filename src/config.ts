import { z } from 'zod';
import { readFileSync } from 'node:fs';

/**
 * Every setting Prosa reads, typed and validated from the environment, with defaults.
 * Nothing else in the code base reads process.env directly.
 */
const envSchema = z.object({
  /** TCP port the server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to bind. */
  HOST: z.string().default('0.0.0.0'),
  /**
   * Public address of the backend ({base_url} in the spec), for deployments behind a proxy. Unset:
   * every link Prosa gives follows the scheme, host and port of the request (public-base.ts), and
   * what has no request (OAuth issuer, mail sender) uses http://localhost:{PORT}.
   */
  BASE_URL: z.url().optional(),
  /** Public address of the MCP server ({mcp_url}); defaults to BASE_URL (single-process mode). */
  MCP_URL: z.url().optional(),
  /** Address an MCP-only process (`--role mcp`) calls the backend API at; defaults to BASE_URL. */
  API_URL: z.url().optional(),
  /** Embedded database directory (PGlite); ignored when DATABASE_URL is set. */
  PROSA_DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string for scale-out; when unset the embedded PGlite is used. */
  DATABASE_URL: z.string().optional(),
  /** Redis for the rate-limit counters (redis://host:6379/0); unset = PostgreSQL (scale-out) or memory (embedded). */
  REDIS_URL: z.union([z.literal(''), z.url({ protocol: /^rediss?$/ })]).optional(),
  /**
   * Where rate-limit counters live: `auto` = Redis when REDIS_URL is set, PostgreSQL for
   * role-split replicas, this process's memory for one all-in-one process (rate-limits-for.ts).
   */
  PROSA_RATE_LIMIT_STORE: z.enum(['auto', 'memory', 'postgres', 'redis']).default('auto'),
  /** "off" starts with no demo account and no demo docket. */
  PROSA_DEMO_DATA: z.enum(['on', 'off']).default('on'),
  /** Comma-separated addresses/CIDRs whose X-Forwarded-For is trusted. */
  TRUSTED_PROXIES: z.string().default(''),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for signing download tokens in scale-out; generated into the data dir when embedded. */
  PROSA_SIGNING_SECRET: z.string().min(32).optional(),
  /** USPTO Open Data Portal API key; enables the live connector. */
  PROSA_USPTO_API_KEY: z.string().optional(),
  /** USPTO Open Data Portal base address (tests point it at a local replay server). */
  PROSA_USPTO_BASE_URL: z.url().default('https://api.uspto.gov'),
  /** When the USPTO watch runs (cron, UTC; five fields): daily at 06:00 by default. */
  PROSA_WATCH_CRON: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4}$/, 'must be a five-field cron expression, e.g. "0 6 * * *"')
    .default('0 6 * * *'),
  /** Least time between two requests of the watch (ms): the ODP allows 4 to 15 per second per key. */
  PROSA_WATCH_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Optional LLM expert (argument outlines): `openai` (or any OpenAI-compatible server) or `anthropic`; unset = off. */
  PROSA_LLM_PROVIDER: z.union([z.literal(''), z.enum(['openai', 'anthropic'])]).optional(),
  /** Provider address, with or without `/v1`; defaults to https://api.openai.com or https://api.anthropic.com. */
  PROSA_LLM_BASE_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  /** Required when PROSA_LLM_PROVIDER is set. */
  PROSA_LLM_API_KEY: z.string().optional(),
  /** Required when PROSA_LLM_PROVIDER is set, e.g. `gpt-4o-mini`, `claude-sonnet-4-5`. */
  PROSA_LLM_MODEL: z.string().optional(),
  /** Time a client has to send the request headers (ms); slower connections are closed with 408. */
  PROSA_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Time a client has to send the whole request, body included (ms); at least the headers timeout. */
  PROSA_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** An idle keep-alive connection is closed after this long (ms). */
  PROSA_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Open connections one client address may hold (TRUSTED_PROXIES are exempt); 0 = no cap. */
  PROSA_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).default(128),
  /** Analysis threads (src/analysis/analysis-engine.ts reads it; validated here so a bad value stops the start); 0 = on the main thread. */
  PROSA_ANALYSIS_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Per-attempt timeout of a provider call. */
  PROSA_LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Outgoing mail (password reset, e-mail verification): smtp:// or smtps:// URL; unset = written to {PROSA_DATA_DIR}/mail and the log. */
  SMTP_URL: z.union([z.literal(''), z.url({ protocol: /^smtps?$/ })]).optional(),
  /** From address of outgoing mail; default Prosa <no-reply@{host of BASE_URL}>. */
  MAIL_FROM: z.string().optional(),
  /**
   * When the worker runs the daily notification pass (reminders, digests, new-paper alerts): a
   * five-field cron expression in UTC, default 07:00 UTC every day; `off` = no scheduled pass
   * (`prosa notify run` still works).
   */
  PROSA_NOTIFY_CRON: z
    .string()
    .trim()
    .regex(/^(off|\S+(\s+\S+){4})$/, 'must be a five-field cron expression (e.g. "0 7 * * *") or "off"')
    .default('0 7 * * *'),
  /** Stripe secret key (sk_live_/sk_test_/rk_): turns on credit top-ups through Stripe Checkout. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe API address override (tests point it at a local stand-in); default https://api.stripe.com. */
  STRIPE_API_BASE: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  /** "Sign in with Google": OpenID issuer (discovery at {issuer}/.well-known/openid-configuration). */
  PROSA_GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  /** OAuth client id of Prosa at Google; with the secret, turns the Google button on. */
  PROSA_GOOGLE_CLIENT_ID: z.string().optional(),
  PROSA_GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** "Sign in with Microsoft": `common` (any work, school or personal account), `organizations`, `consumers` or one tenant's id in the path. */
  PROSA_MICROSOFT_ISSUER: z.url({ protocol: /^https?$/ }).default('https://login.microsoftonline.com/common/v2.0'),
  /** Application (client) id of Prosa's Entra app registration; with the secret, turns the Microsoft button on. */
  PROSA_MICROSOFT_CLIENT_ID: z.string().optional(),
  PROSA_MICROSOFT_CLIENT_SECRET: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Every environment setting by name: the schema's, and `PROSA_MALLOC_TUNING`, which `prosa serve`
 * reads before anything else loads (src/cli/malloc-tuning.ts). The README's configuration table
 * lists exactly these (test/config-documented.test.ts).
 */
export const SETTING_NAMES: readonly string[] = [...Object.keys(envSchema.shape), 'PROSA_MALLOC_TUNING'];

export interface Config {
  port: number;
  host: string;
  /** BASE_URL, or http://localhost:{PORT} when it is unset (no trailing slash). */
  baseUrl: string;
  /** Whether BASE_URL was set: then links use it; otherwise they follow the request (src/http/public-base.ts). */
  baseUrlFixed: boolean;
  mcpUrl: string;
  /** Where the MCP server reaches the backend API (no trailing slash). */
  apiUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The shared rate-limit store at scale, when set (REDIS_URL). */
  redisUrl: string | undefined;
  /** PROSA_RATE_LIMIT_STORE: `auto` picks by deployment (src/serving/rate-limits/rate-limits-for.ts). */
  rateLimitStore: 'auto' | 'memory' | 'postgres' | 'redis';
  demoData: boolean;
  trustedProxies: string[];
  logLevel: Env['LOG_LEVEL'];
  signingSecret: string | undefined;
  usptoApiKey: string | undefined;
  usptoBaseUrl: string;
  /** The USPTO watch (docs/uspto-watch.md): its schedule and request pacing. */
  watch: { cron: string; requestIntervalMs: number };
  /** Session cookies get the Secure attribute when the public address is https. */
  secureCookies: boolean;
  version: string;
  /** The optional LLM expert; null (off) unless PROSA_LLM_PROVIDER is set. */
  llm: LlmConfig | null;
  /** Server timeouts and the per-address connection cap (every HTTP server Prosa starts). */
  connections: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnectionsPerIp: number };
  /** Credit top-ups; null (off, and the billing page says so) unless STRIPE_SECRET_KEY is set. */
  stripe: StripeConfig | null;
  mail: { smtpUrl: string | null; from: string };
  /** The worker's scheduled notification pass (PROSA_NOTIFY_CRON, UTC); null = off. */
  notify: { cron: string | null };
  /** Third-party sign-in providers that are configured (client id and secret set); empty = password only. */
  oidcProviders: OidcProviderConfig[];
}

export type OidcProviderId = 'google' | 'microsoft';

export interface OidcProviderConfig {
  id: OidcProviderId;
  /** The button's name: "Sign in with {name}". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** API address (no trailing slash); https://api.stripe.com unless overridden. */
  apiBase: string;
}

export interface LlmConfig {
  provider: 'openai' | 'anthropic';
  /** Without a trailing slash or `/v1`: the providers append `/v1/...`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export { ConfigError } from './config-error.ts';
import { ConfigError } from './config-error.ts';

const packageVersion: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PROSA_HEADERS_TIMEOUT_MS > e.PROSA_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  PROSA_HEADERS_TIMEOUT_MS (${e.PROSA_HEADERS_TIMEOUT_MS}) must not exceed PROSA_REQUEST_TIMEOUT_MS (${e.PROSA_REQUEST_TIMEOUT_MS})`,
    );
  }
  if (e.PROSA_RATE_LIMIT_STORE === 'redis' && !e.REDIS_URL) {
    throw new ConfigError('Invalid configuration:\n  PROSA_RATE_LIMIT_STORE is "redis" but REDIS_URL is not set');
  }
  if (e.PROSA_RATE_LIMIT_STORE === 'postgres' && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PROSA_RATE_LIMIT_STORE is "postgres" but DATABASE_URL is not set (the embedded database serves one process: its limits are in memory)',
    );
  }
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT === 0 ? 8080 : e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    baseUrlFixed: e.BASE_URL !== undefined,
    mcpUrl: (e.MCP_URL ?? baseUrl).replace(/\/+$/, ''),
    apiUrl: (e.API_URL ?? baseUrl).replace(/\/+$/, ''),
    dataDir: e.PROSA_DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    rateLimitStore: e.PROSA_RATE_LIMIT_STORE,
    demoData: e.PROSA_DEMO_DATA === 'on',
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    signingSecret: e.PROSA_SIGNING_SECRET,
    usptoApiKey: e.PROSA_USPTO_API_KEY || undefined,
    usptoBaseUrl: e.PROSA_USPTO_BASE_URL.replace(/\/+$/, ''),
    watch: { cron: e.PROSA_WATCH_CRON, requestIntervalMs: e.PROSA_WATCH_REQUEST_INTERVAL_MS },
    secureCookies: baseUrl.startsWith('https://'),
    version: packageVersion,
    llm: llmConfig(e),
    connections: {
      headersTimeoutMs: e.PROSA_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.PROSA_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.PROSA_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.PROSA_MAX_CONNECTIONS_PER_IP,
    },
    stripe: stripeConfig(e),
    mail: { smtpUrl: e.SMTP_URL || null, from: e.MAIL_FROM?.trim() || `Prosa <no-reply@${new URL(baseUrl).hostname}>` },
    notify: { cron: e.PROSA_NOTIFY_CRON === 'off' ? null : e.PROSA_NOTIFY_CRON },
    oidcProviders: [
      oidcProvider('google', 'Google', e.PROSA_GOOGLE_ISSUER, e.PROSA_GOOGLE_CLIENT_ID, e.PROSA_GOOGLE_CLIENT_SECRET, 'PROSA_GOOGLE'),
      oidcProvider('microsoft', 'Microsoft', e.PROSA_MICROSOFT_ISSUER, e.PROSA_MICROSOFT_CLIENT_ID, e.PROSA_MICROSOFT_CLIENT_SECRET, 'PROSA_MICROSOFT'),
    ].filter((p) => p !== null),
  };
}

const LLM_DEFAULT_BASE_URLS = { openai: 'https://api.openai.com', anthropic: 'https://api.anthropic.com' } as const;

/** All or nothing: a provider without its key or model is an error, not a silent "off". */
function llmConfig(e: Env): LlmConfig | null {
  const provider = e.PROSA_LLM_PROVIDER || null;
  if (!provider) return null;
  const apiKey = e.PROSA_LLM_API_KEY?.trim() ?? '';
  const model = e.PROSA_LLM_MODEL?.trim() ?? '';
  const missing = [apiKey ? null : 'PROSA_LLM_API_KEY', model ? null : 'PROSA_LLM_MODEL'].filter((m) => m !== null);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  PROSA_LLM_PROVIDER is "${provider}" but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set`,
    );
  }
  // OpenAI-style settings usually carry the /v1; accept it either way.
  const baseUrl = (e.PROSA_LLM_BASE_URL || LLM_DEFAULT_BASE_URLS[provider]).replace(/\/+$/, '').replace(/\/v1$/, '');
  return { provider, baseUrl, apiKey, model, timeoutMs: e.PROSA_LLM_TIMEOUT_MS };
}

/** All or nothing, like the LLM settings: a secret key without the webhook secret is an error. */
function stripeConfig(e: Env): StripeConfig | null {
  const secretKey = e.STRIPE_SECRET_KEY?.trim() ?? '';
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) {
    throw new ConfigError(
      `Invalid configuration:\n  ${secretKey ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'} must be set together with ${secretKey ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'}`,
    );
  }
  return { secretKey, webhookSecret, apiBase: (e.STRIPE_API_BASE || 'https://api.stripe.com').replace(/\/+$/, '') };
}

/** All or nothing, like Stripe: a client id without its secret (or the reverse) is an error. */
function oidcProvider(
  id: OidcProviderId,
  name: string,
  issuer: string,
  clientId: string | undefined,
  clientSecret: string | undefined,
  prefix: string,
): OidcProviderConfig | null {
  const cid = clientId?.trim() ?? '';
  const secret = clientSecret?.trim() ?? '';
  if (!cid && !secret) return null;
  if (!cid || !secret) {
    throw new ConfigError(
      `Invalid configuration:\n  ${prefix}_${cid ? 'CLIENT_SECRET' : 'CLIENT_ID'} must be set together with ${prefix}_${cid ? 'CLIENT_ID' : 'CLIENT_SECRET'}`,
    );
  }
  return { id, name, issuer, clientId: cid, clientSecret: secret };
}
