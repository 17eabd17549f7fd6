/**
 * A claim split into the limitations a claim chart sets against the art: the preamble of an
 * independent claim, then each element of its body. Elements end at a semicolon, at the colon
 * that opens a list ("... cause the system to:"), and before a "wherein"/"whereby" clause, all at
 * the top level (not inside parentheses). A body written without semicolons is split before each
 * ", a ..."/", and a ..." that introduces a new element (independent claims only). A dependent claim's limitations are what
 * follows its reference to the parent claim ("The method of claim 1, wherein ...").
 *
 * Each limitation is an exact substring of the claim text (with its offsets), so quoting it in a
 * paper quotes the claim.
 */
import { stripClaimNumber } from './claim-text.ts';

export interface Limitation {
  /** 0 for the preamble of an independent claim; elements count from 1. */
  index: number;
  part: 'preamble' | 'element';
  text: string;
  /** Offsets into the claim text given (after its number is stripped). */
  start: number;
  end: number;
}

export interface SplitClaim {
  /** The claim text the offsets index (number stripped, whitespace kept). */
  text: string;
  /** The claim it refers back to, for a dependent claim. */
  parent: number | null;
  limitations: Limitation[];
}

const TRANSITION =
  /\b(?:comprising|comprises|consisting\s+essentially\s+of|consisting\s+of|consists\s+of|including|includes|having|characterized\s+(?:in\s+that|by)|the\s+improvement\s+comprising)\b\s*:?/i;
const DEPENDENCY = /^[\s\S]{0,200}?\bclaims?\s+(\d+)\b(?:\s*(?:,|or|and|-|–|to|through)\s*(?:claims?\s+)?\d+)*\s*,?\s*/i;
const CONNECTIVE = /^(?:\s|and\b|or\b|further\b|comprising\b|including\b|wherein\s*:|:|,)+/i;
const MAX_LIMITATIONS = 200;

/** Depth of parentheses and brackets before each position. */
function depths(text: string): Uint16Array {
  const out = new Uint16Array(text.length + 1);
  let d = 0;
  for (let i = 0; i < text.length; i++) {
    out[i] = d;
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') d++;
    else if ((c === ')' || c === ']' || c === '}') && d > 0) d--;
  }
  out[text.length] = d;
  return out;
}

/** Cut points in text[from, to): after ';', after a list-opening ':', and before ', wherein'. */
function cutPoints(text: string, from: number, to: number, depth: Uint16Array, independent: boolean): number[] {
  const body = text.slice(from, to);
  const cuts: number[] = [];
  // Commas split elements only in the body of an independent claim written without semicolons.
  const re =
    !independent || /;/.test(body)
      ? /;|:(?=\s)|,?\s+(?=(?:wherein|whereby)\b)/g
      : /;|:(?=\s)|,?\s+(?=(?:wherein|whereby)\b)|,\s+(?:and\s+)?(?=(?:an?|one\s+or\s+more|at\s+least\s+one|a\s+plurality\s+of)\s)/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const at = from + m.index;
    if (depth[at] !== 0) continue;
    cuts.push(m[0] === ';' || m[0] === ':' ? at + 1 : at);
  }
  return cuts;
}

/** Trims connectives and punctuation at both ends of text[start, end): returns the tightened range. */
function tighten(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  for (;;) {
    const m = CONNECTIVE.exec(text.slice(s, e));
    if (!m || m[0].length === 0) break;
    s += m[0].length;
  }
  while (e > s && /[\s.;,:]/.test(text[e - 1])) e--;
  return [s, e];
}

export function splitLimitations(claimText: string): SplitClaim {
  const text = stripClaimNumber(claimText);
  const depth = depths(text);
  const dep = DEPENDENCY.exec(text);
  const parent = dep && dep.index === 0 && dep[0].length < 220 && /^(?:the|a|an)\b/i.test(text) ? Number(dep[1]) : null;
  const limitations: Limitation[] = [];
  let bodyStart = 0;
  if (parent === null) {
    const t = TRANSITION.exec(text);
    if (t && depth[t.index] === 0) {
      bodyStart = t.index + t[0].length;
      const [s, e] = tighten(text, 0, bodyStart);
      if (e > s) limitations.push({ index: 0, part: 'preamble', text: text.slice(s, e), start: s, end: e });
    }
  } else {
    bodyStart = dep![0].length;
  }
  const bounds = [bodyStart, ...cutPoints(text, bodyStart, text.length, depth, parent === null), text.length];
  for (let i = 0; i + 1 < bounds.length && limitations.length < MAX_LIMITATIONS; i++) {
    const [s, e] = tighten(text, bounds[i], bounds[i + 1]);
    // A fragment of a word or two ("and", "the system to") is not a limitation of its own.
    if (e - s < 3 || !/[A-Za-z]{3,}/.test(text.slice(s, e))) continue;
    limitations.push({ index: limitations.filter((l) => l.part === 'element').length + 1, part: 'element', text: text.slice(s, e), start: s, end: e });
  }
  return { text, parent, limitations };
}
