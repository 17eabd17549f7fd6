/**
 * The standard each argument scaffold opens with, per statutory basis. Only authorities the
 * MPEP itself relies on for the proposition, cited to the MPEP section that states it.
 */
import type { BasisFamily } from '../rejection-grounds.ts';

export const STANDARDS: Partial<Record<BasisFamily, string>> = {
  '102':
    '“A claim is anticipated only if each and every element as set forth in the claim is found, either expressly or inherently described, in a single prior art reference.” ' +
    'Verdegaal Bros. v. Union Oil Co. of California, 814 F.2d 628, 631 (Fed. Cir. 1987); MPEP 2131.',
  '103':
    'To establish a prima facie case of obviousness, the Office must show that the references teach or suggest all of the claim limitations (MPEP 2143.03), ' +
    'and a rejection on obviousness grounds requires “some articulated reasoning with some rational underpinning to support the legal conclusion of obviousness.” ' +
    'KSR Int’l Co. v. Teleflex Inc., 550 U.S. 398, 418 (2007) (quoting In re Kahn, 441 F.3d 977, 988 (Fed. Cir. 2006)); MPEP 2142, 2143.',
  '101':
    'Eligibility is determined under the Office’s framework in MPEP 2106: whether the claim recites a judicial exception (Step 2A, Prong One; MPEP 2106.04), ' +
    'whether any recited exception is integrated into a practical application (Step 2A, Prong Two; MPEP 2106.04(d)), ' +
    'and whether the claim as a whole amounts to significantly more than the exception (Step 2B; MPEP 2106.05).',
  '112(b)':
    'A claim is definite when, read in light of the specification, it informs those skilled in the art of the scope of the invention with reasonable certainty (MPEP 2173.02).',
  '112':
    'A claim is definite when, read in light of the specification, it informs those skilled in the art of the scope of the invention with reasonable certainty (MPEP 2173.02).',
  '112(a)':
    'The written description requirement is met when the disclosure reasonably conveys that the inventor had possession of the claimed subject matter (MPEP 2163), ' +
    'and enablement when one skilled in the art could make and use the claimed invention without undue experimentation (MPEP 2164.01).',
  '112(d)':
    'A dependent claim complies with 35 U.S.C. 112(d) when it refers back to a previous claim and specifies a further limitation of the subject matter claimed (MPEP 608.01(n)).',
  DP: 'Nonstatutory double patenting requires that the examined claims not be patentably distinct from the reference claims (MPEP 804).',
};

/** Same-invention double patenting (35 U.S.C. 101): identical scope, tested by literal infringement. */
export const STATUTORY_DP_STANDARD =
  'Statutory double patenting under 35 U.S.C. 101 applies only where the claims are drawn to the same invention, that is, to identical subject matter; ' +
  'the test is whether one claim could be literally infringed without literally infringing the other (MPEP 804(II)(A)).';
