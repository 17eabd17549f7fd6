/**
 * What a reply will do, decided before a page is written: the amendment plan, the grounds and
 * objections it answers (each section of the remarks), the completeness report (37 CFR 1.111(b):
 * reply to every ground) and the strategies it cannot carry out. Pure; used by the builder and,
 * at submission, to refuse a draft that would be incomplete or would silently drop a choice.
 *
 * Completeness is not computed here: the draft input is assembled into the response plan's own
 * view (`assemblePlanView`) and `completenessOf` (src/domain/response-plan/completeness.ts) judges
 * it, so a response plan and the paper drafted from it give one answer. This module only adds
 * where the paper answers each ground (the section heading).
 */
import { completenessOf, type CompletenessReport, type GroundAnswer } from '../domain/response-plan/completeness.ts';
import { normalizeLabel } from '../domain/response-plan/election.ts';
import { basisSlug, rejectionTitle } from '../domain/response-plan/grounds.ts';
import { assemblePlanView, type PlanView } from '../domain/response-plan/plan.ts';
import { isStrategyCode } from '../domain/response-plan/strategies.ts';
import type { Ground, PlanEdits, SourceRestrictionGroup } from '../domain/response-plan/types.ts';
import { groupLabel, planAmendments, type AmendmentPlan } from './amendment-plan.ts';
import { claimsPhrase } from './format/claim-numbers.ts';
import { collectRejectionGrounds, type RejectionGround } from './rejection-grounds.ts';
import { groundHeading } from './remarks/wording.ts';
import { objectionsResolvedByBase } from './remarks/objection-bases.ts';
import type { ResponseDraftInput } from './types.ts';

export interface ResponseOutline {
  plan: AmendmentPlan;
  /** Rejection grounds, one section each. */
  grounds: RejectionGround[];
  /** Every ground the reply must answer: the record's `grounds`, or (an input without them) rebuilt from the claims. */
  actionGrounds: Ground[];
  /** The action's objections to claims, and to the specification, abstract, drawings, title or oath. */
  claimObjections: Ground[];
  documentObjections: Ground[];
  /** The reply as the completeness rules see it (the same view a response plan has). */
  view: PlanView;
  /** src/domain/response-plan/completeness.ts's report, each ground with the section answering it. */
  completeness: CompletenessReport;
  /** Strategies chosen that this paper cannot carry out, each naming its claim. */
  problems: string[];
}

const SECTION = {
  claimObjections: 'Objections to the Claims',
  allowable: 'Allowable Subject Matter',
  election: 'Election',
  information: 'Requirement for Information',
} as const;

/** Remarks heading for an objection to a part of the application other than the claims. */
export function documentSectionHeading(target: string | undefined): string {
  switch (target) {
    case 'abstract':
      return 'Objection to the Abstract';
    case 'drawings':
      return 'Objection to the Drawings';
    case 'title':
      return 'Objection to the Title';
    case 'oath_declaration':
      return 'Objection to the Oath or Declaration';
    default:
      return 'Objection to the Specification';
  }
}

const EMPTY_SPAN = { start: 0, end: 0 };

/** Grounds for an input without the record's list (hand-made inputs, older analyses): rebuilt from the claims. */
function rebuiltGrounds(input: ResponseDraftInput, rebuilt: RejectionGround[]): Ground[] {
  const out: Ground[] = rebuilt.map((g, i) => {
    const id = `r${i + 1}-${basisSlug(g.basis)}`;
    g.ids = new Map([[id, [...g.claims]]]);
    return {
      id,
      kind: 'rejection',
      basis: g.basis,
      statute: g.citation,
      title: rejectionTitle(claimsPhrase(g.claims), g.family === 'DP' ? 'DP' : g.basis, g.citation),
      claims: [...g.claims],
      references: [],
      objection_type: null,
      target: null,
      derived: false,
      allowable_if_rewritten: false,
      statement: { text: g.statement ?? '', span: EMPTY_SPAN },
      reasoning: null,
      pinpoints: [],
      subtype: g.subtype,
      conflicting: [...g.conflicting],
      derived_from: [],
    };
  });
  if (input.office_action.kind === 'restriction') {
    const claims = [...new Set((input.restriction_groups ?? []).flatMap((g) => g.claims))].sort((a, b) => a - b);
    out.push({
      id: 'x1-restriction',
      kind: 'restriction',
      basis: null,
      statute: 'Restriction / election requirement (35 U.S.C. 121; 37 CFR 1.142-1.146)',
      title: 'Restriction requirement',
      claims,
      references: [],
      objection_type: null,
      target: null,
      derived: false,
      allowable_if_rewritten: false,
      statement: { text: '', span: EMPTY_SPAN },
      reasoning: null,
      pinpoints: [],
      subtype: null,
      conflicting: [],
      derived_from: [],
    });
  }
  return out;
}

