/**
 * Rejections under 35 U.S.C. 101. A claim that reads on a transitory signal fails Step 1 (no
 * statutory category): the answer is "non-transitory", never the Alice steps (MPEP 2106.03). A
 * judicial exception is answered under Step 2A prong one or two, or Step 2B (MPEP 2106.04-.05).
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { para } from '../../docx/paragraphs.ts';
import { prompt, run } from '../../docx/runs.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { byIndependent, dependentsSentence, examinerWords, nums } from './shared.ts';

export const STEP1_STANDARD =
  'A claim to a machine, manufacture, composition of matter or process satisfies Step 1 of the eligibility analysis; a claim whose broadest reasonable interpretation covers a transitory signal per se does not, and limiting a computer-readable medium to non-transitory embodiments resolves the issue (MPEP 2106.03).';

/** The traverse of a 101 rejection. */
export function argueEligibility(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const out: Paragraph[] = [];
  const n = nums(claims);
  const { roots, dependents } = byIndependent(claims);
  if (g.subtype === 'signal_per_se') {
    out.push(
      para([
        run(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} directed to a statutory category because `),
        prompt(
          'explain why the claimed medium, read in light of the specification, excludes transitory signals (e.g., the specification limits it to physical storage devices); otherwise amend to recite a non-transitory medium',
        ),
        run(' (MPEP 2106.03).'),
      ]),
    );
    return out;
  }
  out.push(...examinerWords(g));
  out.push(
    para([
      run(
        `${claimsPhrase(
          roots.map((c) => c.claim_number),
          true,
        )} ${verbFor(
          roots.map((c) => c.claim_number),
          'is',
          'are',
        )} patent-eligible because `,
      ),
      prompt(
        'Step 2A, Prong One: explain why the claim does not recite a judicial exception; or Prong Two: identify the additional elements that integrate it into a practical application, e.g. an improvement to computer functionality or another technology (MPEP 2106.04(d), 2106.05(a)); or Step 2B: explain why the additional elements amount to significantly more (MPEP 2106.05)',
      ),
      run('.'),
    ]),
  );
  for (const c of roots) out.push(...dependentsSentence(c, dependents.get(c.claim_number), 'patent-eligible'));
  return out;
}

/**
 * A correcting amendment that writes in "non-transitory" (no limitation for the practitioner to
 * quote). Where the application describes the medium is the practitioner's to cite: nothing held
 * says it (issue 19 A11).
 */
export function nonTransitoryAmendment(n: number): Paragraph {
  return para([
    run(
      `Claim ${n} has been amended to recite a “non-transitory” computer-readable medium. Support for the amendment is found in the application as filed at, e.g., `,
    ),
    prompt('cite where the application as filed describes the medium as a physical memory or storage device'),
    run('; no new matter is added (35 U.S.C. 132(a)).'),
  ]);
}

/** How amended claims overcome a 101 rejection. */
export function amendedEligibility(g: RejectionGround, n: readonly number[]): Paragraph {
  const who = claimsPhrase(n);
  return g.subtype === 'signal_per_se'
    ? para(
        `As amended, ${who} ${verbFor(n, 'recites', 'recite')} a non-transitory medium, which excludes transitory signals per se; ${verbFor(n, 'the claim is', 'the claims are')} directed to a manufacture, a statutory category (MPEP 2106.03).`,
      )
    : para([
        run(`As amended, ${who} ${verbFor(n, 'integrates', 'integrate')} any recited judicial exception into a practical application because `),
        prompt('explain the technical improvement the added elements provide'),
        run(' (MPEP 2106.04(d), 2106.05(a)).'),
      ]);
}
