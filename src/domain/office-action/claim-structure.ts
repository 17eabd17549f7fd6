import type { ClaimBlock } from './claim-blocks.ts';
import { evidenceOf } from './spans.ts';
import { SAME_REASONS_PREAMBLE } from './treatment.ts';
import type { ClaimObjection, ClaimStructure, RejectionStatement } from './types.ts';

/**
 * Which claims are independent and what each depends on (35 U.S.C. 112(d); 37 CFR 1.75(c)),
 * from the strongest evidence available:
 * 1. claim text quoted in the action (examiner's amendment, claim listing): "2. The method of claim 1, wherein";
 * 2. statements of dependency: "Claims 5-8 are objected based upon their dependency from claim 4";
 * 3. the examiner restating a claim: "Regarding claim 18, Lee discloses the method of claim 17, wherein";
 *    "Regarding claim 9, Sakae discloses a ... system comprising:" (no parent named → independent);
 * 4. form paragraph 7.43: "objected to as being dependent upon a rejected base claim" (dependent, parent unknown).
 */

const CLAIM_TEXT_START =
  /(?:^|\n)[ \t]{0,8}(\d{1,3})[ \t]{0,3}[.)][ \t]{0,3}(?:\((?:original|currently\s{1,3}amended|previously\s{1,3}presented|new|withdrawn|amended|canceled|cancelled)[^)\n]{0,30}\)[ \t]{0,3})?(?=(?:An?|The|In\s{1,3}an?|Method|Apparatus|System|Process|Use)\b)/gi;
const PARENT_IN_CLAIM =
  /\b(?:of|in|to|by|with|from|according\s{1,3}to|as\s{1,3}(?:claimed|recited|defined|set\s{1,3}forth|described)\s{1,3}in|as\s{1,3}in)\s{1,3}(?:any\s{1,3}(?:one\s{1,3})?of\s{1,3})?claims?\s{1,3}(\d{1,3})\b/i;
const VERB = String.raw`(?:discloses|disclose|discloses\s{1,3}all\s{1,3}the\s{1,3}limitations\s{1,3}of|teaches|teach|shows|show|describes|describe|meets|meet)`;
// "Lee et al. disclose the apparatus of claim 1, wherein"; "Sakae meets the claim limitations as disclosed above in the rejection of claim 4"
const RESTATED_PARENT = new RegExp(
  VERB +
    String.raw`\s{1,3}(?:the|a|an)\s[\w\s,-]{1,80}?\s(?:of|according\s{1,3}to|as\s{1,3}(?:recited|claimed|set\s{1,3}forth|defined)\s{1,3}in|as\s{1,3}in)\s{1,3}claim\s{1,3}(\d{1,3})\b`,
  'i',
);
// Where the examiner points before restating the claim: "Schaeper discloses in Figs. 1-7 a BOP",
// "Lee teaches at col. 2, lines 5-9 that".
const LOCATOR = String.raw`(?:\s{1,3}(?:in|at)\s{1,3}(?:Figs?\.|Figures?|FIGS?\.|col(?:umn)?s?\.?|para(?:graph)?s?\.?|¶+|pages?|p\.)(?:\s{0,2}(?:\d{1,4}[A-Za-z]?|\[\d{1,5}\]|and|&|,|-|–|lines?|ll\.|col\.))+)?`;
// "Suzuki et al. discloses the separator ... further comprises", "Parthasarathy discloses wherein",
// "Schaeper discloses in Figs. 1-7 that the harder material section": a dependent claim restated.
const RESTATED_DEPENDENT = new RegExp(
  String.raw`^[\s,.]{0,4}[A-Z][^;:\n]{0,100}?\s(?:further\s{1,3})?` + VERB + LOCATOR + String.raw`\s{1,3}(?:wherein|that\s|the\s|further)`,
  'i',
);
// "Schaeper discloses a BOP as previously discussed, but is silent ...": the base claim's rejection carried over.
const RESTATED_AS_DISCUSSED = new RegExp(
  VERB +
    String.raw`\s{1,3}(?:the|a|an)\s[\w\s,“”"()-]{1,80}?\s(?:as|was)\s{1,3}(?:previously|above|earlier)\s{1,3}(?:discussed|described|set\s{1,3}forth|explained)`,
  'i',
);
const RESTATED_INDEPENDENT = new RegExp(
  String.raw`^[\s,.]{0,4}(?:[A-Z][\p{L}'’\-]+(?:\s{1,3}et\s{1,3}al\.?)?(?:\s{0,3}\([^)]{0,60}\))?(?:\s{1,3}modified\s{1,3}supra)?)\s{1,3}(?:discloses|disclose|teaches|teach|shows|show|describes|describe)` +
    LOCATOR +
    String.raw`\s{1,3}(?:an?|the)\s[\s\S]{0,300}?\b(?:comprising|consisting|including|which\s{1,3}comprises|having)\b`,
  'iu',
);

