import { describe, expect, test } from 'vitest';
import { calledToolName, requestShape } from '../../src/mcp/called-tool.ts';

/** Which tool a request calls, read before the per-request server is built (server-factory.ts). */
const known = (name: string) => ['whoami', 'check_credits'].includes(name);

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
  });
const call = (name: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} }, ...extra });

describe('2025 era: from the body', () => {
  test('a tools/call of a known tool names it, and the request body stays readable for the SDK', async () => {
    const request = post(call('whoami'));
    expect(await calledToolName({ era: 'legacy', requestInfo: request }, known)).toBe('whoami');
    expect(JSON.parse(await request.text())).toMatchObject({ params: { name: 'whoami' } });
  });

  test('no hint for anything else: other methods, unknown or non-string names, batches, malformed JSON, no body', async () => {
    const cases = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { name: 'whoami' } }),
      call('nope'),
      call(7),
      JSON.stringify([JSON.parse(call('whoami'))]),
      '{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "whoami"',
      'null',
    ];
    for (const body of cases) expect(await calledToolName({ era: 'legacy', requestInfo: post(body) }, known), body).toBeUndefined();
    expect(await calledToolName({ era: 'legacy' }, known)).toBeUndefined();
  });

  test('a large body is not parsed twice: no hint', async () => {
    const big = call('whoami', { padding: 'x'.repeat(70 * 1024) });
    expect(await calledToolName({ era: 'legacy', requestInfo: post(big) }, known)).toBeUndefined();
  });

  test('a body without a Content-Length (chunked) gives no hint', async () => {
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: call('whoami') });
    expect(await calledToolName({ era: 'legacy', requestInfo: request }, known)).toBeUndefined();
  });
});

describe('2026-07-28 era: from the Mcp-Method and Mcp-Name headers the SDK has checked against the body', () => {
  test('tools/call names its tool, with optional whitespace stripped', async () => {
    const request = post('{}', { 'mcp-method': 'tools/call', 'mcp-name': '\tcheck_credits ' });
    expect(await calledToolName({ era: 'modern', requestInfo: request }, known)).toBe('check_credits');
  });

  test('no hint for another method, a missing or unknown name, or a Base64-encoded name', async () => {
    const headers: Record<string, string>[] = [
      { 'mcp-method': 'tools/list' },
      { 'mcp-method': 'tools/call' },
      { 'mcp-method': 'tools/call', 'mcp-name': 'nope' },
      { 'mcp-method': 'tools/call', 'mcp-name': `=?base64?${Buffer.from('whoami').toString('base64')}?=` },
      { 'mcp-method': 'prompts/get', 'mcp-name': 'whoami' },
    ];
    for (const h of headers) expect(await calledToolName({ era: 'modern', requestInfo: post('{}', h) }, known), JSON.stringify(h)).toBeUndefined();
  });
});

describe('requestShape: the method, for the listing', () => {
  test('2025 era: the method of a small body; unknown for a large one', async () => {
    expect(await requestShape({ era: 'legacy', requestInfo: post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })) }, known)).toEqual({
      method: 'tools/list',
      tool: undefined,
    });
    expect(await requestShape({ era: 'legacy', requestInfo: post(call('whoami')) }, known)).toEqual({ method: 'tools/call', tool: 'whoami' });
    expect(await requestShape({ era: 'legacy', requestInfo: post(call('nope')) }, known)).toEqual({ method: 'tools/call', tool: undefined });
    expect(await requestShape({ era: 'legacy', requestInfo: post(call('whoami', { padding: 'x'.repeat(70 * 1024) })) }, known)).toEqual({
      method: undefined,
      tool: undefined,
    });
  });

  test('2026-07-28 era: the Mcp-Method header', async () => {
    const headers = (h: Record<string, string>) => new Request('http://127.0.0.1/mcp', { method: 'POST', headers: h, body: '{}' });
    expect(await requestShape({ era: 'modern', requestInfo: headers({ 'mcp-method': 'tools/list' }) }, known)).toEqual({
      method: 'tools/list',
      tool: undefined,
    });
    expect(await requestShape({ era: 'modern', requestInfo: headers({ 'mcp-method': 'tools/call', 'mcp-name': 'whoami' }) }, known)).toEqual({
      method: 'tools/call',
      tool: 'whoami',
    });
    expect(await requestShape({ era: 'modern', requestInfo: headers({}) }, known)).toEqual({ method: undefined, tool: undefined });
  });
});