/** The label as the requirement writes it ("group ii" → "II"), or the caller's own when none matches. */
function labelOf(raw: string | undefined, groups: readonly { label: string; kind: string }[], kind: 'invention' | 'species'): string | null {
  if (!raw?.trim()) return null;
  return groups.find((g) => g.kind === kind && normalizeLabel(g.label) === normalizeLabel(raw))?.label ?? raw.trim();
}

/** The draft input as the response plan's edits: strategies, texts, arguments, election. */
function editsOf(input: ResponseDraftInput): PlanEdits {
  const claims: PlanEdits['claims'] = {};
  const edit = (n: number) => (claims[String(n)] ??= {});
  for (const [n, code] of Object.entries(input.strategy)) if (isStrategyCode(code)) edit(Number(n)).strategy = code;
  for (const [n, text] of Object.entries(input.claims_text ?? {})) if (text.trim()) edit(Number(n)).original_text = text;
  for (const [n, text] of Object.entries(input.amended_claims_text ?? {})) if (text.trim()) edit(Number(n)).amended_text = text;
  for (const [key, code] of Object.entries(input.ground_strategies ?? {})) {
    const [n, gid] = key.split(':');
    if (gid && isStrategyCode(code)) (edit(Number(n)).ground_strategies ??= {})[gid] = code;
  }
  const args: PlanEdits['arguments'] = {};
  for (const a of input.practitioner_arguments ?? []) if (a.text.trim()) args[a.ground_id] = { text: a.text, updated_at: '' };
  const groups = input.restriction_groups ?? [];
  const e = input.election;
  return {
    claims,
    arguments: args,
    election: e ? { group: labelOf(e.group, groups, 'invention'), species: labelOf(e.species, groups, 'species'), traverse: e.with_traverse } : null,
  };
}

/** An abeyance answer split into the claims whose objection rests on an amended base claim, and the rest. */
function byBase(a: GroundAnswer, base: ReadonlyMap<number, number>): GroundAnswer[] {
  if (a.how !== 'abeyance' || !a.claims.some((n) => base.has(n))) return [a];
  const out: GroundAnswer[] = [];
  const rest = a.claims.filter((n) => !base.has(n));
  for (const b of new Set(a.claims.map((n) => base.get(n)).filter((x) => x !== undefined))) {
    out.push({ claims: a.claims.filter((n) => base.get(n) === b), how: 'through_amended_base', base: b });
  }
  return rest.length ? [...out, { ...a, claims: rest }] : out;
}

