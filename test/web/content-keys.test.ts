import { describe, expect, test } from 'vitest';
import { withContentKeys, withOffsetKeys } from '../../web/src/ui/content-keys.ts';

// The web app's list keys (web/src/ui/content-keys.ts) replace index keys: a key must stay with
// its item when the list around it changes, and be unique within the list.
describe('content keys', () => {
  const keys = (items: string[]) => withContentKeys(items, (s) => s).map((k) => k.key);

  test('a key follows its item when an item is added in front or removed', () => {
    const before = withContentKeys(['Claim 3 is long', 'No date'], (s) => s);
    const after = withContentKeys(['New warning', 'Claim 3 is long', 'No date'], (s) => s);
    expect(after.find((k) => k.item === 'No date')?.key).toBe(before.find((k) => k.item === 'No date')?.key);
    expect(keys(['a', 'b', 'c']).slice(1)).toEqual(keys(['b', 'c']));
  });

  test('repeated items get distinct keys', () => {
    const k = keys(['same', 'other', 'same', 'same']);
    expect(new Set(k).size).toBe(4);
    expect(k).toEqual(['same', 'other', 'same#2', 'same#3']);
  });

  test('pieces of one text are keyed by their place in it', () => {
    const pieces = [{ text: 'A tether ' }, { text: 'coupled' }, { text: ' to a hub' }];
    expect(withOffsetKeys(pieces, (p) => p.text).map((k) => k.key)).toEqual(['0+9', '9+7', '16+9']);
    // An edit after the first piece leaves the first piece's key alone.
    expect(withOffsetKeys([{ text: 'A tether ' }, { text: 'welded' }], (p) => p.text)[0]?.key).toBe('0+9');
  });
});
