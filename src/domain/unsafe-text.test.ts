import { describe, expect, test } from 'vitest';
import { findUnsafeText, hasUnsafeText } from './unsafe-text.ts';

/** hasUnsafeText is the per-request fast check; findUnsafeText names the path. They must agree. */
describe('unsafe text', () => {
  const samples: unknown[] = [
    undefined,
    null,
    '17200011',
    'a\u0000b',
    'lone \ud800 surrogate',
    'paired \ud83d\ude00 emoji',
    { application_number: '17/200,011' },
    { nested: { deeper: ['ok', 'still ok', { x: 'bad\u0000' }] } },
    { 'key\u0000': 'value' },
    { '\udfff': 1 },
    JSON.parse('{"__proto__": "x\\u0000"}'),
    Object.assign(Object.create(null), { q: 'fine' }),
    [1, 2, true, { a: 'b' }],
  ];
  test.each(samples.map((s) => [s]))('agrees with findUnsafeText on %j', (value) => {
    expect(hasUnsafeText(value)).toBe(findUnsafeText(value, 'body') !== null);
  });

  test('finds what is there and only that', () => {
    expect(hasUnsafeText({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(findUnsafeText({ a: ['x', { b: 'y\u0000' }] }, 'body')).toEqual({ path: 'body.a[1].b', problem: 'nul' });
    expect(hasUnsafeText({ a: ['x', { b: 'y' }] })).toBe(false);
  });
});
