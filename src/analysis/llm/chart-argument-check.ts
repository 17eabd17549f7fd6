/**
 * Whether a sentence a model drafted from the claim chart may enter a paper. Nothing the model
 * says about the art is taken on trust where it can be checked mechanically:
 * - every text in quotation marks (“...”, "..." or ‘...’) must be a quotation the model declared, and
 *   each must occur verbatim (whitespace aside) in the source it names: the claim limitation, the
 *   examiner's words, or a passage shown to it; a sentence citing paragraphs must quote only the
 *   passages it cites;
 * - every pinpoint, declared or written in the sentence, must be a passage shown or a pinpoint the
 *   examiner wrote for the limitation;
 * - a sentence saying a text "does not mention / use / contain" words must quote only words the
 *   chart found missing (from the passages) or absent (from the whole reference);
 * - a sentence must not name a claim (one argument may serve several claims; the paper names them).
 * What is not checked is whether the argument persuades: the paper says a model drafted it.
 */
import type { CandidateSentence } from './chart-argument-reply.ts';
import { allowedPinpoints, declaredAllowed, mentionAllowed, pinpointMentions, writtenForm } from './pinpoint-mentions.ts';

export type DropCode = 'quotation' | 'undeclared_quotation' | 'pinpoint' | 'absence' | 'names_claim' | 'malformed' | 'not_asked' | 'excess';

export type Verdict = { ok: true } | { ok: false; code: DropCode; reason: string };

/** The held texts one limitation was argued from, as shown to the model. */
export interface HeldSources {
  limitation: string;
  assertion: string | null;
  passages: ReadonlyArray<{ label: string; text: string }>;
  examiner_pinpoints: readonly string[];
  missing_terms: readonly string[];
  absent_terms: readonly string[];
}

