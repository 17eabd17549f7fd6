/**
 * Double patenting (MPEP 804). Nonstatutory: argued as patentable distinctness from the claims of
 * the named patent or application, or obviated by a terminal disclaimer over that patent or
 * application (never over "claim 1"), filed as an eTerminal Disclaimer (37 CFR 1.321(b)-(d)).
 * Statutory (same invention, 35 U.S.C. 101): argued or amended as no longer the same invention;
 * no terminal disclaimer.
 */
import type { Paragraph } from 'docx';
import { claimsPhrase, verbFor } from '../../format/claim-numbers.ts';
import { draftingNote, para } from '../../docx/paragraphs.ts';
import { prompt, run } from '../../docx/runs.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { listPhrase } from '../wording.ts';
import { nums, refs } from './shared.ts';
import { isStatutoryDoublePatenting } from '../../../domain/office-action/strategy.ts';

/**
 * Same-invention (statutory, 35 U.S.C. 101) double patenting: overcome only by claims no longer
 * coextensive in scope (or canceled); a terminal disclaimer cannot overcome it (MPEP 804(II)(A)),
 * so the paper never offers one and never argues "patentable distinctness", the nonstatutory test.
 */
export function isStatutory(g: RejectionGround): boolean {
  return g.family === 'DP' && isStatutoryDoublePatenting(g.citation);
}

/** The traverse of a double-patenting rejection. */
export function argueDistinctness(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const out: Paragraph[] = [];
  const n = nums(claims);
  const over = g.conflicting.length ? listPhrase(g.conflicting) : g.references.length ? listPhrase(g.references.map((r) => r.number_display || r.name)) : '';
  if (isStatutory(g)) {
    out.push(
      para([
        run(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} not drawn to the same invention as the claims of ${over}`),
        ...(over ? [] : [prompt('identify the reference patent')]),
        run(' because '),
        prompt(
          'identify a limitation recited in one set of claims and not the other, so that one could be literally infringed without literally infringing the other (MPEP 804(II)(A))',
        ),
        run('.'),
      ]),
    );
    return out;
  }
  out.push(
    para([
      run(`${claimsPhrase(n, true)} ${verbFor(n, 'is', 'are')} patentably distinct from the claims of ${over}`),
      ...(over ? [] : [prompt('identify the reference patent or application')]),
      run(' because '),
      prompt(
        'identify the limitation of the examined claims that the reference claims do not claim and explain why it would not have been obvious over them (MPEP 804(II)(B))',
      ),
      run('. A terminal disclaimer remains available should the Examiner maintain the rejection (37 C.F.R. § 1.321(c)).'),
    ]),
  );
  return out;
}

/** How amended claims overcome a double-patenting rejection. */
export function amendedDistinctness(g: RejectionGround, n: readonly number[]): Paragraph {
  if (isStatutory(g)) {
    return para([
      run(
        `As amended, ${claimsPhrase(n)} ${verbFor(n, 'is', 'are')} no longer drawn to the same invention as any claim of ${refs(g)}: the scope of the amended ${n.length === 1 ? 'claim' : 'claims'} is no longer coextensive with that of the patent's claims because `,
      ),
      prompt('explain what the amended claims cover that the patent claims do not, or the reverse (35 U.S.C. 101; MPEP 804(II)(A))'),
      run('.'),
    ]);
  }
  return para([
    run(`As amended, ${claimsPhrase(n)} ${verbFor(n, 'is', 'are')} patentably distinct from the claims of ${refs(g)} because `),
    prompt('explain (MPEP 804)'),
    run('.'),
  ]);
}

export function terminalDisclaimer(g: RejectionGround, claims: readonly PlannedClaim[]): Paragraph[] {
  const n = nums(claims);
  if (g.family !== 'DP') {
    return [
      draftingNote(
        `A terminal disclaimer overcomes only a double patenting rejection (MPEP 804.02); choose another strategy for ${claimsPhrase(n)} under ${g.citation}.`,
      ),
    ];
  }
  if (isStatutory(g)) {
    return [
      draftingNote(
        `A terminal disclaimer cannot overcome a statutory (same-invention) double patenting rejection (MPEP 804(II)(A), 804.02): amend ${claimsPhrase(n)} so they are no longer coextensive in scope with the patent's claims, or cancel them.`,
      ),
    ];
  }
  const over = disclaimedOver(g);
  return [
    para([
      run(
        `Without conceding that the rejection is proper, and solely to expedite prosecution, Applicant files herewith a terminal disclaimer under 37 C.F.R. § 1.321(c) over ${over}`,
      ),
      ...(over ? [] : [prompt('identify the reference patent or application by number')]),
      run(`, together with the fee under 37 C.F.R. § 1.20(d). The terminal disclaimer obviates the rejection of ${claimsPhrase(n)} (MPEP 804.02).`),
    ]),
    draftingNote(
      'File the terminal disclaimer as an eTerminal Disclaimer (form PTO/AIA/25 or /26 in Patent Center), which is approved automatically on submission; it must name the reference patent or application, not a claim of it (37 C.F.R. § 1.321(b)-(d)).',
    ),
  ];
}

/** "U.S. Patent No. 10,072,876" / "Application No. 16/123,456": what a terminal disclaimer disclaims over. */
function disclaimedOver(g: RejectionGround): string {
  const names = (g.conflicting.length ? g.conflicting : g.references.map((r) => r.number_display || r.name)).filter((x) => !/^claims?\b/i.test(x));
  return listPhrase(
    names.map((x) => {
      const m = /^US\s+(\d{1,2},\d{3},\d{3})(?:\s+B\d)?$/.exec(x);
      if (m) return `U.S. Patent No. ${m[1]}`;
      const a = /^US\s+(\d{2}\/\d{3},\d{3})$/.exec(x);
      return a ? `U.S. Application No. ${a[1]}` : x;
    }),
  );
}
