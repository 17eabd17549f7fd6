/**
 * The billing report per application and client matter (GET /api/reports/matters and its .csv):
 * one row per application the account used Prosa on in the range, with the totals.
 */
import { z } from 'zod';
import { formatApplicationNumber } from '../domain/application-number.ts';
import { formatCredits } from '../domain/money.ts';
import type { MatterUsage } from '../queries/matter-report.ts';
import { toCsv } from './csv.ts';

const matterReportRowSchema = z.object({
  application_number: z.string().describe('Written 17/200,011'),
  client_matter: z.string().nullable().describe("The client matter of the application's docket entry; null when it has none or is not on the docket"),
  invention_title: z.string().nullable(),
  analyses: z.number().int().describe('Office-action analyses run in the range'),
  drafts: z.number().int().describe('Drafts and exports requested in the range (responses, forms, IDS, drawings)'),
  drafts_completed: z.number().int().describe('Of those, the ones completed (a failed draft is refunded)'),
  credits_used: z.string().describe('Credits the analyses and drafts moved in the range: charges less refunds'),
});

export const matterReportSchema = z.object({
  from: z.string().describe('First day of the range (UTC), YYYY-MM-DD'),
  to: z.string().describe('Last day of the range (UTC, inclusive), YYYY-MM-DD'),
  rows: z.array(matterReportRowSchema),
  totals: z.object({ analyses: z.number().int(), drafts: z.number().int(), drafts_completed: z.number().int(), credits_used: z.string() }),
});
export type MatterReport = z.infer<typeof matterReportSchema>;

export function presentMatterReport(from: string, to: string, usage: readonly MatterUsage[]): MatterReport {
  const sum = (f: (u: MatterUsage) => number) => usage.reduce((a, u) => a + f(u), 0);
  return {
    from,
    to,
    rows: usage.map((u) => ({
      application_number: formatApplicationNumber(u.applicationNumber),
      client_matter: u.clientMatter,
      invention_title: u.inventionTitle,
      analyses: u.analyses,
      drafts: u.drafts,
      drafts_completed: u.draftsCompleted,
      credits_used: formatCredits(u.creditsUsedMicro),
    })),
    totals: {
      analyses: sum((u) => u.analyses),
      drafts: sum((u) => u.drafts),
      drafts_completed: sum((u) => u.draftsCompleted),
      credits_used: formatCredits(usage.reduce((a, u) => a + u.creditsUsedMicro, 0n)),
    },
  };
}

const MATTER_CSV_HEADER = [
  'client_matter',
  'application_number',
  'invention_title',
  'analyses',
  'drafts',
  'drafts_completed',
  'credits_used',
  'from',
  'to',
] as const;

/** The same report as CSV, one line per application, for a spreadsheet or a billing system. */
export function matterReportCsv(report: MatterReport): string {
  return toCsv([
    [...MATTER_CSV_HEADER],
    ...report.rows.map((r) => [
      r.client_matter,
      r.application_number,
      r.invention_title,
      r.analyses,
      r.drafts,
      r.drafts_completed,
      r.credits_used,
      report.from,
      report.to,
    ]),
  ]);
}
