/**
 * Bounds what an analysis stores and returns relative to its input (issue 12 item 7: a 1 MB text
 * that repeats one action returned a 5.5 MB record, every copy of every quote stored again).
 *
 * - A list longer than its cap first keeps identical items (the same quote, pinpoint, rejection or
 *   ground at other offsets) once: the first, with the offsets of up to
 *   OUTPUT_LIMITS.offsetsPerItem further copies in `also_at`; ids that pointed at a merged ground
 *   are re-pointed to the kept one. Then it is cut at the cap. Lists within their caps are left as
 *   they are, so ordinary analyses do not change. (Claims are bounded by the parser: 1 to 999.)
 * - A quote longer than OUTPUT_LIMITS.quoteChars is cut with an ellipsis and `text_truncated: true`;
 *   its span keeps the exact offsets of the whole passage, so it still re-reads from the text.
 * - Whatever remains over OUTPUT_LIMITS.maxRecordBytes halves the caps until it fits.
 * What was left out is counted per field in the record's `truncated` (docs/decisions/office-actions.md "Bounded records").
 */

export const OUTPUT_LIMITS = {
  /** A quoted passage (statement, evidence, pinpoint); grounds' reasoning has its own 4,000 (grounds.ts). */
  quoteChars: 1500,
  /** Items per claim in each of rejections, objections, evidence, pinpoints, examiner_admissions. */
  perClaim: 25,
  /** Offsets of identical copies recorded on the kept item. */
  offsetsPerItem: 10,
  grounds: 150,
  /** Pinpoints per ground (the corpus has up to 27). */
  groundPinpoints: 50,
  references: 100,
  /** restriction_groups, information_requirements, document_objections, warnings, argument_outlines. */
  otherLists: 50,
  /** The record as JSON, whatever the input. */
  maxRecordBytes: 2 * 1024 * 1024,
} as const;

type Obj = Record<string, unknown>;
type Span = { start: number; end: number };
/** Items left out, by field path (`claim_analyses[].pinpoints`, `grounds`, `quotes`). */
export type Truncation = Record<string, number>;

interface Caps {
  quoteChars: number;
  perClaim: number;
  offsetsPerItem: number;
  grounds: number;
  groundPinpoints: number;
  references: number;
  otherLists: number;
}

/** Keys that differ between identical copies of an item: where it is, and ids derived from that. */
const POSITIONAL = new Set(['span', 'id', 'ground_id', 'derived_from', 'also_at', 'cited_in', 'text_truncated']);
/** What an item says, wherever it is (a JSON replacer was several times slower on large lists). */
function identity(x: unknown): string {
  if (x === null || typeof x !== 'object') return JSON.stringify(x) ?? 'u';
  if (Array.isArray(x)) return `[${x.map(identity).join(',')}]`;
  let out = '{';
  for (const k in x as Obj) if (!POSITIONAL.has(k)) out += `${k}:${identity((x as Obj)[k])},`;
  return `${out}}`;
}

function spanOf(x: Obj): Span | null {
  const direct = x.span as Span | undefined;
  if (direct && typeof direct.start === 'number') return { start: direct.start, end: direct.end };
  for (const k of ['evidence', 'statement']) {
    const inner = x[k] as Obj | undefined;
    const s = inner && typeof inner === 'object' ? (inner.span as Span | undefined) : undefined;
    if (s && typeof s.start === 'number') return { start: s.start, end: s.end };
  }
  return null;
}

function count(cut: Truncation, path: string, n: number): void {
  if (n > 0) cut[path] = (cut[path] ?? 0) + n;
}

/**
 * Keeps the first of identical items (recording where the others were) and at most `cap` items.
 * `dropped` receives each left-out item with the item it merged into (null when cut by the cap).
 */
function boundList(items: unknown, cap: number, caps: Caps, path: string, cut: Truncation, dropped?: (item: Obj, keptAs: Obj | null) => void): Obj[] | unknown {
  // A list within its cap is left as the pipeline wrote it (a real action may cite the same figure
  // twice, and those are two citations): only lists over the cap are merged, then cut.
  if (!Array.isArray(items) || items.length <= cap) return items;
  const kept: Obj[] = [];
  const byIdentity = new Map<string, Obj>();
  let merged = 0;
  for (const item of items as Obj[]) {
    if (!item || typeof item !== 'object') {
      kept.push(item);
      continue;
    }
    const key = identity(item);
    const first = byIdentity.get(key);
    if (!first) {
      byIdentity.set(key, item);
      kept.push(item);
      continue;
    }
    merged++;
    dropped?.(item, first);
    const at = spanOf(item);
    const also = (first.also_at as Span[] | undefined) ?? [];
    if (at && also.length < caps.offsetsPerItem) first.also_at = [...also, at];
  }
  count(cut, path, merged);
  if (kept.length <= cap) return kept;
  for (const item of kept.slice(cap)) dropped?.(item, null);
  count(cut, path, kept.length - cap);
  return kept.slice(0, cap);
}

