import { z } from 'zod';
import { defineTool, READ_ONLY } from '../tool.ts';
import { seg } from '../backend-client.ts';
import {
  accountExaminerProfileSchema,
  artUnitAnswerSchema,
  examinerSearchSchema,
  type AccountExaminerProfileWire,
  type ExaminerSearchWire,
} from '../../presenters/examiner-profile.ts';

/**
 * Examiner intelligence from public USPTO data (and, for the profile's rejection bases, this
 * account's own analyses). Rates are fractions 0-1, null when nothing was decided. All free.
 */

const artUnit = z
  .string()
  .regex(/^\d{4}$/, 'must be a 4-digit art unit')
  .describe('4-digit art unit, e.g. 1727');
const years = {
  from_year: z.number().int().min(1900).max(2200).optional().describe('Count applications disposed from this year'),
  to_year: z.number().int().min(1900).max(2200).optional().describe('... through this year'),
};
type Profile = AccountExaminerProfileWire;

const pct = (r: number | null) => (r === null ? 'n/a' : `${Math.round(r * 100)}%`);

/** The interview comparison, or why there is none (never a rate over too few cases). */
function interviewPart(p: Profile): string {
  if (p.interview_success_rate === null || p.allowance_rate_without_interview === null) {
    return `no interview figure (${p.interviewed_cases} decided cases with an applicant-initiated interview, ${p.not_interviewed_cases} without; at least 10 of each needed)`;
  }
  return `${pct(p.interview_success_rate)} allowed after an applicant-initiated interview against ${pct(p.allowance_rate_without_interview)} without`;
}

const getExaminerProfile = defineTool({
  name: 'get_examiner_profile',
  title: 'Examiner profile',
  description:
    "How an examiner decides: allowance rate, rejections before allowance (across RCEs) and RCEs, most frequent rejection bases, interview success (applicant-initiated interviews only; null with a reason below 10 decided cases with and without one) against the allowance rate without an interview, the art unit's figures for comparison, and the sample sizes (trust rates over fewer than 100 cases less). Name as LASTNAME, FIRSTNAME M (take examiner_name from lookup_application). Free. Several examiners with the name: error examiner_ambiguous with candidates; retry with art_unit or examiner_id.",
  group: 'examiner',
  price: 'free',
  input: z.object({ examiner_name: z.string().min(1).max(200), art_unit: artUnit.optional(), examiner_id: z.string().max(32).optional(), ...years }),
  output: accountExaminerProfileSchema,
  annotations: READ_ONLY,
  async run({ examiner_name, ...query }, ctx) {
    const p = await ctx.api.get<Profile>(`/api/examiners/${seg(examiner_name)}`, query);
    const unit = p.art_unit_stats ? `; art unit ${p.art_unit_stats.art_unit}: ${pct(p.art_unit_stats.allowance_rate)}` : '';
    return {
      data: p,
      summary: `${p.examiner_name} (art unit ${p.art_unit}): allowance rate ${pct(p.allowance_rate)} over ${p.total_cases_analyzed} decided cases, ${p.avg_actions_to_allowance ?? 'n/a'} rejections before allowance, ${interviewPart(p)}; top bases ${p.top_rejection_bases.join(', ') || 'none'}${unit}.${p.sample_size_warning ? ` ${p.sample_size_warning}` : ''}`,
    };
  },
});

const searchExaminers = defineTool({
  name: 'search_examiners',
  title: 'Search examiners',
  description:
    'Find examiners by a fragment of their name (at least 2 characters) and/or an art unit: one entry per examiner (the ways the records write the name are grouped), most cases first, with allowance rate and case counts. Free. Open one with get_examiner_profile using its examiner_name (and art_unit when names repeat).',
  group: 'examiner',
  price: 'free',
  input: z.object({
    q: z.string().min(2).max(100).optional().describe('Part of the name, e.g. "dove"'),
    art_unit: artUnit.optional(),
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: examinerSearchSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const r = await ctx.api.get<ExaminerSearchWire>('/api/examiners', args);
    const names = r.examiners
      .slice(0, 5)
      .map((e) => `${e.examiner_name} (${e.art_unit ?? '?'}, ${pct(e.allowance_rate)})`)
      .join('; ');
    return {
      data: r,
      summary:
        r.examiners.length === 0
          ? 'No examiner matches.'
          : `${r.examiners.length}${r.truncated ? '+' : ''} examiner(s): ${names}${r.examiners.length > 5 ? '; ...' : ''}.`,
    };
  },
});

const getArtUnitProfile = defineTool({
  name: 'get_art_unit_profile',
  title: 'Art unit profile',
  description:
    "An art unit's figures over all its examiners (public USPTO data): allowance rate, rejections before allowance, most frequent rejection bases with counts, interview success, number of examiners and the sample sizes. Free. Use it to put an examiner's profile in context or to size up a new art unit.",
  group: 'examiner',
  price: 'free',
  input: z.object({ art_unit: artUnit, ...years }),
  output: artUnitAnswerSchema,
  annotations: READ_ONLY,
  async run({ art_unit, ...query }, ctx) {
    const a = await ctx.api.get<z.infer<typeof artUnitAnswerSchema>>(`/api/art-units/${seg(art_unit)}`, query);
    return {
      data: a,
      summary: `Art unit ${a.art_unit}: ${a.examiners} examiner(s), allowance rate ${pct(a.allowance_rate)} over ${a.total_cases_analyzed} decided cases, ${a.avg_actions_to_allowance ?? 'n/a'} rejections before allowance; top bases ${a.top_rejection_bases.join(', ') || 'none'}.`,
    };
  },
});

export const EXAMINER_TOOLS = [getExaminerProfile, searchExaminers, getArtUnitProfile];
