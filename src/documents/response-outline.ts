/**
 * What a reply will do, decided before a page is written: the amendment plan, the grounds and
 * objections it answers (each section of the remarks), the completeness report (37 CFR 1.111(b):
 * reply to every ground) and the strategies it cannot carry out. Pure; used by the builder and,
 * at submission, to refuse a draft that would be incomplete or would silently drop a choice.
 */
import { assessCompleteness, type CompletenessReport, type GroundAnswer } from '../domain/office-action/completeness.ts';
import { groupLabel, planAmendments, type AmendmentPlan, type PlannedClaim } from './amendment-plan.ts';
import { claimsPhrase } from './format/claim-numbers.ts';
import { collectRejectionGrounds, type RejectionGround } from './rejection-grounds.ts';
import { groundHeading } from './remarks/wording.ts';
import type { ActionGround, ResponseDraftInput } from './types.ts';

export interface ResponseOutline {
  plan: AmendmentPlan;
  /** Rejection grounds, one section each. */
  grounds: RejectionGround[];
  /** The action's objections to claims, and to the specification, abstract, drawings, title or oath. */
  claimObjections: ActionGround[];
  documentObjections: ActionGround[];
  answers: GroundAnswer[];
  completeness: CompletenessReport;
  /** Strategies chosen that this paper cannot carry out, each naming its claim. */
  problems: string[];
}

export const SECTION = {
  claimObjections: 'Objections to the Claims',
  allowable: 'Allowable Subject Matter',
  election: 'Election',
  information: 'Requirement for Information',
} as const;

/** Remarks heading for an objection to a part of the application other than the claims. */
export function documentSectionHeading(target: string | undefined): string {
  switch (target) {
    case 'abstract': return 'Objection to the Abstract';
    case 'drawings': return 'Objection to the Drawings';
    case 'title': return 'Objection to the Title';
    case 'oath_declaration': return 'Objection to the Oath or Declaration';
    default: return 'Objection to the Specification';
  }
}

type How = { how: string } | { unanswered: string };

/** What the paper does for claim `c` under a rejection ground of family `family`. */
function rejectionAnswer(c: PlannedClaim | undefined, g: RejectionGround): How {
  if (!c) return { unanswered: 'the claim is not in the analysis' };
  switch (c.change.kind) {
    case 'canceled':
    case 'canceled_into':
      return { how: 'canceled' };
    case 'incorporates':
      return { how: 'amended to include allowable subject matter' };
    case 'narrowed':
      return { how: c.change.purpose === 'narrow' ? 'amended (narrowing limitation)' : 'amended to correct' };
    case 'rewritten_independent':
      return { how: 'rewritten in independent form' };
    case 'dependency_updated':
      return { how: `amended to depend from claim ${c.change.to}` };
    default:
      break;
  }
  if (c.narrowed_through !== undefined) return { how: `patentable through amended claim ${c.narrowed_through}` };
  switch (c.strategy) {
    case 'argue_distinction':
      return { how: 'argued' };
    case 'argue_unexpected_results':
      return g.family === '103' ? { how: 'argued (unexpected results, MPEP 716.02)' } : { unanswered: `evidence of unexpected results does not answer a rejection under ${g.citation}` };
    case 'terminal_disclaimer':
      return g.family === 'DP' ? { how: 'terminal disclaimer' } : { unanswered: `a terminal disclaimer does not answer a rejection under ${g.citation}` };
    case null:
    case 'no_action':
      return { unanswered: 'no strategy was selected (no_action)' };
    default:
      return { unanswered: `the strategy ${c.strategy} does not answer a rejection` };
  }
}

function objectionAnswer(c: PlannedClaim | undefined, type: string | undefined): How {
  if (!c) return { unanswered: 'the claim is not in the analysis' };
  switch (c.change.kind) {
    case 'canceled':
      return { how: 'canceled' };
    case 'canceled_into':
      return { how: `incorporated into claim ${c.change.into}` };
    case 'rewritten_independent':
      return { how: 'rewritten in independent form' };
    case 'incorporates':
    case 'narrowed':
    case 'dependency_updated':
      return { how: 'amended' };
    default:
      break;
  }
  if (type === 'dependent_on_rejected_base') return { how: 'abeyance requested until the base claim is allowed' };
  if (c.narrowed_through !== undefined) return { how: `through amended claim ${c.narrowed_through}` };
  return { how: 'abeyance requested (37 CFR 1.111(b), objection as to form)' };
}

