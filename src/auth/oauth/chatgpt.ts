/**
 * ChatGPT's connector (issue 9 §4: no credit purchases are offered to it; OpenAI's commerce
 * policy forbids selling digital goods in ChatGPT). Recognised at registration by what cannot be
 * spoofed into a working client: its redirect URIs on https://chatgpt.com/ (a client that lies
 * about them never receives a code), or a client ID metadata document hosted on chatgpt.com.
 * client_name is whatever the caller says and is not used.
 */
const CHATGPT_ORIGINS = new Set(['https://chatgpt.com']);

function onChatGpt(uri: unknown): boolean {
  if (typeof uri !== 'string') return false;
  const parsed = URL.parse(uri);
  return parsed !== null && CHATGPT_ORIGINS.has(parsed.origin);
}

export function isChatGptClient(metadata: { redirect_uris?: unknown; client_id?: unknown }): boolean {
  const uris = Array.isArray(metadata.redirect_uris) ? metadata.redirect_uris : [];
  return uris.some(onChatGpt) || onChatGpt(metadata.client_id);
}