// A quoted claim reads like a claim: a transition word, and none of the examiner's own vocabulary
// (the action's numbered paragraphs, "2. The present application is being examined ...", are not claims).
const CLAIM_TRANSITION = /\b(?:comprising|comprises|consisting|including|includes|wherein|having|characterized)\b/i;
const EXAMINER_WORDS =
  /\b(?:rejected|objected|examiner|applicant|office\s{1,3}action|35\s{0,3}U\.?\s{0,2}S\.?\s{0,2}C|MPEP|C\.?F\.?R|acknowledged|application\s{1,3}(?:is|was|has)|being\s{1,3}examined|form\s{1,3}PTO|filed\s{1,3}on)\b/i;
function looksLikeIndependentClaim(text: string): boolean {
  return /^\s*(?:An?|In\s{1,3}an?|Method|Apparatus|System|Process|Use)\b/.test(text) && CLAIM_TRANSITION.test(text) && !EXAMINER_WORDS.test(text);
}
function looksLikeDependentClaim(text: string): boolean {
  return !EXAMINER_WORDS.test(text.slice(0, 200));
}
// "Claim 1 of the instant application states: A dot pattern, wherein ..." (statutory double patenting
// compares the claim with the patent's claim word for word).
const QUOTED_CLAIM =
  /\bclaim\s{1,3}(\d{1,3})\s{1,3}of\s{1,3}the\s{1,3}(?:instant|present|current|subject)\s{1,3}application\s{1,3}(?:states|recites|reads|is)\s{0,3}:?\s{0,3}\n?/gi;

const RANK: Record<ClaimStructure['source'], number> = {
  claim_text: 4,
  dependency_statement: 3,
  examiner_restatement: 2,
  objection_form: 1,
};

