import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { OdpItem } from './item-splitter.ts';
import { OdpParseError, readOdpItems } from './read-odp-items.ts';

const fixturePath = (name: string) => new URL(`../../../test/fixtures/odp/${name}`, import.meta.url);

async function collect(source: AsyncIterable<string | Uint8Array>): Promise<OdpItem[]> {
  const items: OdpItem[] = [];
  for await (const item of readOdpItems(source)) items.push(item);
  return items;
}

/** The text cut into pieces of `size` bytes: multi-byte characters and tokens straddle chunks. */
function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return Readable.from(pieces);
}

async function failure(source: AsyncIterable<string | Uint8Array>): Promise<{ items: OdpItem[]; error: OdpParseError }> {
  const items: OdpItem[] = [];
  try {
    for await (const item of readOdpItems(source)) items.push(item);
  } catch (error) {
    expect(error).toBeInstanceOf(OdpParseError);
    return { items, error: error as OdpParseError };
  }
  throw new Error('expected a parse error');
}

describe('readOdpItems', () => {
  it('streams the records of an API response bag, dropping the wrapper fields', async () => {
    const items = await collect(createReadStream(fixturePath('search-post-14412875.json'), { highWaterMark: 257 }));
    expect(items).toHaveLength(1);
    expect(items[0].origin).toBe('patentFileWrapperDataBag');
    expect(items[0].value).toEqual(JSON.parse(readFileSync(fixturePath('search-post-14412875.json'), 'utf8')).patentFileWrapperDataBag[0]);
  });

  it('streams documentBag entries one by one', async () => {
    const items = await collect(createReadStream(fixturePath('documents-17248024.json'), { highWaterMark: 100 }));
    expect(items).toHaveLength(45);
    expect(new Set(items.map((i) => i.origin))).toEqual(new Set(['documentBag']));
  });

  it('reads JSON Lines, concatenated values and a top-level array, across any chunk boundary', async () => {
    const a = { applicationNumberText: '1', title: 'Électrode — “ü” 𝔘' };
    const b = { applicationNumberText: '2', eventDataBag: [{ eventCode: 'CTNF' }] };
    const expected = [a, b];
    for (const text of [`${JSON.stringify(a)}\n${JSON.stringify(b)}\n`, `${JSON.stringify(a)}${JSON.stringify(b)}`, JSON.stringify([a, b])]) {
      for (const size of [1, 3, 7, 64 * 1024]) {
        const items = await collect(chunked(text, size));
        expect(
          items.map((i) => i.value),
          `${size}: ${text.slice(0, 20)}`,
        ).toEqual(expected);
        expect(items.every((i) => i.origin === 'top-level')).toBe(true);
      }
    }
  });

  it('drops a leading byte-order mark and accepts strings as well as bytes', async () => {
    expect((await collect(Readable.from(['\ufeff{"a":', '1}']))).map((i) => i.value)).toEqual([{ a: 1 }]);
  });

  it('an empty input has no items', async () => {
    expect(await collect(Readable.from([]))).toEqual([]);
    expect(await collect(Readable.from(['  \n']))).toEqual([]);
  });

  it('reports the line and column of a syntax error after yielding the items before it', async () => {
    const text = '{"a":1}\n{"b":2}\n{"c": [1, 2,, 3]}\n{"d":4}\n';
    for (const size of [1, 5, 1000]) {
      const { items, error } = await failure(chunked(text, size));
      expect(items.map((i) => i.value)).toEqual([{ a: 1 }, { b: 2 }]);
      expect(error.line).toBe(3);
      expect(error.column).toBe(13);
      expect(error.offset).toBe(28);
      expect(error.message).toMatch(/^Malformed ODP JSON at line 3, column 13 \(character offset 28\): /);
    }
  });

  it('reports a truncated input', async () => {
    const { items, error } = await failure(Readable.from(['{"a":1}\n{"b":[1,', '2']));
    expect(items.map((i) => i.value)).toEqual([{ a: 1 }]);
    expect(error.message).toMatch(/input ended early/);
    expect(error.line).toBe(2);
  });

  it('rejects a top-level value that is not an object or array', async () => {
    const { items, error } = await failure(Readable.from(['{"a":1} 42 {"b":2}']));
    expect(items.map((i) => i.value)).toEqual([{ a: 1 }]);
    expect(error.message).toMatch(/neither an object nor an array/);
  });
});
