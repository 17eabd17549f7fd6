/**
 * The legal standard behind each kind of ground, with the MPEP sections that state it: what the
 * examiner must show, and what a reply can answer. A small pure table (explain_rejection, the
 * analysis ground endpoint); only authorities the MPEP itself relies on for the proposition.
 */
import type { Ground } from './types.ts';

export interface LegalStandard {
  id: string;
  title: string;
  /** The statute or rule. */
  law: string;
  mpep: string[];
  standard: string;
  /** Leading authorities as the MPEP cites them. */
  authorities: string[];
  /** What a reply typically does about it. */
  answering: string[];
}

const S = (x: LegalStandard) => x;

const LEGAL_STANDARDS: Readonly<Record<string, LegalStandard>> = {
  '101-step1': S({
    id: '101-step1',
    title: 'Subject-matter eligibility, Step 1: statutory category',
    law: '35 U.S.C. 101',
    mpep: ['2106.03'],
    standard:
      'A claim must be directed to a process, machine, manufacture or composition of matter. Transitory forms of signal transmission (signals per se, carrier waves) are none of these, so a claim whose broadest reasonable interpretation covers them fails Step 1.',
    authorities: ['In re Nuijten, 500 F.3d 1346 (Fed. Cir. 2007)'],
    answering: [
      'Amend a medium claim to recite a "non-transitory" computer-readable medium (the usual cure).',
      'Or show that the broadest reasonable interpretation in light of the specification excludes signals.',
    ],
  }),
  '101-alice': S({
    id: '101-alice',
    title: 'Subject-matter eligibility: judicial exceptions (Alice/Mayo, Steps 2A and 2B)',
    law: '35 U.S.C. 101',
    mpep: ['2106', '2106.04', '2106.04(a)', '2106.04(d)', '2106.05', '2106.07'],
    standard:
      'Step 2A, Prong One: does the claim recite a judicial exception (an abstract idea in the groupings of MPEP 2106.04(a)(2): mathematical concepts, certain methods of organizing human activity, mental processes; a law of nature; a natural phenomenon)? Prong Two: do the additional elements integrate it into a practical application? Step 2B: do they amount to significantly more than the exception? An element is well-understood, routine and conventional only on the factual support MPEP 2106.07(a)(III) requires.',
    authorities: [
      "Alice Corp. v. CLS Bank Int'l, 573 U.S. 208 (2014)",
      'Mayo Collaborative Servs. v. Prometheus Labs., Inc., 566 U.S. 66 (2012)',
      'Berkheimer v. HP Inc., 881 F.3d 1360 (Fed. Cir. 2018)',
    ],
    answering: [
      'Prong One: the claim does not recite an exception in any enumerated grouping.',
      'Prong Two: identify the additional elements and the improvement to computer functionality or another technology they provide (MPEP 2106.04(d)(1), 2106.05(a)).',
      'Step 2B: the additional elements are not well-understood, routine and conventional, and the examiner gave no evidence that they are.',
    ],
  }),
  '102': S({
    id: '102',
    title: 'Anticipation',
    law: '35 U.S.C. 102',
    mpep: ['2131', '2112'],
    standard:
      'A claim is anticipated only if each and every element as set forth in the claim is found, expressly or inherently, in a single prior-art reference, arranged as in the claim. Inherency requires that the missing element necessarily be present, not merely probably or possibly (MPEP 2112(IV)).',
    authorities: [
      'Verdegaal Bros. v. Union Oil Co. of California, 814 F.2d 628, 631 (Fed. Cir. 1987)',
      'Net MoneyIN, Inc. v. VeriSign, Inc., 545 F.3d 1359 (Fed. Cir. 2008)',
    ],
    answering: [
      'Identify a limitation the reference does not disclose, addressing the passages the examiner cites.',
      'Where the examiner concedes the reference does not "explicitly" disclose a limitation, anticipation fails unless the limitation is inherent.',
      'Or amend to add a feature the reference lacks (with support in the specification).',
    ],
  }),
  '103': S({
    id: '103',
    title: 'Obviousness',
    law: '35 U.S.C. 103',
    mpep: ['2141', '2142', '2143', '2143.01', '2143.03', '2144', '2145', '716'],
    standard:
      'Obviousness is a legal conclusion on the Graham factual inquiries (scope and content of the prior art, differences, level of ordinary skill, objective indicia). The Office bears the initial burden of a prima facie case: the references must teach or suggest all the claim limitations (MPEP 2143.03), and the rejection must give some articulated reasoning with rational underpinning for the combination or modification (KSR; MPEP 2143).',
    authorities: ['Graham v. John Deere Co., 383 U.S. 1 (1966)', "KSR Int'l Co. v. Teleflex Inc., 550 U.S. 398 (2007)"],
    answering: [
      'A limitation no reference teaches (MPEP 2143.03).',
      'With two or more references: no adequate reason to combine; the modification would make the primary reference unsatisfactory for its intended purpose or change its principle of operation (MPEP 2143.01(V), (VI)); teaching away (MPEP 2145(X)(D)).',
      'With a single reference: the modification the examiner proposes is not suggested; there is no combination to attack.',
      'Objective evidence: unexpected results, commercial success, long-felt need (MPEP 716), commensurate with the claims.',
    ],
  }),
  '112a-wd': S({
    id: '112a-wd',
    title: 'Written description',
    law: '35 U.S.C. 112(a)',
    mpep: ['2163'],
    standard:
      'The specification must reasonably convey to those skilled in the art that the inventor had possession of the claimed subject matter as of the filing date. The examiner bears the initial burden of showing why it does not (MPEP 2163.04).',
    authorities: ['Ariad Pharms., Inc. v. Eli Lilly & Co., 598 F.3d 1336 (Fed. Cir. 2010) (en banc)'],
    answering: [
      'Point to the passages and figures that describe the limitation (express, implicit or inherent support).',
      'Or amend to language the specification supports; never add new matter (35 U.S.C. 132(a)).',
    ],
  }),
  '112a-enablement': S({
    id: '112a-enablement',
    title: 'Enablement',
    law: '35 U.S.C. 112(a)',
    mpep: ['2164', '2164.01', '2164.01(a)'],
    standard:
      'The specification must teach those skilled in the art to make and use the full scope of the claimed invention without undue experimentation, judged on the Wands factors.',
    authorities: ['In re Wands, 858 F.2d 731 (Fed. Cir. 1988)', 'Amgen Inc. v. Sanofi, 598 U.S. 594 (2023)'],
    answering: [
      "Walk through the Wands factors with the specification's guidance and working examples.",
      'Or narrow the claim to the scope the specification enables.',
    ],
  }),
  '112b': S({
    id: '112b',
    title: 'Indefiniteness',
    law: '35 U.S.C. 112(b)',
    mpep: ['2173', '2173.02', '2173.05(e)'],
    standard:
      'A claim must particularly point out and distinctly claim the invention. During examination a claim is indefinite when it contains words or phrases whose meaning is unclear in light of the specification (In re Packard; MPEP 2173.02); the courts ask whether the claims inform those skilled in the art about the scope of the invention with reasonable certainty (Nautilus). A missing antecedent basis is a common instance (MPEP 2173.05(e)).',
    authorities: ['Nautilus, Inc. v. Biosig Instruments, Inc., 572 U.S. 898 (2014)', 'In re Packard, 751 F.3d 1307 (Fed. Cir. 2014)'],
    answering: [
      "Quote the examiner's term and show where the specification defines or describes it.",
      'Or amend for clarity (antecedent basis, a defined term) without narrowing.',
    ],
  }),
  '112d': S({
    id: '112d',
    title: 'Improper dependent claim',
    law: '35 U.S.C. 112(d); 37 CFR 1.75(c)',
    mpep: ['608.01(n)'],
    standard:
      'A dependent claim must refer back to a previous claim and specify a further limitation of the subject matter claimed; it fails when it could be infringed without infringing the claim it depends from (MPEP 608.01(n)(III)).',
    authorities: [],
    answering: ['Amend the claim to add a limitation, rewrite it in independent form, or cancel it.'],
  }),
  '112f': S({
    id: '112f',
    title: 'Means-plus-function interpretation',
    law: '35 U.S.C. 112(f)',
    mpep: ['2181', '2181(I)', '2181(II)(B)', '2185'],
    standard:
      'A limitation invokes 112(f) when it uses "means" or a generic placeholder (a nonce term) modified by functional language and not by sufficient structure (the three-prong analysis of MPEP 2181(I)). It then covers the corresponding structure described in the specification and its equivalents; if the specification discloses no corresponding structure clearly linked to the function, the claim is indefinite under 112(b).',
    authorities: ['Williamson v. Citrix Online, LLC, 792 F.3d 1339 (Fed. Cir. 2015) (en banc in relevant part)'],
    answering: [
      'Show that the term connotes sufficient structure to those skilled in the art (so 112(f) does not apply).',
      'Or point to the corresponding structure (an algorithm for a computer-implemented function) and its link to the function.',
      'Or amend to recite structure.',
    ],
  }),
  'dp-nonstatutory': S({
    id: 'dp-nonstatutory',
    title: 'Nonstatutory double patenting',
    law: 'judicially created doctrine; 37 CFR 1.321(c)',
    mpep: ['804', '804.02'],
    standard:
      'A claim is rejected when it is not patentably distinct from a claim of a commonly owned patent or application (anticipated by or obvious over it), to prevent an unjustified extension of the patent term. A provisional rejection (over a pending application) may be held until the claims are otherwise allowable.',
    authorities: ['In re Longi, 759 F.2d 887 (Fed. Cir. 1985)'],
    answering: [
      'File a terminal disclaimer over the named patent or application (37 CFR 1.321(c); MPEP 804.02), which is no admission.',
      'Or argue the claims are patentably distinct from the reference claims.',
    ],
  }),
  'dp-statutory': S({
    id: 'dp-statutory',
    title: 'Statutory double patenting (same invention)',
    law: '35 U.S.C. 101',
    mpep: ['804(II)(A)'],
    standard: 'Two patents may not claim the same invention. A terminal disclaimer cannot overcome this rejection.',
    authorities: [],
    answering: ['Amend the claims so they differ in scope, or cancel the conflicting claims.'],
  }),
  'objection-claims': S({
    id: 'objection-claims',
    title: 'Objection to the claims (form)',
    law: '37 CFR 1.75',
    mpep: ['608.01(m)', '608.01(n)', '706.01'],
    standard:
      'Objections concern the form of the claims (informalities, dependency, duplicates), not patentability; they are reviewed by petition, not appeal (MPEP 706.01). A claim objected to as depending from a rejected base claim is allowable if rewritten in independent form; the reply may ask that such an objection be held in abeyance until allowable subject matter is agreed (37 CFR 1.111(b)).',
    authorities: [],
    answering: [
      'Correct the wording, rewrite in independent form, or cancel.',
      'Or ask that the objection be held in abeyance (dependent on a rejected base claim).',
    ],
  }),
  'objection-specification': S({
    id: 'objection-specification',
    title: 'Objection to the specification',
    law: '37 CFR 1.71; 37 CFR 1.121(b)',
    mpep: ['608.01'],
    standard:
      'The specification is amended by replacement paragraphs marked up to show the changes (37 CFR 1.121(b)), without adding new matter (35 U.S.C. 132(a)).',
    authorities: [],
    answering: ['Submit the replacement paragraph(s) with markings, or explain why no change is needed.'],
  }),
  'objection-abstract': S({
    id: 'objection-abstract',
    title: 'Objection to the abstract',
    law: '37 CFR 1.72(b)',
    mpep: ['608.01(b)'],
    standard:
      'The abstract must be on a separate sheet, preferably 150 words or fewer, and enable the Office and the public to determine quickly the nature of the technical disclosure.',
    authorities: [],
    answering: ['Submit a replacement abstract on a separate sheet.'],
  }),
  'objection-drawings': S({
    id: 'objection-drawings',
    title: 'Objection to the drawings',
    law: '37 CFR 1.84; 37 CFR 1.121(d)',
    mpep: ['608.02'],
    standard:
      'Drawings must meet 37 CFR 1.84 and show every feature of the claimed invention (37 CFR 1.83(a)). Corrected drawings are filed as sheets labelled "Replacement Sheet" (or "New Sheet") in the top margin (37 CFR 1.121(d)).',
    authorities: [],
    answering: ['Submit replacement drawing sheets, or cancel the feature from the claims, or explain why the drawings comply.'],
  }),
  'objection-title': S({
    id: 'objection-title',
    title: 'Objection to the title',
    law: '37 CFR 1.72(a)',
    mpep: ['606.01'],
    standard: 'The title should be brief, technically accurate and descriptive.',
    authorities: [],
    answering: ['Amend the title, or explain why it is descriptive.'],
  }),
  restriction: S({
    id: 'restriction',
    title: 'Restriction and election',
    law: '35 U.S.C. 121; 37 CFR 1.141-1.146',
    mpep: ['802', '803', '806', '808', '809', '818', '821'],
    standard:
      'Restriction is proper when the inventions are independent or distinct (MPEP 802.01, 806) and examining them together would be a serious burden (MPEP 803, 808.02). The reply must elect one invention (and a species, where required) and identify the claims reading on it, even when it traverses (37 CFR 1.143; MPEP 818). A traverse must point out the supposed errors; otherwise the election is treated as without traverse. Non-elected claims are withdrawn (37 CFR 1.142(b)) and may be rejoined (MPEP 821.04).',
    authorities: [],
    answering: [
      'Elect the group covering the commercially important embodiment and list its claims.',
      'Traverse: the inventions are not distinct as claimed, or there is no serious search burden (MPEP 803).',
    ],
  }),
  information: S({
    id: 'information',
    title: 'Requirement for information',
    law: '37 CFR 1.105',
    mpep: ['704.10', '704.11', '704.12'],
    standard:
      'The examiner may require information reasonably necessary to examine the application. A reply that the information is unknown or not readily available to the party from whom it was required is complete (37 CFR 1.105(a)(3)).',
    authorities: [],
    answering: ['Give each item of information, or state that it is unknown or not readily available.'],
  }),
};

