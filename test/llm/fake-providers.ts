import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the OpenAI Chat Completions and Anthropic Messages endpoints. They check
 * what a request must carry the way the real services do (path, method, credentials, version
 * header, required body fields), answering with each service's own error bodies when it does not,
 * then play a script of answers. Every request is recorded for the tests to inspect.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Step {
  status?: number;
  headers?: Record<string, string>;
  /** Serialised as JSON unless it is a string (sent as is). */
  body?: unknown;
  /** Wait this long before answering (timeout tests). */
  delayMs?: number;
}

/** A step, or a function of the request that returns one (a model that reads its prompt). */
export type ScriptEntry = Step | ((req: RecordedRequest) => Step);

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** Steps still to play; when empty the last one repeats. */
  script: ScriptEntry[];
  close(): Promise<void>;
}

export const OPENAI_KEY = 'sk-test-openai-0123456789abcdef';
export const ANTHROPIC_KEY = 'sk-ant-api03-test-key-0123456789abcdef';

export function startFakeOpenAi(script: ScriptEntry[]): Promise<FakeProvider> {
  return start(script, (req) => {
    const err = (status: number, message: string, type: string, code: string | null = null, param: string | null = null): Step => ({
      status,
      body: { error: { message, type, param, code } },
    });
    if (req.method !== 'POST' || !req.path.endsWith('/v1/chat/completions'))
      return err(404, `Invalid URL (${req.method} ${req.path})`, 'invalid_request_error');
    const auth = req.headers.authorization;
    if (auth !== `Bearer ${OPENAI_KEY}`) {
      // The real service echoes a masked key; the client must not pass even that on.
      const shown = auth?.replace(/^Bearer /, '') ?? '';
      return err(
        401,
        `Incorrect API key provided: ${shown.slice(0, 6)}*****${shown.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      );
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) return err(400, 'Unsupported content type', 'invalid_request_error');
    const b = req.body;
    if (typeof b.model !== 'string') return err(400, 'you must provide a model parameter', 'invalid_request_error', null, 'model');
    const messages = b.messages;
    if (
      !Array.isArray(messages) ||
      messages.length === 0 ||
      !messages.every((m) => ['system', 'developer', 'user', 'assistant'].includes(m?.role) && typeof m?.content === 'string')
    ) {
      return err(400, "Invalid value for 'messages'", 'invalid_request_error', null, 'messages');
    }
    if ('max_tokens' in b && 'max_completion_tokens' in b) return err(400, 'max_tokens and max_completion_tokens cannot both be set', 'invalid_request_error');
    const max = b.max_completion_tokens ?? b.max_tokens;
    if (max !== undefined && (!Number.isInteger(max) || (max as number) < 1))
      return err(400, "Invalid 'max_completion_tokens'", 'invalid_request_error', null, 'max_completion_tokens');
    const rf = b.response_format as { type?: string } | undefined;
    // JSON mode requires the word "json" somewhere in the messages, as the real API does.
    if (rf?.type === 'json_object' && !messages.some((m: { content: string }) => /json/i.test(m.content))) {
      return err(
        400,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        'invalid_request_error',
        null,
        'messages',
      );
    }
    return null;
  });
}

export function startFakeAnthropic(script: ScriptEntry[]): Promise<FakeProvider> {
  return start(script, (req) => {
    const err = (status: number, type: string, message: string): Step => ({
      status,
      body: { type: 'error', error: { type, message }, request_id: 'req_011CTestRequestId' },
    });
    if (req.method !== 'POST' || !req.path.endsWith('/v1/messages')) return err(404, 'not_found_error', 'Not found');
    if (req.headers['x-api-key'] !== ANTHROPIC_KEY) return err(401, 'authentication_error', 'invalid x-api-key');
    if (!req.headers['anthropic-version']) return err(400, 'invalid_request_error', 'anthropic-version: header is required');
    if (req.headers['anthropic-version'] !== '2023-06-01')
      return err(400, 'invalid_request_error', `anthropic-version: unknown version ${String(req.headers['anthropic-version'])}`);
    const b = req.body;
    if (typeof b.model !== 'string') return err(400, 'invalid_request_error', 'model: Field required');
    if (!Number.isInteger(b.max_tokens) || (b.max_tokens as number) < 1) return err(400, 'invalid_request_error', 'max_tokens: Field required');
    if (b.system !== undefined && typeof b.system !== 'string' && !Array.isArray(b.system))
      return err(400, 'invalid_request_error', 'system: Input should be a valid string');
    const messages = b.messages;
    if (!Array.isArray(messages) || messages.length === 0 || messages[0]?.role !== 'user' || !messages.every((m) => ['user', 'assistant'].includes(m?.role))) {
      return err(400, 'invalid_request_error', 'messages: first message must use the "user" role');
    }
    return null;
  });
}

/** A chat.completion body as OpenAI returns it. */
export function openAiCompletion(
  content: string | null,
  usage: { prompt_tokens: number; completion_tokens: number } | null = { prompt_tokens: 1200, completion_tokens: 340 },
  model = 'gpt-4o-mini-2024-07-18',
  finish_reason = 'stop',
) {
  return {
    id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
    object: 'chat.completion',
    created: 1741569952,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason }],
    ...(usage
      ? {
          usage: {
            ...usage,
            total_tokens: usage.prompt_tokens + usage.completion_tokens,
            prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
          },
        }
      : {}),
    service_tier: 'default',
    system_fingerprint: 'fp_06737a9306',
  };
}

/** A message body as Anthropic returns it. */
export function anthropicMessage(
  texts: string[],
  usage: Record<string, number> = { input_tokens: 1500, output_tokens: 410 },
  model = 'claude-sonnet-4-5-20250929',
  stop_reason = 'end_turn',
) {
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    model,
    content: texts.map((text) => ({ type: 'text', text })),
    stop_reason,
    stop_sequence: null,
    usage,
  };
}

function start(script: ScriptEntry[], validate: (req: RecordedRequest) => Step | null): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const fake = { url: '', requests, script: [...script] } as FakeProvider;
  const next = (req: RecordedRequest): Step => {
    const entry = fake.script.length > 1 ? fake.script.shift()! : fake.script[0];
    return typeof entry === 'function' ? entry(req) : entry;
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = { __unparseable: raw };
      }
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const step = validate(recorded) ?? next(recorded);
      const send = () => {
        if (res.destroyed) return;
        const payload = typeof step.body === 'string' ? step.body : JSON.stringify(step.body ?? {});
        res.writeHead(step.status ?? 200, { 'content-type': 'application/json', ...step.headers });
        res.end(payload);
      };
      if (step.delayMs) setTimeout(send, step.delayMs).unref();
      else send();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      fake.close = () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
      resolve(fake);
    });
  });
}

/** A sleep that records what it was asked to wait and returns at once. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
