import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export interface UpcomingDeadline {
  docket_entry_id: string;
  application_number: string;
  invention_title: string | null;
  client_matter: string | null;
  action: { correspondence_id: string; document_code: string; office_action_type: string | null; description: string | null; kind: string; mailing_date: string };
  response_deadline: string | null;
  critical_deadline_date: string | null;
  next_deadline: { kind: string; date: string; extension_months: number | null; fee: string | null } | null;
  days_remaining: number | null;
  days_to_critical_deadline: number | null;
  overdue: boolean;
  extendable: boolean;
  extensions: { months: number; due: string; fee: string | null }[];
  entity: string;
  demo: boolean;
}
export interface UpcomingDeadlines {
  today: string;
  within_days: number;
  entity: string;
  deadlines: UpcomingDeadline[];
}

export function useUpcomingDeadlines(withinDays: number) {
  return useQuery({ queryKey: ['deadlines', withinDays], queryFn: () => api<UpcomingDeadlines>(`/api/deadlines?within=${withinDays}d`) });
}
