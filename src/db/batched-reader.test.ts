import { expect, test } from 'vitest';
import { BatchedReader } from './batched-reader.ts';

/** A reader over a map whose statements are recorded and finish when the test says. */
function recorded(values: Map<string, number>) {
  const statements: string[][] = [];
  const finish: Array<() => void> = [];
  const reader = new BatchedReader<string, number>(
    (keys) =>
      new Promise((resolve, reject) => {
        statements.push(keys);
        finish.push(() =>
          keys.includes('boom') ? reject(new Error('boom')) : resolve(new Map(keys.filter((k) => values.has(k)).map((k) => [k, values.get(k)!]))),
        );
      }),
  );
  return { reader, statements, finishNext: () => finish.shift()!() };
}

test('a lone read is one statement; reads arriving while it runs share the next, each key once', async () => {
  const { reader, statements, finishNext } = recorded(
    new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]),
  );
  const first = reader.read('a');
  const rest = [reader.read('b'), reader.read('c'), reader.read('b'), reader.read('missing')];
  expect(statements).toEqual([['a']]);
  expect(reader.waiting).toBe(4);
  finishNext();
  expect(await first).toBe(1);
  await Promise.resolve();
  expect(statements).toEqual([['a'], ['b', 'c', 'missing']]);
  finishNext();
  expect(await Promise.all(rest)).toEqual([2, 3, 2, undefined]);
  expect(reader.waiting).toBe(0);
});

test('a failed statement fails the reads it carried, and the next reads run anyway', async () => {
  const { reader, statements, finishNext } = recorded(new Map([['a', 1]]));
  const failing = reader.read('boom');
  const later = reader.read('a');
  finishNext();
  await expect(failing).rejects.toThrow('boom');
  await Promise.resolve();
  finishNext();
  expect(await later).toBe(1);
  expect(statements).toEqual([['boom'], ['a']]);
});