const SIGNAL =
  /\b(?:signals?\s+per\s+se|transitory|carrier\s+waves?|propagat\w*\s+signals?|software\s+per\s+se|not\s+(?:fall|falls)\s+within\s+(?:one\s+of\s+)?the\s+(?:four\s+)?statutory\s+categor)/i;
const EXCEPTION =
  /\b(?:abstract\s+idea|judicial\s+exception|mental\s+process|mathematical\s+concept|law\s+of\s+nature|natural\s+phenomenon|organizing\s+human\s+activity|significantly\s+more|practical\s+application)/i;
const ENABLE = /\benabl/i;
const WD = /\bwritten\s+description|possession\b|new\s+matter/i;

/** The standards that govern a ground, the most specific first. */
export function standardsFor(g: Ground): LegalStandard[] {
  const words = `${g.statement.text} ${g.reasoning?.text ?? ''}`;
  switch (g.kind) {
    case 'restriction':
      return [LEGAL_STANDARDS.restriction];
    case 'information_requirement':
      return [LEGAL_STANDARDS.information];
    case 'claim_objection':
      return [LEGAL_STANDARDS['objection-claims']];
    case 'document_objection': {
      const t = g.target === 'disclosure' ? 'specification' : g.target;
      return [LEGAL_STANDARDS[`objection-${t}`] ?? LEGAL_STANDARDS['objection-specification']];
    }
  }
  switch (g.basis) {
    case '101': {
      const signal = SIGNAL.test(words);
      const exception = EXCEPTION.test(words);
      if (signal && !exception) return [LEGAL_STANDARDS['101-step1']];
      if (signal) return [LEGAL_STANDARDS['101-step1'], LEGAL_STANDARDS['101-alice']];
      return [LEGAL_STANDARDS['101-alice']];
    }
    case '102':
      return [LEGAL_STANDARDS['102']];
    case '103':
      return [LEGAL_STANDARDS['103']];
    case '112(a)': {
      const e = ENABLE.test(words);
      const w = WD.test(words);
      if (e && !w) return [LEGAL_STANDARDS['112a-enablement']];
      if (w && !e) return [LEGAL_STANDARDS['112a-wd']];
      return [LEGAL_STANDARDS['112a-wd'], LEGAL_STANDARDS['112a-enablement']];
    }
    case '112(b)':
    case '112':
      return /112\s*\(f\)|sixth\s+paragraph|means[- ]plus[- ]function/i.test(words)
        ? [LEGAL_STANDARDS['112b'], LEGAL_STANDARDS['112f']]
        : [LEGAL_STANDARDS['112b']];
    case '112(d)':
    case '112(c)':
      return [LEGAL_STANDARDS['112d']];
    case '112(f)':
      return [LEGAL_STANDARDS['112f']];
    case 'DP':
      return /statutory/i.test(g.statute) && !/non-?statutory/i.test(g.statute) ? [LEGAL_STANDARDS['dp-statutory']] : [LEGAL_STANDARDS['dp-nonstatutory']];
    default:
      return [];
  }
}
