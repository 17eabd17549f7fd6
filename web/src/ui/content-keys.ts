/**
 * React keys for a list from each item's own content: the text, then "#2", "#3" for a repeat.
 * Unlike the index, a key stays with its item when a refresh adds, drops or reorders items (a
 * warning list or a history page fetched again), so React keeps each row with its own content.
 */
export function withContentKeys<T>(items: readonly T[], content: (item: T) => string): { item: T; key: string }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const text = content(item);
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return { item, key: n === 1 ? text : `${text}#${n}` };
  });
}

/**
 * React keys for the consecutive pieces of one text (highlighted segments, markup runs): each
 * piece's place in the text, as "offset+length". The pieces are recomputed whole when the text
 * changes; a piece keeps its key while the text before it is unchanged.
 */
export function withOffsetKeys<T>(pieces: readonly T[], text: (piece: T) => string): { item: T; key: string }[] {
  let offset = 0;
  return pieces.map((item) => {
    const length = text(item).length;
    const key = `${offset}+${length}`;
    offset += length;
    return { item, key };
  });
}
