/**
 * `argue_unexpected_results`: a rebuttal of a prima facie case of obviousness by a 37 CFR 1.132
 * declaration (MPEP 716.01-716.02); it answers a 103 ground only.
 */
import type { Paragraph } from 'docx';
import { claimsPhrase } from '../../format/claim-numbers.ts';
import { draftingNote, para } from '../../docx/paragraphs.ts';
import { prompt, run } from '../../docx/runs.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { nums, type GroundContext } from './shared.ts';

export function unexpectedResults(g: RejectionGround, claims: readonly PlannedClaim[], ctx: GroundContext): Paragraph[] {
  const n = nums(claims);
  if (g.family !== '103') {
    return [
      draftingNote(
        `Unexpected results rebut a prima facie case of obviousness only; they do not answer a rejection under ${g.citation}` +
          `${g.family === '102' ? ' (evidence of secondary considerations is irrelevant to anticipation, MPEP 2131.04)' : ''}. Choose another strategy for ${claimsPhrase(n)}.`,
      ),
    ];
  }
  const closest = g.references[0]?.name ?? 'the closest prior art';
  const out: Paragraph[] = [
    para(
      `Even if a prima facie case of obviousness had been established for ${claimsPhrase(n)}, it is rebutted by evidence of unexpected results (MPEP 716.02).`,
    ),
    para([
      run('Applicant submits herewith a declaration under 37 C.F.R. § 1.132 by '),
      prompt('name and qualifications of the declarant'),
      run(', which shows that '),
      prompt('describe the results obtained with the claimed invention'),
      run('.'),
    ]),
    para([
      run(
        'The evidence (1) shows results that differ from what the prior art would have led one of ordinary skill to expect, and that are of practical significance (MPEP 716.02(a)); ',
      ),
      run(
        `(2) compares the claimed invention with the closest prior art, ${closest} (MPEP 716.02(e)); and (3) is commensurate in scope with ${claimsPhrase(n)} (MPEP 716.02(d)). `,
      ),
      prompt('Explain why the results were unexpected, with the data relied on'),
      run('.'),
    ]),
    para('The Examiner must weigh this evidence together with the evidence of obviousness and consider the question of obviousness anew (MPEP 716.01(d)).'),
  ];
  if (ctx.afterFinal) {
    out.push(
      draftingNote(
        'After a final rejection, a declaration is admitted only on a showing of good and sufficient reasons why it is necessary and was not earlier presented (37 C.F.R. § 1.116(e)); state those reasons, or file the declaration with a request for continued examination (37 C.F.R. § 1.114).',
      ),
    );
  }
  return out;
}
