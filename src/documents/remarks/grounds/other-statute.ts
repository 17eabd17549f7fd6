/**
 * A rejection under a statute with no answer of its own here (112(a) written description or
 * enablement, 112(d), 35 U.S.C. 102/103 variants the parser could not place...): the examiner's
 * reasoning quoted, and the practitioner's answer to it.
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { para } from '../../docx/paragraphs.ts';
import { prompt, run } from '../../docx/runs.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { examinerWords, nums } from './shared.ts';

/** The traverse of a rejection under another statute. */
export function argueCompliance(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const out: Paragraph[] = [];
  const n = nums(claims);
  out.push(...examinerWords(g));
  out.push(
    para([
      run(`${claimsPhrase(n, true)} ${verbFor(n, 'complies', 'comply')} with ${g.citation} because `),
      prompt(`answer the Examiner's reasoning under ${g.citation}, citing the specification where relevant`),
      run('.'),
    ]),
  );
  return out;
}
