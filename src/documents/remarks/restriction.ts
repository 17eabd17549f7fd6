/**
 * Reply to a restriction or election requirement (37 CFR 1.142-1.146; MPEP 818): the election,
 * with or without traverse. A traverse must state the reasons, and the election is then
 * provisional (37 CFR 1.143); non-elected claims stand withdrawn (37 CFR 1.142(b)).
 *
 * Nothing is elected that the practitioner did not choose (issue 19 item 2): the group (or
 * species) is the election's, else a bracketed place; the claims named are the elected group's
 * as the requirement lists them, else those the caller set to `elect` one by one, else a
 * bracketed place. The analysis' default `elect` on every claim is not a choice. A reply that
 * does not say keeps the right to petition the requirement: with traverse (37 CFR 1.143, 1.144).
 */
import type { Paragraph } from 'docx';
import { formatLongDate } from '../format/dates.ts';
import { claimsPhrase } from '../format/claim-numbers.ts';
import { para } from '../docx/paragraphs.ts';
import { prompt, run, type Inline } from '../docx/runs.ts';
import { groupLabel, type AmendmentPlan } from '../amendment-plan.ts';
import type { IsoDate, RestrictionElection, StrategyCode } from '../types.ts';
import { practitionerParagraphs } from './practitioner-text.ts';

type Groups = readonly { label: string; kind: string; claims: readonly number[] }[];

/** Default when the caller does not say: with traverse, which keeps the requirement open to review. */
function electsWithTraverse(election: RestrictionElection | undefined): boolean {
  return election?.with_traverse ?? true;
}

function speciesWords(species: string): string {
  const s = species.trim();
  return /^species\b/i.test(s) ? s : `the species ${s}`;
}

export function electionRemarks(
  plan: AmendmentPlan,
  election: RestrictionElection | undefined,
  mailed: IsoDate,
  groups: Groups = [],
  traverseReasons?: string,
  chosen: Readonly<Record<number, StrategyCode>> = {},
): Paragraph[] {
  // With the group (or species) known, the elected claims are exactly those the plan keeps.
  const known = (label: string | undefined, kind: string) =>
    Boolean(label && groups.some((g) => g.kind === kind && g.label.toUpperCase() === groupLabel(label)));
  const byGroup = known(election?.group, 'invention') || known(election?.species, 'species');
  const elected = plan.claims.filter((c) => c.pending_after && !c.withdrawn && (byGroup || chosen[c.claim_number] === 'elect')).map((c) => c.claim_number);
  const withdrawn = plan.claims.filter((c) => c.pending_after && c.withdrawn).map((c) => c.claim_number);
  const traverse = electsWithTraverse(election);
  const how = `${traverse ? 'with' : 'without'} traverse`;
  const first: Inline[] = [run(`In reply to the restriction requirement in the Office Action mailed ${formatLongDate(mailed)}, Applicant elects `)];
  if (election?.group) first.push(run(`Group ${groupLabel(election.group)}`));
  else if (election?.species) first.push(run(speciesWords(election.species)));
  else first.push(prompt('Group elected'));
  first.push(run(', '));
  first.push(elected.length ? run(claimsPhrase(elected)) : prompt('claims of the elected group'));
  first.push(run(`, ${how}.`));
  const out: Paragraph[] = [para(first)];
  if (election?.group && election.species) out.push(para(`Applicant further elects ${speciesWords(election.species)}.`));
  if (traverse && traverseReasons) {
    // The practitioner's reasons (response plan): in place of the prompt below.
    out.push(para('Applicant traverses the requirement for the following reasons.'), ...practitionerParagraphs(traverseReasons));
    out.push(para('Reconsideration and withdrawal of the requirement are requested; the election above is made provisionally (37 C.F.R. § 1.143).'));
  } else if (traverse) {
    out.push(
      para([
        run('Applicant traverses the requirement because '),
        prompt(
          'explain why the inventions are not independent or distinct, or why examining all of the claims together would not be a serious burden (MPEP 803, 808.02); without reasons the election is treated as made without traverse (37 C.F.R. § 1.143)',
        ),
        run('. Reconsideration and withdrawal of the requirement are requested; the election above is made provisionally (37 C.F.R. § 1.143).'),
      ]),
    );
  }
  if (withdrawn.length) {
    out.push(
      para(
        `${claimsPhrase(withdrawn, true)} ${withdrawn.length === 1 ? 'is' : 'are'} withdrawn from consideration as drawn to a non-elected invention (37 C.F.R. § 1.142(b)). Applicant reserves the right to pursue the non-elected subject matter in a divisional application (35 U.S.C. 121) and requests rejoinder of any withdrawn claim that requires all the limitations of an allowable claim (MPEP 821.04).`,
      ),
    );
  }
  return out;
}

/** Reply to a requirement for information under 37 CFR 1.105. */
export function requirementForInformationRemarks(answer?: string): Paragraph[] {
  // The practitioner's answer (response plan), in place of the prompt below.
  if (answer) return [para('Applicant replies to the requirement for information under 37 C.F.R. § 1.105 as follows.'), ...practitionerParagraphs(answer)];
  return [
    para([
      run('Applicant replies to the requirement for information under 37 C.F.R. § 1.105 as follows: '),
      prompt(
        'provide each item of information required, or state that it is unknown or not readily available to the party from whom it was required, which 37 C.F.R. § 1.105(a)(3) accepts as a complete reply',
      ),
      run('.'),
    ]),
  ];
}
