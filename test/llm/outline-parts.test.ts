import { describe, expect, test } from 'vitest';
import { selectExcerpts } from '../../src/analysis/llm/excerpts.ts';
import { locateQuote } from '../../src/analysis/llm/grounding.ts';
import { parseOutlineReply } from '../../src/analysis/llm/reply-parser.ts';

const ok = { claim_number: 1, strategy: 'argue_distinction', outline: ['A point.'], grounded_in: [{ quote: 'a passage of the action' }] };

describe('parseOutlineReply', () => {
  test('plain JSON, fenced JSON, JSON inside prose, a bare array', () => {
    const json = JSON.stringify({ outlines: [ok] });
    for (const reply of [
      json,
      `\`\`\`json\n${json}\n\`\`\``,
      `\`\`\`\n${json}\`\`\``,
      `Sure. Here you go:\n${json}\nHope this helps.`,
      JSON.stringify([ok]),
      `\uFEFF${json}`,
    ]) {
      const r = parseOutlineReply(reply);
      expect(r.wellFormed).toBe(true);
      expect(r.items).toEqual([
        { ok: true, outline: { claim_number: 1, strategy: 'argue_distinction', outline: ['A point.'], quotes: ['a passage of the action'] } },
      ]);
    }
  });

  test('lenient where harmless: numeric strings, strategy case, bare-string quotes, blank points', () => {
    const r = parseOutlineReply(
      JSON.stringify({
        outlines: [{ claim_number: '12', strategy: ' Amend_Narrow ', outline: ['  ', 'Narrow it.'], grounded_in: ['some quoted words here'] }],
      }),
    );
    expect(r.items[0]).toEqual({
      ok: true,
      outline: { claim_number: 12, strategy: 'amend_narrow', outline: ['Narrow it.'], quotes: ['some quoted words here'] },
    });
  });

  test('not the JSON asked for', () => {
    for (const reply of ['', 'ALL CLAIMS ALLOWED', '{"outlines": [', '{"status": "allowed"}', 'null', '42', '{"outlines": "none"}']) {
      expect(parseOutlineReply(reply)).toEqual({ wellFormed: false, items: [] });
    }
  });

  test('entries are judged one by one', () => {
    const r = parseOutlineReply(
      JSON.stringify({
        outlines: [ok, { ...ok, claim_number: 0 }, { ...ok, claim_number: 2, outline: [] }, { ...ok, claim_number: 3, grounded_in: [] }, null],
      }),
    );
    expect(r.items.map((i) => i.ok)).toEqual([true, false, false, false, false]);
    expect(r.items.map((i) => (i.ok ? i.outline.claim_number : i.claim_number))).toEqual([1, null, 2, 3, null]);
  });
});

describe('locateQuote', () => {
  const text =
    'Regarding claim 1, Smith discloses a method comprising\nreceiving a packet (col. 4, lines 5-20).\n\nRegarding claim 9, Smith discloses a method comprising\nreceiving a packet (col. 9, lines 1-2).';

  test('verbatim', () => {
    const q = 'Smith discloses a method comprising';
    expect(locateQuote(text, q, [], [])).toEqual({ start: text.indexOf(q), end: text.indexOf(q) + q.length });
  });

  test("whitespace may differ; the span covers the action's own wording", () => {
    const span = locateQuote(text, 'a method comprising receiving a packet (col. 4', [], [])!;
    expect(text.slice(span.start, span.end)).toBe('a method comprising\nreceiving a packet (col. 4');
  });

  test('wrapping quotation marks are ignored; anything else must match', () => {
    expect(locateQuote(text, '“Smith discloses a method comprising”', [], [])).not.toBeNull();
    expect(locateQuote(text, 'Smith discloses a method including', [], [])).toBeNull();
    expect(locateQuote(text, 'smith discloses a method comprising', [], [])).toBeNull();
    expect(locateQuote(text, 'Smith discloses … receiving a packet', [], [])).toBeNull();
  });

  test('too short to ground anything, or too long', () => {
    expect(locateQuote(text, 'claim 1', [], [])).toBeNull();
    expect(locateQuote('x'.repeat(1000), 'x'.repeat(401), [], [])).toBeNull();
  });

  test("of several occurrences, the one nearest the claim's cited passages", () => {
    const q = 'Smith discloses a method comprising';
    const second = text.lastIndexOf(q);
    expect(locateQuote(text, q, [{ start: second + 60, end: second + 80 }], [])?.start).toBe(second);
    expect(locateQuote(text, q, [{ start: 0, end: 10 }], [])?.start).toBe(text.indexOf(q));
  });

  test('occurrences inside flagged regions do not count', () => {
    const q = 'Smith discloses a method comprising';
    const first = text.indexOf(q);
    expect(locateQuote(text, q, [], [{ start: first, end: first + 5 }])?.start).toBe(text.lastIndexOf(q));
    expect(locateQuote(text, q, [], [{ start: 0, end: text.length }])).toBeNull();
  });
});

describe('selectExcerpts', () => {
  const text = Array.from({ length: 200 }, (_, i) => `Line ${String(i).padStart(3, '0')} of the office action text.`).join('\n');

  test('a short action goes whole, minus flagged regions', () => {
    expect(selectExcerpts('short action', [], { budget: 100 })).toEqual([{ start: 0, end: 12, text: 'short action' }]);
    expect(selectExcerpts('keep DROP keep', [], { budget: 100, flagged: [{ start: 5, end: 10 }] }).map((e) => e.text)).toEqual(['keep ', 'keep']);
  });

  test('a long one: windows around anchors in priority order, merged, within the budget', () => {
    const a = text.indexOf('Line 050');
    const b = text.indexOf('Line 150');
    const c = text.indexOf('Line 190');
    const ex = selectExcerpts(
      text,
      [
        { start: a, end: a + 8 },
        { start: b, end: b + 8 },
        { start: c, end: c + 8 },
      ],
      { budget: 1400, before: 100, after: 500 },
    );
    expect(ex.map((e) => [e.start, e.end])).toEqual([
      [a - 100, a + 508],
      [b - 100, b + 508],
    ]);
    for (const e of ex) expect(text.slice(e.start, e.end)).toBe(e.text);
    const merged = selectExcerpts(
      text,
      [
        { start: a, end: a + 8 },
        { start: a + 200, end: a + 208 },
      ],
      { budget: 5000, before: 100, after: 500 },
    );
    expect(merged.map((e) => [e.start, e.end])).toEqual([[a - 100, a + 708]]);
  });
});
