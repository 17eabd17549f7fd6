/**
 * The words of a claim limitation and of a reference passage, compared as a practitioner reads
 * them: "does the passage the examiner relied on even mention what the limitation recites?"
 * Comparison is by Porter stem ("receivable" ~ "receiver", "frequencies" ~ "frequency"), numbers
 * with their unit are one term ("5GHz" = "5 GHz"), an acronym matches its spelled-out words
 * ("WLAN" ~ "wireless local area network"), and USPTO full-text markup is undone ("f.sub.1" = "f1").
 *
 * Only literal presence is decided here. Whether a passage *discloses* a limitation is the
 * practitioner's judgment; what Prosa states is that a term does or does not appear in a held text.
 */
import { stemmer } from 'stemmer';

export interface Term {
  /** The comparison key: a Porter stem, a number with its unit, or an acronym in lower case. */
  key: string;
  /** The word as the limitation writes it (its first occurrence). */
  surface: string;
  /** An all-capitals abbreviation (WLAN, BPF): also matched against words whose initials spell it. */
  acronym: boolean;
  /** A number with a unit or a coded value ("5GHz", "802.11"): exact match only. */
  quantity: boolean;
  /** A hyphenated word ("non-overlapping"): its closed form's key, and its parts' keys (all must appear). */
  closed?: string;
  parts?: string[];
  /** An abbreviation the claim defines ("a bandpass filter (BPF)"): the keys of the words it stands for (all must appear). */
  expansion?: string[];
}

/**
 * Words that say nothing about what distinguishes one limitation from another: articles and
 * prepositions, claim drafting vocabulary (37 CFR 1.75 style: "comprising", "wherein", "said"),
 * ordinals and counting words, and generic nouns of claim preambles ("device", "system").
 */
const GENERIC = new Set(
  (
    'a an the and or nor but of to in on at by for from with without within into onto over under upon via per as than then that this these those such ' +
    'is are be been being was were has have having had do does did can could may might must shall should will would ' +
    "it its it's their them they there thereof therein thereby thereto wherein whereby wherewith where which who whom whose what when while " +
    'said same each every any all both either neither other another least most more less further first second third fourth fifth sixth ' +
    'one two three four five six seven eight nine ten plurality number set group portion part parts some only also not no ' +
    'comprising comprises comprise consisting consists including includes include having containing contain contains ' +
    'claim claims claimed according method methods system systems apparatus device devices means step steps unit units module modules element elements ' +
    'component components member members assembly structure configured adapted operable arranged capable able so thereon ' +
    'based using use used associated respective respectively corresponding predetermined substantially approximately about generally ' +
    'least greater smaller between among through during after before least herein thereafter wherein whereupon ' +
    'encompassing encompass encompasses encompassed thereby therefrom particular certain various plural'
  ).split(/\s+/),
);

/**
 * Verbs of claim steps that say little about what the step does ("applying", "providing",
 * "determining"): kept as terms, but weighed lightly when ranking paragraphs. Compared by stem.
 */
const WEAK_STEMS = new Set([
  'appli',
  'provid',
  'determin',
  'receiv',
  'send',
  'generat',
  'perform',
  'obtain',
  'identifi',
  'select',
  'store',
  'process',
  'execut',
  'caus',
  'enabl',
  'allow',
  'form',
  'creat',
  'make',
  'operat',
  'output',
  'input',
  'read',
  'write',
  'calcul',
  'comput',
  'detect',
]);

export function isWeakTerm(term: Term): boolean {
  return !term.quantity && !term.acronym && WEAK_STEMS.has(term.key);
}