export function extractClaimStructure(
  input: string,
  work: string,
  blocks: readonly ClaimBlock[],
  rejections: readonly RejectionStatement[],
  objections: readonly ClaimObjection[],
): ClaimStructure[] {
  const best = new Map<number, ClaimStructure>();
  const put = (c: ClaimStructure): void => {
    const prev = best.get(c.claim_number);
    if (c.depends_on !== null && c.depends_on >= c.claim_number) return; // a claim depends on an earlier claim
    if (!prev || RANK[c.source] > RANK[prev.source]) best.set(c.claim_number, c);
  };

  // 1. Quoted claim text: at least two numbered claims in increasing order.
  const starts: Array<{ n: number; at: number; textAt: number }> = [];
  CLAIM_TEXT_START.lastIndex = 0;
  for (let m = CLAIM_TEXT_START.exec(work); m && starts.length < 2000; m = CLAIM_TEXT_START.exec(work)) {
    const n = Number(m[1]);
    if (n < 1) continue;
    starts.push({ n, at: m.index + m[0].search(/\d/), textAt: m.index + m[0].length });
  }
  const sequential = starts.filter((s, i) => (i > 0 && starts[i - 1].n < s.n) || (i + 1 < starts.length && starts[i + 1].n > s.n));
  if (sequential.length >= 2) {
    for (let i = 0; i < sequential.length; i++) {
      const s = sequential[i];
      const end = Math.min(i + 1 < sequential.length ? sequential[i + 1].at : work.length, s.textAt + 3000);
      const head = work.slice(s.textAt, Math.min(end, s.textAt + 300));
      const p = PARENT_IN_CLAIM.exec(head);
      const parent = p ? Number(p[1]) : null;
      if (parent === null ? !looksLikeIndependentClaim(head) : !looksLikeDependentClaim(head)) continue;
      put({
        claim_number: s.n,
        independent: parent === null,
        depends_on: parent,
        source: 'claim_text',
        evidence: evidenceOf(input, s.at, Math.min(end, s.textAt + 300)),
      });
    }
  }

  // 1b. A claim quoted after "Claim 1 of the instant application states:".
  QUOTED_CLAIM.lastIndex = 0;
  for (let m = QUOTED_CLAIM.exec(work); m; m = QUOTED_CLAIM.exec(work)) {
    const n = Number(m[1]);
    const textAt = m.index + m[0].length;
    const head = work.slice(textAt, textAt + 300);
    const p = PARENT_IN_CLAIM.exec(head);
    const parent = p ? Number(p[1]) : null;
    if (parent === null && !looksLikeIndependentClaim(head)) continue;
    put({
      claim_number: n,
      independent: parent === null,
      depends_on: parent,
      source: 'claim_text',
      evidence: evidenceOf(input, m.index, textAt + head.length),
    });
  }

  // 2. Statements of dependency.
  for (const o of objections) {
    if (o.type === 'dependency' && o.parent_claims.length > 0) {
      for (const c of o.claims) {
        put({
          claim_number: c,
          independent: false,
          depends_on: o.parent_claims.length === 1 ? o.parent_claims[0] : null,
          source: 'dependency_statement',
          evidence: o.evidence,
        });
      }
    }
  }
  for (const r of rejections) {
    if (r.derived_from?.kind === 'dependency' && r.derived_from.parent_claims.length > 0) {
      const parents = r.derived_from.parent_claims;
      for (const c of r.claims) {
        put({
          claim_number: c,
          independent: false,
          depends_on: parents.length === 1 ? parents[0] : null,
          source: 'dependency_statement',
          evidence: r.evidence,
        });
      }
    }
  }

  // 3. The examiner's restatement in the explanation blocks.
  for (const b of blocks) {
    const head = work.slice(b.headerEnd, Math.min(b.end, b.headerEnd + 260));
    const parent = RESTATED_PARENT.exec(head);
    const evidence = evidenceOf(input, b.start, Math.min(b.end, b.headerEnd + 260));
    // "Regarding claims 2, 8 & 15. With the same reasons as set forth in the method of claim 1, ...":
    // dependents riding on their base claim (for several claims the examiner names one base only).
    const same = SAME_REASONS_PREAMBLE.exec(head);
    if (same && !b.claims.includes(Number(same[1]))) {
      const p = Number(same[1]);
      for (const c of b.claims) {
        if (c > p) put({ claim_number: c, independent: false, depends_on: b.claims.length === 1 ? p : null, source: 'examiner_restatement', evidence });
      }
      continue;
    }
    if (parent) {
      const p = Number(parent[1]);
      for (const c of b.claims) {
        if (b.claims.includes(p)) continue;
        put({ claim_number: c, independent: false, depends_on: b.claims.length === 1 ? p : null, source: 'examiner_restatement', evidence });
      }
    } else if (RESTATED_AS_DISCUSSED.test(head.slice(0, 200))) {
      for (const c of b.claims) put({ claim_number: c, independent: false, depends_on: null, source: 'examiner_restatement', evidence });
    } else if (RESTATED_INDEPENDENT.test(head)) {
      for (const c of b.claims) put({ claim_number: c, independent: true, depends_on: null, source: 'examiner_restatement', evidence });
    } else if (RESTATED_DEPENDENT.test(head)) {
      for (const c of b.claims) put({ claim_number: c, independent: false, depends_on: null, source: 'examiner_restatement', evidence });
    }
  }

  // 4. Form paragraph 7.43: dependent on a rejected base claim.
  for (const o of objections) {
    if (o.type !== 'dependent_on_rejected_base') continue;
    for (const c of o.claims) put({ claim_number: c, independent: false, depends_on: null, source: 'objection_form', evidence: o.evidence });
  }
  return [...best.values()].sort((a, b) => a.claim_number - b.claim_number);
}