export function outlineResponse(input: ResponseDraftInput): ResponseOutline {
  const plan = planAmendments({
    kind: input.office_action.kind,
    claims: input.claims,
    strategy: input.strategy,
    claims_text: input.claims_text,
    previously_presented: input.previously_presented,
    election: input.election,
    restriction_groups: input.restriction_groups,
  });
  const grounds = collectRejectionGrounds(input.claims, input.grounds).filter((g) => g.family !== 'objection');
  const action = input.grounds ?? [];
  const claimObjections = action.filter((g) => g.kind === 'claim_objection');
  const documentObjections = action.filter((g) => g.kind === 'document_objection');
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const answers: GroundAnswer[] = [];
  const reasons: Record<string, string> = {};
  const problems: string[] = [];

  const record = (id: string, section: string, answered: Map<string, number[]>, unanswered: Map<string, number[]>) => {
    for (const [how, claims] of answered) answers.push({ ground_id: id, claims, section, how });
    if (unanswered.size) reasons[id] = [...unanswered].map(([why, cs]) => `${claimsPhrase(cs)}: ${why}`).join('; ');
  };
  const push = (m: Map<string, number[]>, k: string, n: number) => m.set(k, [...(m.get(k) ?? []), n]);

  for (const g of grounds) {
    const section = groundHeading(g, claimsPhrase(g.claims, true));
    for (const [id, claims] of g.ids) {
      const answered = new Map<string, number[]>();
      const unanswered = new Map<string, number[]>();
      for (const n of claims) {
        const a = rejectionAnswer(byNumber.get(n), g);
        if ('how' in a) push(answered, a.how, n);
        else push(unanswered, a.unanswered, n);
      }
      record(id, section, answered, unanswered);
    }
  }
  // Rebuilt grounds (older analyses) carry synthetic ids: assess them as grounds of their own.
  const synthetic: ActionGround[] = [];
  for (const g of grounds) {
    for (const [id, claims] of g.ids) {
      if (!action.some((a) => a.id === id)) synthetic.push({ id, kind: 'rejection', label: `Rejection of ${claimsPhrase(claims)} under ${g.citation}`, claims, statement: g.statement ?? '', explanation: null, derived: false });
    }
  }

  for (const o of claimObjections) {
    const section = o.objection_type === 'dependent_on_rejected_base' ? SECTION.allowable : SECTION.claimObjections;
    const answered = new Map<string, number[]>();
    const unanswered = new Map<string, number[]>();
    for (const n of o.claims) {
      const a = objectionAnswer(byNumber.get(n), o.objection_type);
      if ('how' in a) push(answered, a.how, n);
      else push(unanswered, a.unanswered, n);
    }
    record(o.id, section, answered, unanswered);
  }
  for (const d of documentObjections) {
    const how = d.target === 'abstract' ? 'replacement abstract on a separate sheet (37 CFR 1.72(b), 1.121(b)(2))'
      : d.target === 'drawings' ? 'replacement drawing sheets (37 CFR 1.121(d))'
        : d.target === 'oath_declaration' ? 'substitute declaration to be filed (37 CFR 1.67)'
          : d.target === 'title' ? 'amended title (37 CFR 1.72(a))'
            : 'replacement paragraphs (37 CFR 1.121(b)(1))';
    answers.push({ ground_id: d.id, claims: [], section: documentSectionHeading(d.target), how });
  }

  const kind = input.office_action.kind;
  const restriction = action.find((g) => g.kind === 'restriction_requirement');
  const groups = input.restriction_groups ?? [];
  if (kind === 'restriction') {
    const group = input.election?.group;
    const labels = groups.filter((g) => g.kind === 'invention').map((g) => g.label);
    if (group && labels.length && !labels.includes(groupLabel(group))) {
      problems.push(`election.group: Group ${groupLabel(group)} is not among the groups the requirement sets out (${labels.map((l) => `Group ${l}`).join(', ')})`);
    }
    const species = input.election?.species;
    const speciesLabels = groups.filter((g) => g.kind === 'species').map((g) => g.label);
    if (species && speciesLabels.length && !speciesLabels.includes(groupLabel(species))) {
      problems.push(`election.species: Species ${groupLabel(species)} is not among the species the requirement sets out (${speciesLabels.map((l) => `Species ${l}`).join(', ')})`);
    }
    const id = restriction?.id ?? 'restriction';
    if (group || species) answers.push({ ground_id: id, claims: [], section: SECTION.election, how: `elected ${group ? `Group ${groupLabel(group)}` : `Species ${groupLabel(species!)}`} ${input.election?.with_traverse ? 'with' : 'without'} traverse` });
    else reasons[id] = 'no group or species is elected (send election.group, and election.species where an election of species is required)';
    if (!restriction) synthetic.push({ id, kind: 'restriction_requirement', label: 'Restriction requirement', claims: [], statement: '', explanation: null, derived: false });
  }
  for (const info of action.filter((g) => g.kind === 'information_requirement')) {
    answers.push({ ground_id: info.id, claims: [], section: SECTION.information, how: 'reply to the requirement (to be completed)' });
  }

  // Strategies the caller chose explicitly must be carried out, or the paper is refused.
  for (const [key, code] of Object.entries(input.strategy)) {
    const n = Number(key);
    const c = byNumber.get(n);
    if (!c) continue;
    const families = new Set(grounds.filter((g) => g.claims.includes(n)).map((g) => g.family));
    if (code === 'rewrite_independent' && c.parent === null && c.change.kind === 'unchanged') problems.push(`claim ${n}: rewrite_independent cannot be carried out because claim ${n} is already independent`);
    if (code === 'terminal_disclaimer' && !families.has('DP')) problems.push(`claim ${n}: terminal_disclaimer answers only a double-patenting rejection, and claim ${n} has none`);
    if (code === 'argue_unexpected_results' && !families.has('103')) problems.push(`claim ${n}: argue_unexpected_results answers only an obviousness (35 U.S.C. 103) rejection, and claim ${n} has none`);
    if (code === 'elect' && kind !== 'restriction') problems.push(`claim ${n}: elect applies only to a reply to a restriction requirement`);
    if (code === 'provide_information' && kind !== 'requirement_for_information') problems.push(`claim ${n}: provide_information applies only to a requirement for information (37 CFR 1.105)`);
  }

  const completeness = assessCompleteness([...action.filter((g) => g.kind !== 'rejection' || grounds.some((r) => r.ids.has(g.id))), ...synthetic], answers, reasons);
  return { plan, grounds, claimObjections, documentObjections, answers, completeness, problems };
}
