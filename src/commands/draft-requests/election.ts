/**
 * A reply to a restriction requirement must elect (37 CFR 1.143), even when it traverses: the
 * election is the paper. Without one there is nothing to file, and a paper "electing" every claim
 * (the analysis marks every claim `elect` only to say it is subject to the requirement) would give
 * up the client's choice (issue 19 item 2). So a draft without the election the requirement calls
 * for is refused before anything is charged, even with accept_incomplete: that flag drafts a
 * reply that leaves a ground to finish, not one whose whole content is missing.
 */
import { AppError } from '../../errors.ts';
import { formatClaimList } from '../../domain/office-action/claim-lists.ts';
import type { RestrictionElection } from '../../documents/types.ts';

export interface RequirementGroup {
  label: string;
  kind: 'invention' | 'species';
  claims: readonly number[];
  subject?: string | null;
}

function described(g: RequirementGroup): string {
  const name = g.kind === 'invention' ? `Group ${g.label}` : `Species ${g.label}`;
  const claims = g.claims.length
    ? ` (claim${g.claims.length === 1 ? '' : 's'} ${formatClaimList(g.claims)}${g.subject ? `, ${g.subject}` : ''})`
    : g.subject
      ? ` (${g.subject})`
      : '';
  return `${name}${claims}`;
}

/** What the election lacks, in words; null when it makes the election the requirement calls for. */
export function electionShortfall(election: RestrictionElection | undefined, groups: readonly RequirementGroup[]): string | null {
  const inventions = groups.filter((g) => g.kind === 'invention');
  const species = groups.filter((g) => g.kind === 'species');
  if (!election) return 'no election was given';
  if (inventions.length && !election.group?.trim()) return 'the election names no group';
  if (species.length && !election.species?.trim()) return 'the requirement also requires an election of species, and none is named';
  if (!groups.length && !election.group?.trim() && !election.species?.trim()) return 'the election names neither a group nor a species';
  return null;
}

/** 422 election_required, naming the groups the requirement sets out; `via` words the fix for the caller's surface. */
export function requireElection(election: RestrictionElection | undefined, groups: readonly RequirementGroup[], via: 'draft' | 'plan'): void {
  const lack = electionShortfall(election, groups);
  if (!lack) return;
  const listed = groups.length
    ? `The requirement sets out ${groups.map(described).join('; ')}.`
    : 'The analysis could not read the groups from the requirement: name the group (or species) as the action labels it.';
  const how =
    via === 'plan'
      ? 'Elect with PUT /api/response-plans/{plan_id}/election (MCP tool set_election), then submit again.'
      : 'Send "election": {"group": "<label>"} (and "species" where one is required) with the draft request.';
  throw new AppError(
    422,
    'election_required',
    `A reply to a restriction requirement must elect an invention (37 CFR 1.143), and ${lack}. ${listed}`,
    `${how} The election is made with traverse unless with_traverse (traverse in a response plan) is false; a traverse keeps the requirement open to reconsideration and petition (37 CFR 1.143, 1.144) and needs its reasons. Nothing was charged.`,
  );
}
