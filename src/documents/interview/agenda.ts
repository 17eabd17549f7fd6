/**
 * The agenda of an interview, built from the analysis: one row per ground of rejection or
 * objection, with its claims, the art applied and what the applicant proposes for each claim
 * (PTOL-413A, "Issues To Be Discussed"; MPEP 713.01 asks for the issues in advance).
 */
import { claimsPhrase } from '../format/claim-numbers.ts';
import type { AmendmentPlan, PlannedClaim } from '../amendment-plan.ts';
import type { RejectionGround } from '../rejection-grounds.ts';
import { citationPhrase, listPhrase, onGround, referenceNames } from '../remarks/wording.ts';

export interface AgendaRow {
  issue: string;
  claims: string;
  prior_art: string;
  proposal: string;
}

/** What the applicant proposes for one claim, as a short phrase keyed so like proposals group. */
function proposal(c: PlannedClaim, g: RejectionGround | null): { key: string; text: (claims: number[]) => string } {
  const refs = g?.references.length ? referenceNames(g.references) : 'the applied art';
  switch (c.change.kind) {
    case 'incorporates': {
      const deps = c.change.dependents;
      return {
        key: `inc${deps.join(',')}`,
        text: (n) => `Amend ${claimsPhrase(n)} to incorporate the limitations of ${claimsPhrase(deps)}, indicated allowable`,
      };
    }
    case 'narrowed':
      // An amended claim's nonstatutory double patenting is answered by a terminal disclaimer (ground-answers.ts).
      if (g?.family === 'DP' && onGround(g))
        return {
          key: 'tdAmended',
          text: (n) =>
            `File a terminal disclaimer for ${claimsPhrase(n)} (37 C.F.R. § 1.321(c)), ${n.length === 1 ? 'the claim being' : 'the claims being'} amended for the other grounds`,
        };
      if (c.change.purpose !== 'narrow') return { key: 'correct', text: (n) => `Amend ${claimsPhrase(n)} to overcome the ${g?.citation ?? 'stated'} ground` };
      // What a narrowing amendment does depends on the ground: art is distinguished; eligibility
      // and the same invention are not answered by "distinguishing art".
      if (g?.family === '101')
        return {
          key: 'narrow101',
          text: (n) => `Discuss the eligibility of ${claimsPhrase(n)} as proposed to be amended (amendment to be proposed; MPEP 2106)`,
        };
      if (g?.family === 'DP' && !onGround(g))
        return {
          key: 'narrowSame',
          text: (n) =>
            `Amend ${claimsPhrase(n)} so that ${n.length === 1 ? 'it no longer claims' : 'they no longer claim'} the same invention as the reference claims (amendment to be proposed; MPEP 804)`,
        };
      if (!g?.references.length)
        return { key: 'narrowOther', text: (n) => `Amend ${claimsPhrase(n)} (amendment to be proposed) to overcome the ${g?.citation ?? 'stated'} ground` };
      return { key: 'narrow', text: (n) => `Amend ${claimsPhrase(n)} to add a narrowing limitation (to be proposed) distinguishing ${refs}` };
    case 'rewritten_independent':
      return { key: 'rewrite', text: (n) => `Rewrite ${claimsPhrase(n)} in independent form` };
    case 'dependency_updated': {
      const to = c.change.to;
      return { key: `dep${to}`, text: (n) => `Amend ${claimsPhrase(n)} to depend from claim ${to}` };
    }
    case 'canceled':
      return { key: 'cancel', text: (n) => `Cancel ${claimsPhrase(n)} without prejudice or disclaimer` };
    case 'canceled_into': {
      const into = c.change.into;
      return { key: `into${into}`, text: (n) => `Cancel ${claimsPhrase(n)} (limitations incorporated into claim ${into})` };
    }
    default:
      break;
  }
  if (c.narrowed_through !== undefined) {
    const base = c.narrowed_through;
    return { key: `through${base}`, text: (n) => `${claimsPhrase(n, true)}: patentable with amended claim ${base}` };
  }
  switch (c.strategy) {
    case 'argue_distinction':
      if (g && (g.family === '112(b)' || g.family === '112'))
        return {
          key: 'argue112b',
          text: (n) =>
            `Discuss why ${claimsPhrase(n)}, read in light of the specification, ${n.length === 1 ? 'is' : 'are'} definite (MPEP 2173.02), or a clarifying amendment`,
        };
      if (g && g.family === '112(a)')
        return { key: 'argue112a', text: (n) => `Point to the support for ${claimsPhrase(n)} in the specification (MPEP 2163, 2164)` };
      if (g && g.family === '101') return { key: 'argue101', text: (n) => `Discuss the eligibility of ${claimsPhrase(n)} (MPEP 2106)` };
      if (g && g.family === 'DP' && !onGround(g))
        return {
          key: 'argueSame',
          text: (n) => `Discuss why ${claimsPhrase(n)} ${n.length === 1 ? 'does' : 'do'} not claim the same invention as the reference claims (MPEP 804, II.A)`,
        };
      if (g && g.family === 'DP')
        return {
          key: 'argueDP',
          text: (n) =>
            `Discuss whether ${claimsPhrase(n)} ${n.length === 1 ? 'is' : 'are'} patentably distinct from the reference claims, or a terminal disclaimer (MPEP 804)`,
        };
      return {
        key: 'argue',
        text: (n) =>
          `Argue that ${refs} ${g && g.references.length > 1 ? 'do' : 'does'} not teach the limitations of ${claimsPhrase(n)} identified in the response`,
      };
    case 'argue_unexpected_results':
      return { key: 'results', text: (n) => `Present evidence of unexpected results for ${claimsPhrase(n)} (declaration under 37 C.F.R. § 1.132)` };
    case 'terminal_disclaimer':
      return { key: 'td', text: (n) => `File a terminal disclaimer for ${claimsPhrase(n)} (37 C.F.R. § 1.321(c))` };
    case 'elect':
      return { key: 'elect', text: (n) => `Discuss the election of ${claimsPhrase(n)}` };
    case 'provide_information':
      return { key: 'info', text: (n) => `Discuss the information required for ${claimsPhrase(n)}` };
    default:
      return { key: 'open', text: (n) => `Approach for ${claimsPhrase(n)} to be determined` };
  }
}