export function outlineResponse(input: ResponseDraftInput): ResponseOutline {
  const plan = planAmendments({
    kind: input.office_action.kind,
    claims: input.claims,
    strategy: input.strategy,
    claims_text: input.claims_text,
    previously_presented: input.previously_presented,
    claim_states: input.claim_states,
    amended_text: input.amended_claims_text,
    election: input.election,
    restriction_groups: input.restriction_groups,
  });
  const grounds = collectRejectionGrounds(input.claims, input.grounds).filter((g) => g.family !== 'objection');
  const action = input.grounds ?? rebuiltGrounds(input, grounds);
  const claimObjections = action.filter((g) => g.kind === 'claim_objection');
  const documentObjections = action.filter((g) => g.kind === 'document_objection');
  const byNumber = new Map(plan.claims.map((c) => [c.claim_number, c]));
  const problems: string[] = [];

  // Where the paper answers each ground.
  const section = new Map<string, string>();
  for (const g of grounds) for (const id of g.ids.keys()) section.set(id, groundHeading(g, claimsPhrase(g.claims, true)));
  for (const o of claimObjections) section.set(o.id, o.objection_type === 'dependent_on_rejected_base' ? SECTION.allowable : SECTION.claimObjections);
  for (const d of documentObjections) section.set(d.id, documentSectionHeading(d.target ?? undefined));
  for (const g of action) {
    if (g.kind === 'restriction') section.set(g.id, SECTION.election);
    if (g.kind === 'information_requirement') section.set(g.id, SECTION.information);
  }

  const groups = input.restriction_groups ?? [];
  const view = assemblePlanView(
    {
      kind: input.office_action.kind,
      mailing_date: input.office_action.mailing_date,
      grounds: action,
      claims: input.claims.map((c) => ({
        claim_number: c.claim_number,
        status: c.status,
        recommendation: c.recommendation,
        independent: c.independent ?? null,
        depends_on: c.depends_on ?? null,
        restriction_group: null,
      })),
      restriction_groups: groups.map(
        (g): SourceRestrictionGroup => ({ label: g.label, kind: g.kind, claims: [...g.claims], subject: null, evidence: { text: '', span: EMPTY_SPAN } }),
      ),
    },
    editsOf(input),
  );
  const completeness = completenessOf(view, { answers: input.answers ?? 'draft' });
  for (const g of completeness.grounds) {
    const where = section.get(g.ground_id);
    if (where) g.section = where;
  }
  // The checklist says what the paper says: an objection resting on a base claim amended here is
  // answered by that amendment, not by a request for abeyance (remarks/objection-bases.ts).
  const throughBase = objectionsResolvedByBase(plan, claimObjections);
  for (const g of completeness.grounds) if (g.kind === 'claim_objection') g.answered_by = g.answered_by.flatMap((a) => byBase(a, throughBase));

  const kind = input.office_action.kind;
  if (kind === 'restriction') {
    const group = input.election?.group;
    const labels = groups.filter((g) => g.kind === 'invention').map((g) => g.label);
    if (group && labels.length && !labels.includes(groupLabel(group))) {
      problems.push(
        `election.group: Group ${groupLabel(group)} is not among the groups the requirement sets out (${labels.map((l) => `Group ${l}`).join(', ')})`,
      );
    }
    const species = input.election?.species;
    const speciesLabels = groups.filter((g) => g.kind === 'species').map((g) => g.label);
    if (species && speciesLabels.length && !speciesLabels.includes(groupLabel(species))) {
      problems.push(
        `election.species: Species ${groupLabel(species)} is not among the species the requirement sets out (${speciesLabels.map((l) => `Species ${l}`).join(', ')})`,
      );
    }
  }

  // Strategies the caller chose explicitly must be carried out, or the paper is refused.
  for (const [key, code] of Object.entries(input.strategy)) {
    const n = Number(key);
    const c = byNumber.get(n);
    if (!c) continue;
    const families = new Set(grounds.filter((g) => g.claims.includes(n)).map((g) => g.family));
    if (code === 'rewrite_independent' && c.parent === null && c.change.kind === 'unchanged')
      problems.push(`claim ${n}: rewrite_independent cannot be carried out because claim ${n} is already independent`);
    if (code === 'terminal_disclaimer' && !families.has('DP'))
      problems.push(`claim ${n}: terminal_disclaimer answers only a double-patenting rejection, and claim ${n} has none`);
    if (code === 'argue_unexpected_results' && !families.has('103'))
      problems.push(`claim ${n}: argue_unexpected_results answers only an obviousness (35 U.S.C. 103) rejection, and claim ${n} has none`);
    if (code === 'elect' && kind !== 'restriction') problems.push(`claim ${n}: elect applies only to a reply to a restriction requirement`);
    if (code === 'provide_information' && kind !== 'requirement_for_information')
      problems.push(`claim ${n}: provide_information applies only to a requirement for information (37 CFR 1.105)`);
  }

  return { plan, grounds, actionGrounds: action, claimObjections, documentObjections, view, completeness, problems };
}
