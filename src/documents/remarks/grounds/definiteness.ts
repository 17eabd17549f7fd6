/**
 * Rejections under 35 U.S.C. 112(b) (and pre-AIA 112): the answer reads against the examiner's own
 * reasoning, quoted, and the standard of reasonable certainty in light of the specification (MPEP
 * 2173.02); a limitation construed under 112(f) is definite when the specification discloses and
 * links the corresponding structure (MPEP 2181).
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { para } from '../../docx/paragraphs.ts';
import { prompt, run } from '../../docx/runs.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { examinerWords, nums } from './shared.ts';

/** The traverse of an indefiniteness rejection. */
export function argueDefiniteness(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const out: Paragraph[] = [];
  const n = nums(claims);
  out.push(...examinerWords(g));
  if (/112\s*\(f\)|sixth\s+paragraph|means[- ]plus[- ]function/i.test(g.explanation ?? '')) {
    out.push(
      para([
        // Whether the specification discloses the structure is for a held passage to show; none is cited here (issue 19 A11).
        run(
          'Where a limitation is construed under 35 U.S.C. 112(f), it is definite if the specification discloses corresponding structure and clearly links it to the claimed function (MPEP 2181(II)). ',
        ),
        prompt(
          'cite the paragraphs and figures of the specification describing the structure for each limitation the Examiner identified, or explain why the limitation does not invoke 35 U.S.C. 112(f), or amend the claim to recite sufficient structure so that 35 U.S.C. 112(f) no longer applies (MPEP 2181(I))',
        ),
        run('.'),
      ]),
    );
  }
  out.push(
    para([
      run(
        `Read in light of the specification, ${claimsPhrase(n)} ${verbFor(n, 'informs', 'inform')} those skilled in the art of the scope of the invention with reasonable certainty because `,
      ),
      prompt(
        g.explanation
          ? 'answer each point quoted above, citing the specification (e.g., where the term is defined or described)'
          : 'quote the term the Examiner identified and explain, citing the specification, where it is defined or described',
      ),
      run(' (MPEP 2173.02).'),
    ]),
  );
  return out;
}

/** How amended claims overcome an indefiniteness rejection. */
export function amendedDefiniteness(plural = false): Paragraph {
  return para([
    run(`The ${plural ? 'amendments resolve' : 'amendment resolves'} the indefiniteness the Office Action identified by `),
    prompt('e.g., clarifying the term, or providing antecedent basis (MPEP 2173.05(e))'),
    run('.'),
  ]);
}