/** Text with USPTO full-text markup undone: "f.sub.1" → "f1", ".DELTA." → "delta", "&lt;" → "<". */
export function plainText(text: string): string {
  return text
    .replace(/\.(?:sub|sup)\.(\w)/g, '$1')
    .replace(
      /\.(?:DELTA|delta|SIGMA|alpha|beta|gamma|lamda|lambda|mu|pi|theta|sigma|omega|vertline|times|ltoreq|gtoreq)\./g,
      (m) => ` ${m.slice(1, -1).toLowerCase()} `,
    )
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

// A number with a unit written together or apart ("5GHz", "5 GHz", "5,400 MHz", "802.11ac"), a
// word (letters, digits, inner hyphens and apostrophes), or a reference numeral ("24a").
const TOKEN =
  /(\d+(?:[.,]\d+)*)\s?(ghz|mhz|khz|hz|nm|mm|cm|µm|um|km|mw|kw|w|mv|kv|v|ma|db|dbm|°c|ms|µs|us|ns|kb|mb|gb|tb|bps|kbps|mbps|gbps|%)(?![\p{L}\p{N}])|[\p{L}\p{N}]+(?:(?:[-'’]|\.(?=\d))[\p{L}\p{N}]+)*/giu;

/** Every token of a text, in order, with its position (for highlighting). */
export function tokens(text: string): Array<{ word: string; start: number; end: number; quantity: boolean }> {
  const out: Array<{ word: string; start: number; end: number; quantity: boolean }> = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    out.push({ word: m[0], start: m.index, end: m.index + m[0].length, quantity: m[1] !== undefined });
  }
  return out;
}

/** The comparison key of one word ("5 GHz" and "5,000MHz" as "5ghz", "5000mhz"). */
export function keyOf(word: string, quantity = false): string {
  if (quantity) return word.toLowerCase().replace(/[\s,]/g, '');
  const lower = word.toLowerCase().replace(/[’']s$/, '');
  if (/\d/.test(lower)) return lower; // codes and numerals ("802.11", "24a", "3gpp") compare exactly
  return stemmer(lower);
}

/**
 * A term whose absence from a reference is telling by itself: an abbreviation ("WLAN") or a term
 * with a number ("5GHz", "802.11"). Ordinary words may be absent only because the reference says
 * the same thing in other words (anticipation is not an ipsissimis verbis test, MPEP 2131).
 */
export function isSpecificTerm(surface: string): boolean {
  return /\d/.test(surface) || isAcronym(surface);
}

const isAcronym = (w: string) => /^[A-Z][A-Z0-9]{1,7}s?$/.test(w) && /[A-Z].*[A-Z]/.test(w);

/**
 * The distinguishing terms of a text: its words other than generic ones, each once, in order of
 * first appearance. Bare numbers ("1", "2") and single letters are left out: in claims they
 * count or label, they do not describe.
 */
/**
 * Abbreviations a text defines in the usual way, "words (ABBR)": the words whose letters spell the
 * abbreviation in order, the first letter starting the first word ("bandpass filter (BPF)",
 * "wireless local area network (WLAN)").
 */
function definedAbbreviations(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const re = /((?:[\p{L}][\p{L}-]*\s+){0,6}[\p{L}][\p{L}-]*)\s*\(\s*([A-Z][A-Z0-9]{1,7})s?\s*\)/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const words = m[1].split(/\s+/);
    const abbr = m[2].toLowerCase();
    for (let k = 1; k <= words.length; k++) {
      const tail = words.slice(words.length - k);
      if (tail[0][0]?.toLowerCase() !== abbr[0] || !isSubsequence(abbr, tail.join('').toLowerCase())) continue;
      out.set(
        m[2],
        tail.map((w) => keyOf(w)),
      );
      break;
    }
  }
  return out;
}

function isSubsequence(needle: string, hay: string): boolean {
  let i = 0;
  for (const c of hay) if (c === needle[i]) i++;
  return i === needle.length;
}

/**
 * `context`: the text around (the whole claim and the claims it depends from), where an
 * abbreviation the limitation uses may be defined.
 */
export function distinguishingTerms(text: string, context = text): Term[] {
  const defined = definedAbbreviations(context);
  const seen = new Set<string>();
  const out: Term[] = [];
  for (const t of tokens(plainText(text))) {
    const word = t.word;
    if (!t.quantity && (GENERIC.has(word.toLowerCase()) || /^\d+$/.test(word) || word.length < 2)) continue;
    if (!t.quantity && /^[a-z]$/i.test(word)) continue;
    const key = keyOf(word, t.quantity);
    if (GENERIC.has(key) || seen.has(key)) continue;
    seen.add(key);
    const hyphenated = !t.quantity && word.includes('-');
    out.push({
      key,
      surface: word,
      acronym: !t.quantity && isAcronym(word),
      quantity: t.quantity || /\d/.test(word),
      ...(hyphenated
        ? {
            closed: keyOf(word.replace(/-/g, '')),
            parts: word
              .split('-')
              .filter((p) => p.length > 1)
              .map((p) => keyOf(p)),
          }
        : {}),
      ...(defined.has(word.replace(/s$/, '')) ? { expansion: defined.get(word.replace(/s$/, ''))! } : {}),
    });
  }
  return out;
}

/** A text indexed for the presence of terms: its word keys and, for acronyms, its runs of initials. */
export interface TermIndex {
  keys: Set<string>;
  /** Initials of every run of up to eight consecutive words, lower case ("wireless local area network" → "wlan"). */
  initials: Set<string>;
}

export function indexTerms(text: string): TermIndex {
  const words = tokens(plainText(text));
  const keys = new Set<string>();
  const initials = new Set<string>();
  for (const w of words) {
    keys.add(keyOf(w.word, w.quantity));
    // "non-overlapping" also counts as "overlapping" and "nonoverlapping".
    if (!w.quantity && w.word.includes('-')) {
      keys.add(keyOf(w.word.replace(/-/g, '')));
      for (const part of w.word.split('-')) if (part.length > 2) keys.add(keyOf(part));
    }
  }
  const letters = words.map((w) => (w.quantity ? '' : (w.word[0]?.toLowerCase() ?? '')));
  for (let i = 0; i < letters.length; i++) {
    let run = '';
    for (let j = i; j < Math.min(letters.length, i + 8); j++) {
      if (!letters[j]) break;
      run += letters[j];
      if (run.length >= 2) initials.add(run);
    }
  }
  return { keys, initials };
}

/** True when the indexed text contains the term (by stem, exactly for quantities, by initials for acronyms). */
export function containsTerm(index: TermIndex, term: Term): boolean {
  if (index.keys.has(term.key)) return true;
  if (term.closed && index.keys.has(term.closed)) return true;
  if (term.parts?.length && term.parts.every((p) => index.keys.has(p))) return true;
  if (term.expansion?.length && term.expansion.every((k) => index.keys.has(k))) return true;
  if (term.acronym) {
    const bare = term.surface.replace(/s$/, '').toLowerCase();
    if (index.keys.has(bare) || index.initials.has(bare)) return true;
  }
  return false;
}

/** The terms of `terms` the indexed text does not contain. */
export function missingTerms(terms: readonly Term[], index: TermIndex): Term[] {
  return terms.filter((t) => !containsTerm(index, t));
}

/**
 * Positions in `text` of the words that match any of `terms` (for highlighting a passage beside
 * the limitation). Positions index `text` as given: markup such as ".sub." is not undone here.
 */
export function matchPositions(text: string, terms: readonly Term[]): Array<{ start: number; end: number }> {
  const wanted = new Set(terms.map((t) => t.key));
  const out: Array<{ start: number; end: number }> = [];
  for (const t of tokens(text)) {
    if (wanted.has(keyOf(t.word, t.quantity))) out.push({ start: t.start, end: t.end });
  }
  return out;
}