/** Cuts long quotes (`{text, span}` and a rejection's `{statement, span}`) anywhere in the record. */
function capQuotes(node: unknown, caps: Caps, cut: Truncation, key = ''): void {
  if (Array.isArray(node)) {
    for (const x of node) capQuotes(x, caps, cut, key);
    return;
  }
  if (!node || typeof node !== 'object') return;
  // The examiner's reasoning on a ground is bounded where it is quoted (MAX_REASONING_CHARS) and says so itself.
  if (key === 'reasoning') return;
  const o = node as Obj;
  if (o.span && typeof o.span === 'object') {
    for (const field of ['text', 'statement']) {
      const v = o[field];
      if (typeof v === 'string' && v.length > caps.quoteChars) {
        o[field] = `${v.slice(0, caps.quoteChars - 1)}…`;
        o.text_truncated = true;
        count(cut, 'quotes', 1);
      }
    }
  }
  // for...in rather than Object.entries: a record has thousands of small objects, and the pairs
  // array per object was half of this walk's cost.
  for (const k in o) {
    const v = o[k];
    if (v && typeof v === 'object') capQuotes(v, caps, cut, k);
  }
}

function boundOnce(record: Obj, caps: Caps, cut: Truncation): void {
  // Grounds first: merged or cut ground ids are re-pointed (or removed) in claims and references.
  // (A ground's own lists are bounded before grounds are compared, which keeps comparing cheap.)
  for (const g of (record.grounds as Obj[] | undefined) ?? []) {
    g.pinpoints = boundList(g.pinpoints, caps.groundPinpoints, caps, 'grounds[].pinpoints', cut);
    g.derived_from = boundList(g.derived_from, caps.perClaim, caps, 'grounds[].derived_from', cut);
  }
  const groundIds = new Map<string, string | null>();
  record.grounds = boundList(record.grounds, caps.grounds, caps, 'grounds', cut, (g, keptAs) => {
    if (typeof g.id === 'string') groundIds.set(g.id, keptAs && typeof keptAs.id === 'string' ? keptAs.id : null);
  });
  const repoint = (id: unknown): string | null => (typeof id === 'string' ? (groundIds.has(id) ? groundIds.get(id)! : id) : null);

  for (const c of (record.claim_analyses as Obj[] | undefined) ?? []) {
    c.rejections = boundList(c.rejections, caps.perClaim, caps, 'claim_analyses[].rejections', cut);
    for (const r of (c.rejections as Obj[]) ?? []) {
      if (r.ground_id === undefined) continue;
      const id = repoint(r.ground_id);
      if (id) r.ground_id = id;
      else delete r.ground_id;
    }
    for (const field of ['objections', 'evidence', 'pinpoints', 'examiner_admissions']) {
      c[field] = boundList(c[field], caps.perClaim, caps, `claim_analyses[].${field}`, cut);
    }
  }

  record.references = boundList(record.references, caps.references, caps, 'references', cut);
  for (const r of (record.references as Obj[] | undefined) ?? []) {
    if (Array.isArray(r.cited_in)) r.cited_in = [...new Set((r.cited_in as unknown[]).map(repoint).filter((x): x is string => x !== null))];
  }
  for (const field of ['restriction_groups', 'information_requirements', 'document_objections', 'warnings', 'argument_outlines']) {
    record[field] = boundList(record[field], caps.otherLists, caps, field, cut);
  }
  capQuotes(record, caps, cut);
}

/** What boundRecord left out, and the bounded record's JSON text. */
export interface BoundRecord {
  cut: Truncation;
  /** `record` as it stands when boundRecord returns, serialized: the size check's own serialization, kept for the caller. */
  json: string;
}

/**
 * Bounds `record` in place (see the module comment) and returns what was left out, by field.
 * An analysis of an ordinary action is left exactly as it was: its lists hold no identical
 * copies and stay far below the caps.
 */
export function boundRecord(record: Obj): BoundRecord {
  const cut: Truncation = {};
  let caps: Caps = { ...OUTPUT_LIMITS };
  boundOnce(record, caps, cut);
  let json = JSON.stringify(record);
  // Still over the absolute bound (a megabyte of distinct rejections): halve the caps until it fits.
  for (let round = 0; round < 8 && Buffer.byteLength(json) > OUTPUT_LIMITS.maxRecordBytes; round++) {
    caps = {
      quoteChars: Math.max(200, Math.floor(caps.quoteChars / 2)),
      perClaim: Math.max(1, Math.floor(caps.perClaim / 2)),
      offsetsPerItem: Math.floor(caps.offsetsPerItem / 2),
      grounds: Math.max(1, Math.floor(caps.grounds / 2)),
      groundPinpoints: Math.max(1, Math.floor(caps.groundPinpoints / 2)),
      references: Math.max(1, Math.floor(caps.references / 2)),
      otherLists: Math.max(1, Math.floor(caps.otherLists / 2)),
    };
    boundOnce(record, caps, cut);
    json = JSON.stringify(record);
  }
  return { cut, json };
}

/** The known weakness glass_box lists when something was left out. */
export function truncationWeakness(cut: Truncation): string | null {
  const total = Object.values(cut).reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const fields = Object.entries(cut)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `output bounded: ${total} repeated or excess items or long quotes were left out or shortened (${fields}); every span kept re-reads from the text`;
}
