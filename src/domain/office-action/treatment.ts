import type { ClaimBlock } from './claim-blocks.ts';
import { evidenceOf } from './spans.ts';
import type { ClaimTreatment, Evidence, RejectionStatement } from './types.ts';

/**
 * How the examiner treats each claim rejected over prior art (MPEP 707.07(d); 37 CFR 1.104(c)(2):
 * "the particular part relied on must be designated as nearly as practicable" and "the pertinence
 * of each reference, if not apparent, must be clearly explained"):
 *
 * - `explained`: a claim-by-claim block ("Regarding claim 5, Smith discloses ...") names the claim
 *   and says something about the art;
 * - `garbled`: the only block naming the claim says nothing readable about the art (a stray
 *   formula, an unfinished sentence): no prima facie case is stated for it;
 * - `missing`: the examiner explains other claims of the same rejection one by one but never this one.
 *
 * Also collects the examiner's admissions inside the blocks ("Laroia does not explicitly disclose
 * wherein ..."): in an anticipation rejection such a sentence concedes that the single reference
 * lacks a limitation, which defeats anticipation (MPEP 2131).
 */

const ADMISSION =
  /\b(?:does|do|did)\s{1,3}not\s{1,3}(?:(?:explicitly|expressly|specifically|clearly|directly|particularly|literally)\s{1,3})?(?:disclose|teach|show|describe|recite|mention)\b/gi;
const ART_WORDS =
  /\b(?:disclos\w*|teach\w*|taught|show\w*|suggest\w*|describ\w*|obvious\w*|meet\w*|provid\w*|includ\w*|compris\w*|illustrat\w*|depict\w*|read\w*\s+on|fig\.?|figure|col(?:umn)?\.?|para(?:graph)?|¶)/i;
/** "With the same reasons as set forth in [the method of] claim 1," and similar preambles. */
export const SAME_REASONS_PREAMBLE =
  /(?:(?:with|for)\s{1,3}(?:the\s{1,3})?same\s{1,3}reasons?\s{1,3}as\s{1,3}(?:those\s{1,3})?(?:set\s{1,3}forth|stated|discussed|applied|given|explained|indicated|presented)?\s{0,3}(?:above\s{1,3})?(?:in|for|with\s{1,3}respect\s{1,3}to|regarding)?\s{1,3}(?:the\s{1,3}rejection\s{1,3}of\s{1,3})?(?:the\s{1,3}|an?\s{1,3})?[^.{}\n]{0,100}?\bclaims?\s{1,3}(\d{1,3})\b)/i;

export function extractTreatments(input: string, work: string, blocks: readonly ClaimBlock[], rejections: readonly RejectionStatement[]): ClaimTreatment[] {
  const artClaims = new Map<number, RejectionStatement[]>();
  for (const r of rejections) {
    if (r.derived_from !== null) continue;
    if (!r.bases.includes('102') && !r.bases.includes('103')) continue;
    for (const n of r.claims) {
      const list = artClaims.get(n);
      if (list) list.push(r);
      else artClaims.set(n, [r]);
    }
  }
  const blocksOf = new Map<number, ClaimBlock[]>();
  for (const b of blocks) {
    for (const n of b.claims) {
      const list = blocksOf.get(n);
      if (list) list.push(b);
      else blocksOf.set(n, [b]);
    }
  }

  const out: ClaimTreatment[] = [];
  for (const [n, rejs] of [...artClaims].sort((a, b) => a[0] - b[0])) {
    const own = (blocksOf.get(n) ?? []).filter((b) => b.end > b.headerEnd);
    // Blocks opened by the rejection statement itself (1-3 claims) explain it only if text follows.
    const admissions: Evidence[] = [];
    let readable = false;
    let sameReasonsAs: number | null = null;
    for (const b of own) {
      const body = work.slice(b.headerEnd, b.end);
      const pre = SAME_REASONS_PREAMBLE.exec(body.slice(0, 300));
      if (pre && sameReasonsAs === null) {
        const p = Number(pre[1]);
        if (p !== n && !b.claims.includes(p)) sameReasonsAs = p;
      }
      const rest = pre ? body.slice(pre.index + pre[0].length) : body;
      const words = rest.match(/[A-Za-z]{3,}/g) ?? [];
      if (words.length >= 6 && ART_WORDS.test(rest)) readable = true;
      const rej = b.rejection;
      const anticipation = rej
        ? rej.bases.includes('102') && !rej.bases.includes('103')
        : rejs.some((r) => r.bases.includes('102') && !r.bases.includes('103'));
      if (!anticipation) continue;
      ADMISSION.lastIndex = 0;
      for (let m = ADMISSION.exec(body); m && admissions.length < 5; m = ADMISSION.exec(body)) {
        const at = b.headerEnd + m.index;
        admissions.push(sentenceAround(input, work, at, b.headerEnd, b.end));
      }
    }
    let state: ClaimTreatment['state'];
    if (own.length === 0) {
      // Missing only where the examiner explains other claims of the same rejection one by one.
      const siblingsExplained = rejs.some((r) =>
        r.claims.some((c) => c !== n && (blocksOf.get(c) ?? []).some((b) => b.end > b.headerEnd && !b.claims.includes(n))),
      );
      const statementExplains = rejs.some((r) => r.claims.length > 3 && explainedAfter(work, r));
      state = siblingsExplained && !statementExplains ? 'missing' : 'explained';
    } else state = readable ? 'explained' : 'garbled';
    if (state === 'explained' && admissions.length === 0 && sameReasonsAs === null) continue;
    out.push({ claim_number: n, state, admissions: dedupe(admissions), same_reasons_as: sameReasonsAs });
  }
  return out;
}

/** A rejection of many claims followed directly by prose about the art (no per-claim blocks). */
function explainedAfter(work: string, r: RejectionStatement): boolean {
  const after = work.slice(r.evidence.span.end, r.evidence.span.end + 400);
  return /^\s{0,6}(?:[A-Z][\w'’-]+(?:\s{1,3}et\s{1,3}al\.?)?)\s{1,3}(?:discloses|teaches|shows|describes)\b/.test(after);
}

function sentenceAround(input: string, work: string, at: number, floor: number, ceil: number): Evidence {
  let s = at;
  while (s > floor && s > at - 300) {
    const ch = work[s - 1];
    if (ch === '\n' || ch === '}' || (ch === ' ' && work[s - 2] === '.' && /[A-Z]/.test(work[s] ?? ''))) break;
    s--;
  }
  let e = at;
  while (e < ceil && e < at + 400) {
    const ch = work[e];
    if (ch === '\n' || ch === '{') break;
    if (ch === '.' && (e + 1 >= work.length || /\s/.test(work[e + 1]))) {
      e++;
      break;
    }
    e++;
  }
  return evidenceOf(input, s, e);
}

function dedupe(list: Evidence[]): Evidence[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = `${e.span.start}:${e.span.end}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
