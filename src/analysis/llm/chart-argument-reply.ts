import { z } from 'zod';
import { extractJson, isRecord } from './reply-parser.ts';

/**
 * Reads the model's reply to the chart-argument prompt defensively: only the JSON shape the prompt
 * defines is accepted (fenced or wrapped in prose is tolerated, truncated or other JSON is not),
 * and each limitation's entry and each sentence is checked on its own, so one bad entry costs only
 * itself. A sentence that cannot be read is reported with the reason, never repaired.
 */
export interface CandidateQuotation {
  text: string;
  /** "claim", "office_action" or a passage label, as the model named it; null when it named none. */
  source: string | null;
}

export interface CandidateSentence {
  text: string;
  quotations: CandidateQuotation[];
  pinpoints: string[];
}

export type ParsedSentence = { ok: true; sentence: CandidateSentence } | { ok: false; text: string | null; reason: string };

export type ParsedArgument = { ok: true; limitation: string; sentences: ParsedSentence[] } | { ok: false; limitation: string | null; reason: string };

export interface ParsedChartReply {
  /** False when the reply is not the JSON object asked for at all. */
  wellFormed: boolean;
  items: ParsedArgument[];
}

const MAX_ITEMS = 50;
const MAX_SENTENCES = 10;
const MAX_SENTENCE_CHARS = 800;
const MAX_QUOTATIONS = 8;
const MAX_PINPOINTS = 8;

// `{ "text": "...", "source": "..." }` as asked; a bare string is accepted too (its source unknown).
const quotation = z.union([
  z.string().transform((text) => ({ text, source: null })),
  z.object({ text: z.string(), source: z.string().nullish() }).transform((q) => ({ text: q.text, source: q.source?.trim() || null })),
]);

const sentenceObject = z.object({
  text: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(MAX_SENTENCE_CHARS)),
  quotations: z.array(quotation).max(MAX_QUOTATIONS).default([]),
  pinpoints: z.array(z.string()).max(MAX_PINPOINTS).default([]),
});
// A bare string is a sentence that declares nothing: any quotation or pinpoint in it is then
// undeclared or checked from its text alone.
const sentenceSchema = z.union([
  z
    .string()
    .transform((text) => ({ text }))
    .pipe(sentenceObject),
  sentenceObject,
]);

const argumentSchema = z.object({
  limitation: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1)),
  sentences: z.array(z.unknown()).min(1),
});

export function parseChartArgumentReply(reply: string): ParsedChartReply {
  const json = extractJson(reply);
  const list = isRecord(json) && Array.isArray(json.arguments) ? json.arguments : null;
  if (!list) return { wellFormed: false, items: [] };
  const items = list.slice(0, MAX_ITEMS).map((raw): ParsedArgument => {
    const r = argumentSchema.safeParse(raw);
    if (!r.success) {
      const id = isRecord(raw) && typeof raw.limitation === 'string' ? raw.limitation.trim() : null;
      return { ok: false, limitation: id, reason: `invalid argument (${r.error.issues[0]?.path.join('.') || 'shape'})` };
    }
    return { ok: true, limitation: r.data.limitation, sentences: r.data.sentences.slice(0, MAX_SENTENCES).map(parseSentence) };
  });
  return { wellFormed: true, items };
}

function parseSentence(raw: unknown): ParsedSentence {
  const r = sentenceSchema.safeParse(raw);
  if (r.success) return { ok: true, sentence: r.data };
  const text = isRecord(raw) && typeof raw.text === 'string' ? raw.text : typeof raw === 'string' ? raw : null;
  return { ok: false, text, reason: `invalid sentence (${r.error.issues[0]?.path.join('.') || 'shape'})` };
}
