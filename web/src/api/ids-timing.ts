import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export type IdsWindowCode = '1.97(b)' | '1.97(c)' | '1.97(d)' | 'after_issue_fee';
export type IdsActionKind = 'non_final' | 'final' | 'restriction' | 'quayle' | 'notice_of_allowance';

/** GET /api/applications/{number}/ids-timing (src/domain/ids-timing.ts on the docket's dates). */
export interface IdsTimingAnswer {
  application_number: string;
  window: IdsWindowCode;
  filed_on: string;
  basis: {
    filing_date: string;
    three_months_after_filing: string;
    rce_date: string | null;
    first_action_on_merits: { kind: IdsActionKind; mailing_date: string } | null;
    closing_action: { kind: IdsActionKind; mailing_date: string } | null;
    issue_fee_paid: string | null;
  };
  requirement: 'none' | 'statement_or_fee' | 'statement_and_fee' | 'not_considered';
  statement_required: boolean;
  fee_required: boolean;
  /** 37 CFR 1.17(p) for the application's entity status; null under 1.97(b) and after the issue fee. */
  fee: {
    citation: string;
    title: string;
    amount: string | null;
    amounts: { large: string; small: string; micro: string } | null;
    effective: string | null;
    verified: boolean;
    source: string | null;
    entity_size: 'large' | 'small' | 'micro';
  } | null;
  explanation: string;
  citations: string[];
}

/**
 * The server's 37 CFR 1.97 window for an IDS filed today: the one rule, shared with POST
 * /api/exports (which refuses a timing that does not fit) and the MCP tools. A 422 (no filing
 * date on the record) is the query's error.
 */
export function useIdsTiming(applicationNumber: string) {
  return useQuery({
    queryKey: ['application', applicationNumber, 'ids-timing'],
    queryFn: () => api<IdsTimingAnswer>(`/api/applications/${encodeURIComponent(applicationNumber)}/ids-timing`),
  });
}
