import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { expect, test } from 'vitest';
import { MAX_PARSED_BODY_BYTES, readSmallBody, replayed } from '../../src/mcp/read-once.ts';

const req = (body: string, headers: Record<string, string> = { 'content-length': String(Buffer.byteLength(body)) }, method = 'POST') =>
  Object.assign(Readable.from([Buffer.from(body)]), { method, url: '/mcp', headers }) as unknown as IncomingMessage;

test('one small JSON-RPC object is handed over parsed; anything else goes on as the bytes sent', async () => {
  expect(await readSmallBody(req('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'))).toEqual({ parsed: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  for (const body of ['[{"jsonrpc":"2.0"}]', '{"jsonrpc": ', 'null', '"x"', '\uFEFF{}']) {
    const read = await readSmallBody(req(body));
    expect(read, body).toEqual({ raw: Buffer.from(body) });
  }
});

test('a large, undeclared or bodiless request is left unread for the SDK', async () => {
  const big = `{"a":"${'x'.repeat(MAX_PARSED_BODY_BYTES)}"}`;
  expect(await readSmallBody(req(big))).toBeUndefined();
  expect(await readSmallBody(req('{}', {}))).toBeUndefined();
  expect(await readSmallBody(req('', { 'content-length': '0' }, 'GET'))).toBeUndefined();
});

test('a replayed request reads back the same bytes with the same method, url and headers', async () => {
  const original = req('[1]');
  const again = replayed(original, Buffer.from('[1]'), { auth: { token: 't' } });
  const chunks: Buffer[] = [];
  for await (const c of again) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('[1]');
  expect({ method: again.method, url: again.url, headers: again.headers, auth: again.auth }).toEqual({
    method: 'POST',
    url: '/mcp',
    headers: original.headers,
    auth: { token: 't' },
  });
});
