/**
 * `argue_distinction`: the traverse of a ground, 37 CFR 1.111(b) ("specific distinctions believed
 * to render the claims ... patentable"): the legal standard for the ground, then its family's
 * argument skeleton (prior art, eligibility, definiteness, double patenting, other statutes).
 */
import type { Paragraph } from 'docx';
import { claimsPhrase } from '../../format/claim-numbers.ts';
import { para } from '../../docx/paragraphs.ts';
import type { PlannedClaim } from '../../amendment-plan.ts';
import type { RejectionGround } from '../../rejection-grounds.ts';
import { STANDARDS, STATUTORY_DP_STANDARD } from '../legal-standards.ts';
import { nums, type GroundContext } from './shared.ts';
import { argueOverArt, SINGLE_REFERENCE_103 } from './prior-art.ts';
import { argueEligibility, STEP1_STANDARD } from './eligibility.ts';
import { argueDefiniteness } from './definiteness.ts';
import { argueDistinctness, isStatutory } from './double-patenting.ts';
import { argueCompliance } from './other-statute.ts';

function standard(g: RejectionGround): Paragraph[] {
  if (g.family === '101' && g.subtype === 'signal_per_se') return [para(STEP1_STANDARD)];
  if (g.family === '103' && g.references.length === 1) return [para(SINGLE_REFERENCE_103)];
  if (isStatutory(g)) return [para(STATUTORY_DP_STANDARD)];
  const s = STANDARDS[g.family];
  return s ? [para(s)] : [];
}

const BY_FAMILY: Readonly<Record<string, (g: RejectionGround, claims: readonly PlannedClaim[], ctx?: GroundContext) => Paragraph[]>> = {
  '102': argueOverArt,
  '103': argueOverArt,
  '101': argueEligibility,
  '112(b)': argueDefiniteness,
  '112': argueDefiniteness,
  DP: argueDistinctness,
};

export function argueDistinction(g: RejectionGround, claims: readonly PlannedClaim[], ctx?: GroundContext): Paragraph[] {
  const n = nums(claims);
  const all = g.claims.every((x) => n.includes(x));
  const argue = BY_FAMILY[g.family] ?? argueCompliance;
  return [para(`Applicant respectfully traverses the rejection${all ? '' : ` as to ${claimsPhrase(n)}`}.`), ...standard(g), ...argue(g, claims, ctx)];
}