// Double quotation marks, and single ones opened with ‘ (a lone ’ is an apostrophe: "Laroia’s").
const QUOTED = /“([^“”]*)”|"([^"]*)"|‘([^‘’]*)’/g;
const STRAY_MARK = /[“”"‘]/;
const ABSENCE = /\b(?:does|do|did) not (?:mention|use|contain|recite)\b|\b(?:never|nowhere) (?:mentions|uses|contains|recites)\b/gi;
const NAMES_CLAIM = /\bclaims?\s+\d/i;
/** The clause's subject is the passages cited (not the whole reference): their missing terms may be named. */
const ABOUT_PASSAGES = /passage|¶|\bparagraph|\bcol(?:umn)?\b|\bll?\.\s*\d|\[\d{4}\]/i;

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
const bare = (s: string) => squeeze(s).replace(/[.,;:]+$/, '');
/** Verbatim but for whitespace: the held texts break lines where a model writes a space. */
const occursIn = (source: string, quote: string) => quote.length > 0 && squeeze(source).includes(quote);

function fail(code: DropCode, reason: string): Verdict {
  return { ok: false, code, reason };
}

/** The held text a quotation's source names, or undefined when it names none given. */
function sourceText(source: string, held: HeldSources): { text: string; label: string | null } | undefined {
  const s = source
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
  if (/^(?:the )?(?:claim|limitation|claim limitation)$/.test(s)) return { text: held.limitation, label: null };
  if (/^(?:the )?(?:office action|action|examiner|examiner'?s words)$/.test(s))
    return held.assertion === null ? undefined : { text: held.assertion, label: null };
  const w = writtenForm(source);
  const p = held.passages.find((x) => writtenForm(x.label) === w || w.endsWith(writtenForm(x.label)));
  return p ? { text: p.text, label: p.label } : undefined;
}

export function checkSentence(sentence: CandidateSentence, held: HeldSources): Verdict {
  const text = sentence.text;
  // The words in quotation marks, and the sentence with them blanked (their numbers are not citations).
  const quoted: Array<{ text: string; index: number }> = [];
  const outside = text.replace(QUOTED, (m, a: string | undefined, b: string | undefined, c: string | undefined, index: number) => {
    quoted.push({ text: a ?? b ?? c ?? '', index });
    return ' '.repeat(m.length);
  });
  if (STRAY_MARK.test(outside)) return fail('malformed', 'has an unpaired quotation mark');
  // Outside quotations: the examiner's words may name a claim, and a verified quotation of them is true.
  if (NAMES_CLAIM.test(outside)) return fail('names_claim', 'names a claim (the paper says which claims the argument is for)');

  // Models wrap a declared quotation in quotation marks of its own; a trailing ' may be the text's (322').
  const declared = sentence.quotations.map((q) => ({ ...q, text: squeeze(q.text).replace(/^["“”]+|["“”]+$/g, '') }));
  const cites = [...sentence.pinpoints.flatMap((p) => pinpointMentions(p)), ...pinpointMentions(outside)];
  const citedParagraphs = new Set(cites.flatMap((m) => m.paragraphs));
  const quotedPassages: string[] = [];
  for (const q of quoted) {
    const words = squeeze(q.text);
    const match = declared.find((d) => d.text === words || d.text === bare(words));
    if (!match) return fail('undeclared_quotation', `puts “${words}” in quotation marks without declaring it as a quotation`);
    const shown = match.text === words ? words : bare(words);
    if (match.source === null) {
      const all = [held.limitation, held.assertion ?? '', ...held.passages.map((p) => p.text)];
      if (!all.some((t) => occursIn(t, shown)))
        return fail('quotation', `quotes “${shown}”, which is not in the claim, the examiner's words or the passages given`);
      continue;
    }
    const source = sourceText(match.source, held);
    if (!source) return fail('quotation', `quotes “${shown}” from ${match.source}, which was not given`);
    if (!occursIn(source.text, shown)) return fail('quotation', `quotes “${shown}”, which is not in ${match.source}`);
    if (source.label) quotedPassages.push(source.label);
  }

  const allowed = allowedPinpoints(held.passages, held.examiner_pinpoints);
  for (const p of sentence.pinpoints) if (!declaredAllowed(p, allowed)) return fail('pinpoint', `cites ${p}, which is not a passage given`);
  for (const m of pinpointMentions(outside)) if (!mentionAllowed(m, allowed)) return fail('pinpoint', `cites ${squeeze(m.text)}, which is not a passage given`);
  // "Laroia ¶ [0034] states “...”" must quote ¶ [0034], not another passage.
  if (citedParagraphs.size) {
    for (const label of quotedPassages) {
      const n = /^\[(\d+)\]$/.exec(label);
      if (n && !citedParagraphs.has(Number(n[1])))
        return fail('pinpoint', `quotes ${label} but cites ${[...citedParagraphs].map((x) => `[${String(x).padStart(4, '0')}]`).join(', ')}`);
    }
  }

  for (const m of outside.matchAll(ABSENCE)) {
    const end = m.index + m[0].length;
    const stop = outside.slice(end).search(/[.;](?:\s|$)/);
    const clauseEnd = stop < 0 ? text.length : end + stop;
    const terms = quoted.filter((q) => q.index >= end && q.index < clauseEnd).map((q) => bare(q.text).toLowerCase());
    if (terms.length === 0) return fail('absence', 'says words are missing without quoting which');
    // The subject is read back to the clause's start: in "¶ [0031] describes filters; Laroia does not
    // mention ..." the absence is claimed of Laroia, not of the passage.
    const before = outside.slice(0, m.index);
    const aboutPassages = ABOUT_PASSAGES.test(before.slice(Math.max(before.lastIndexOf(';'), before.lastIndexOf(',')) + 1));
    const listed = new Set([...held.absent_terms, ...(aboutPassages ? held.missing_terms : [])].map((t) => t.toLowerCase()));
    const unlisted = terms.filter((t) => !listed.has(t));
    if (unlisted.length) {
      return fail(
        'absence',
        `says ${aboutPassages ? 'the passages' : 'the reference'} lack${aboutPassages ? '' : 's'} “${unlisted[0]}”, which the claim chart does not show ${aboutPassages ? 'missing from them' : 'absent from it'}`,
      );
    }
  }
  return { ok: true };
}
