/**
 * Text surgery on claims, for the amendments a response makes mechanically:
 * - incorporating an allowable dependent claim into the claim it depends from;
 * - rewriting an objected dependent claim in independent form "including all of the limitations of
 *   the base claim and any intervening claims" (37 CFR 1.75(c); MPEP 608.01(n); form paragraph 7.43);
 * - pointing a claim that depended from a canceled claim at the claim that absorbed it.
 * Pure string functions; a claim whose form they cannot read returns null and the caller falls
 * back to a placeholder for the practitioner.
 */

/** "1. A device ..." → "A device ...". */
export function stripClaimNumber(text: string): string {
  return text.replace(/^\s*(?:claim\s+)?\d+\s*[.)]\s*/i, '').trim();
}

/** The part of a dependent claim up to and including its reference to the parent claim. */
const DEPENDENCY = /^([\s\S]{0,200}?)\bclaims?\s+(\d+)\b(\s*(?:,|or|and|-|–|to|through)\s*(?:claims?\s+)?\d+)*\s*,?\s*/i;

/** The claim a dependent claim refers to, from its preamble ("The method of claim 3, ..."). */
export function parentClaimOf(text: string): number | null {
  const m = DEPENDENCY.exec(stripClaimNumber(text));
  return m ? Number(m[2]) : null;
}

/** True for a multiple dependent claim ("any one of claims 1 to 3"): 37 CFR 1.75(c). */
export function isMultipleDependent(text: string): boolean {
  const m = DEPENDENCY.exec(stripClaimNumber(text));
  return Boolean(m?.[3]);
}

/**
 * The limitations a dependent claim adds: what follows its preamble, without the final period.
 * "The device of claim 1, wherein the sensor is optical." → "wherein the sensor is optical".
 */
export function dependentLimitations(text: string): string | null {
  const claim = stripClaimNumber(text);
  const m = DEPENDENCY.exec(claim);
  if (!m || m[3]) return null;
  const body = claim
    .slice(m[0].length)
    .replace(/\s*\.\s*$/, '')
    .trim();
  return body || null;
}

/** A claim's text without its final period. */
function withoutFinalPeriod(text: string): string {
  return stripClaimNumber(text).replace(/\s*\.\s*$/, '');
}

/** `base` followed by each further limitation, comma-separated, ending with a period. */
function appendLimitations(base: string, limitations: readonly string[]): string {
  return `${[withoutFinalPeriod(base), ...limitations].join(', ')}.`;
}

/**
 * A claim with the limitations of dependent claims added at its end:
 * ("A device comprising: a sensor.", "The device of claim 1, wherein the sensor is optical.")
 * → "A device comprising: a sensor, wherein the sensor is optical."
 */
export function incorporateLimitations(baseText: string, dependentTexts: readonly string[]): string | null {
  const limitations: string[] = [];
  for (const t of dependentTexts) {
    const l = dependentLimitations(t);
    if (!l) return null;
    limitations.push(l);
  }
  return appendLimitations(baseText, limitations);
}

/**
 * A dependent claim rewritten in independent form: the independent base claim's text, then the
 * limitations of each intervening claim and of the claim itself, in order of dependency.
 * `chainTexts` runs from the claim nearest the base to the claim being rewritten.
 */
export function rewriteInIndependentForm(independentText: string, chainTexts: readonly string[]): string | null {
  if (parentClaimOf(independentText) !== null) return null;
  return incorporateLimitations(independentText, chainTexts);
}

/** "The device of claim 5, ..." → "The device of claim 1, ..." (first reference only). */
export function repointDependency(text: string, from: number, to: number): string | null {
  const claim = stripClaimNumber(text);
  const re = new RegExp(`\\b(claim\\s+)${from}\\b`, 'i');
  if (!re.test(claim)) return null;
  return claim.replace(re, `$1${to}`);
}

/**
 * The elements of a claim body for an argument scaffold: the text after the transition
 * ("comprising:", "consisting of", "wherein") split at semicolons.
 */
export function claimElements(text: string): string[] {
  const claim = withoutFinalPeriod(text);
  const m = /\b(?:comprising|consisting(?:\s+essentially)?\s+of|including|wherein)\b\s*:?\s*/i.exec(claim);
  const body = m ? claim.slice(m.index + m[0].length) : claim;
  return body
    .split(/;\s*/)
    .map((e) => e.replace(/^(?:and|or)\s+/i, '').trim())
    .filter((e) => e.length > 0);
}