function proposals(claims: readonly PlannedClaim[], g: RejectionGround | null): string {
  const groups = new Map<string, { text: (n: number[]) => string; claims: number[] }>();
  for (const c of claims) {
    const p = proposal(c, g);
    const entry = groups.get(p.key) ?? { text: p.text, claims: [] };
    entry.claims.push(c.claim_number);
    groups.set(p.key, entry);
  }
  return [...groups.values()].map((e) => e.text(e.claims)).join('; ');
}

export function interviewAgenda(plan: AmendmentPlan, grounds: readonly RejectionGround[]): AgendaRow[] {
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const rows: AgendaRow[] = [];
  for (const g of grounds) {
    const claims = g.claims.map((n) => byNumber.get(n)).filter((c): c is PlannedClaim => Boolean(c));
    rows.push({
      issue: g.family === 'objection' ? 'Objection' : `Rejection ${citationPhrase(g)}`,
      claims: claimsPhrase(g.claims, true),
      prior_art: g.references.length ? listPhrase(g.references.map((r) => (r.number_display ? `${r.name} (${r.number_display})` : r.name))) : '—',
      proposal: proposals(claims, g),
    });
  }
  const allowable = plan.claims.filter((c) => c.disposition?.status === 'objected' && c.disposition.allowable_if_rewritten !== false);
  if (allowable.length) {
    rows.push({
      issue: 'Objection: dependent on a rejected base claim (allowable if rewritten)',
      claims: claimsPhrase(
        allowable.map((c) => c.claim_number),
        true,
      ),
      prior_art: '—',
      proposal: proposals(allowable, null),
    });
  }
  return rows;
}
