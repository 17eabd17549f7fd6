import { z } from 'zod';
import { OUTLINE_STRATEGIES } from './outline-prompt.ts';

/**
 * Reads the model's reply defensively. Models wrap JSON in code fences or prose, truncate it at
 * the token limit, or answer something else entirely (a prompt injection that worked). The reply
 * is accepted only as the JSON shape the prompt defines; each outline is checked on its own, so
 * one bad entry costs only itself.
 */
export interface CandidateOutline {
  claim_number: number;
  strategy: (typeof OUTLINE_STRATEGIES)[number];
  outline: string[];
  quotes: string[];
}

export type ParsedItem = { ok: true; outline: CandidateOutline } | { ok: false; claim_number: number | null; reason: string };

export interface ParsedReply {
  /** False when the reply is not the JSON object asked for at all. */
  wellFormed: boolean;
  items: ParsedItem[];
}

const MAX_ITEMS = 200;
const MAX_POINTS = 8;
const MAX_POINT_CHARS = 1000;
const MAX_QUOTES = 6;

const claimNumber = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\s*\d{1,4}\s*$/)
    .transform(Number),
]);

const outlineSchema = z.object({
  claim_number: claimNumber,
  strategy: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(OUTLINE_STRATEGIES)),
  outline: z
    .array(z.string())
    .transform((points) => points.map((p) => p.trim()).filter((p) => p.length > 0))
    .pipe(z.array(z.string().max(MAX_POINT_CHARS)).min(1)),
  // `{ "quote": "..." }` as asked; a bare string is accepted too.
  grounded_in: z
    .array(z.union([z.string(), z.object({ quote: z.string() }).transform((q) => q.quote)]))
    .min(1)
    .max(MAX_QUOTES),
});

export function parseOutlineReply(reply: string): ParsedReply {
  const json = extractJson(reply);
  const list = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.outlines) ? json.outlines : null;
  if (!list) return { wellFormed: false, items: [] };
  const items = list.slice(0, MAX_ITEMS).map((raw): ParsedItem => {
    const r = outlineSchema.safeParse(raw);
    if (!r.success) {
      const n = isRecord(raw) ? claimNumber.safeParse(raw.claim_number) : null;
      return { ok: false, claim_number: n?.success ? n.data : null, reason: `invalid outline (${r.error.issues[0]?.path.join('.') || 'shape'})` };
    }
    const o = r.data;
    return { ok: true, outline: { claim_number: o.claim_number, strategy: o.strategy, outline: o.outline.slice(0, MAX_POINTS), quotes: o.grounded_in } };
  });
  return { wellFormed: true, items };
}

/** The reply as JSON: as is, inside a ``` fence, or between the first `{` and the last `}`. */
export function extractJson(reply: string): unknown {
  const text = reply.replace(/^\uFEFF/, '').trim();
  const candidates = [text];
  const fence = /```(?:json|JSON)?[ \t]*\r?\n?([\s\S]*?)```/.exec(text);
  if (fence) candidates.push(fence[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const c of candidates) {
    try {
      return JSON.parse(c) as unknown;
    } catch {
      // next candidate
    }
  }
  return undefined;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
