/**
 * Reply to a restriction or election requirement (37 CFR 1.142-1.146; MPEP 818): the elected
 * invention group (and species, where an election of species is required), with or without
 * traverse. The election names exactly the claims of the chosen group: the others are withdrawn
 * (37 CFR 1.142(b)). A label the requirement does not define is refused.
 */
import type { ElectionEdit, SourceRestrictionGroup } from './types.ts';
import { PlanRuleError } from './types.ts';

/** `Group II`, `group ii`, ` II ` → `II`; `Species A` → `A`. */
export function normalizeLabel(label: string): string {
  return label
    .trim()
    .replace(/^(?:group|invention|species|election)\s+/i, '')
    .replace(/[.:)]+$/, '')
    .trim()
    .toUpperCase();
}

export interface ElectionInput {
  group?: string | null;
  species?: string | null;
  traverse: boolean;
}

export interface ElectionView extends ElectionEdit {
  /** The claims of the elected group (less those of non-elected species): these are examined. */
  elected_claims: number[];
  /** Claims of the other groups and species: withdrawn from consideration (37 CFR 1.142(b)). */
  withdrawn_claims: number[];
  /** False when the analysis found no groups to check the labels against. */
  verified: boolean;
}

function labels(groups: readonly SourceRestrictionGroup[]): string {
  return groups.map((g) => g.label).join(', ');
}

/** Checks an election against the requirement's groups; returns it with labels as the requirement writes them. */
export function checkElection(groups: readonly SourceRestrictionGroup[], input: ElectionInput): ElectionEdit {
  const inventions = groups.filter((g) => g.kind === 'invention');
  const species = groups.filter((g) => g.kind === 'species');
  const wantGroup = input.group?.trim() ? normalizeLabel(input.group) : null;
  const wantSpecies = input.species?.trim() ? normalizeLabel(input.species) : null;
  if (groups.length === 0) {
    // Nothing to check against (an excerpt, or a requirement the parser could not read).
    if (!wantGroup && !wantSpecies)
      throw new PlanRuleError(
        'invalid',
        'validation_error',
        'group: an election must name a group or a species',
        'Send the group label the requirement uses (for example "II"), and a species if one must be elected.',
        'group',
      );
    return { group: input.group?.trim() || null, species: input.species?.trim() || null, traverse: input.traverse };
  }
  let group: string | null = null;
  if (wantGroup) {
    const g = inventions.find((x) => normalizeLabel(x.label) === wantGroup);
    if (!g) {
      throw new PlanRuleError(
        'invalid',
        'unknown_restriction_group',
        inventions.length
          ? `The requirement has no Group ${input.group!.trim()}: its groups are ${labels(inventions)}.`
          : `The requirement defines no invention groups, only species (${labels(species)}).`,
        inventions.length ? `Elect one of the groups the requirement defines: ${labels(inventions)}.` : 'Elect a species instead (field "species").',
        'group',
      );
    }
    group = g.label;
  } else if (inventions.length) {
    throw new PlanRuleError(
      'invalid',
      'validation_error',
      `group: the requirement divides the claims into groups ${labels(inventions)}; elect one`,
      `Send "group" with one of ${labels(inventions)}.`,
      'group',
    );
  }
  let spec: string | null = null;
  if (wantSpecies) {
    const s = species.find((x) => normalizeLabel(x.label) === wantSpecies);
    if (!s) {
      throw new PlanRuleError(
        'invalid',
        'unknown_restriction_group',
        species.length
          ? `The requirement has no species ${input.species!.trim()}: its species are ${labels(species)}.`
          : 'The requirement requires no election of species.',
        species.length ? `Elect one of the species the requirement defines: ${labels(species)}.` : 'Leave "species" out.',
        'species',
      );
    }
    spec = s.label;
  }
  return { group, species: spec, traverse: input.traverse };
}

/** The claims examined and withdrawn under an election. */
export function electionView(groups: readonly SourceRestrictionGroup[], e: ElectionEdit): ElectionView {
  const all = [...new Set(groups.flatMap((g) => g.claims))].sort((a, b) => a - b);
  if (groups.length === 0) return { ...e, elected_claims: [], withdrawn_claims: [], verified: false };
  const inventions = groups.filter((g) => g.kind === 'invention');
  const species = groups.filter((g) => g.kind === 'species');
  const base = e.group ? new Set(inventions.find((g) => g.label === e.group)?.claims ?? []) : new Set(inventions.length ? [] : all);
  // Claims of a species not elected are withdrawn; generic claims (in no species) stay.
  const otherSpecies = new Set(species.filter((s) => s.label !== e.species).flatMap((s) => s.claims));
  const elected = all.filter((n) => base.has(n) && (!e.species || !otherSpecies.has(n) || species.find((s) => s.label === e.species)?.claims.includes(n)));
  const electedSet = new Set(elected);
  return { ...e, elected_claims: elected, withdrawn_claims: all.filter((n) => !electedSet.has(n)), verified: true };
}
