import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';

/**
 * Argument schemas, built once: the server is rebuilt for every request (stateless), and building
 * a zod object costs more than registering the prompt itself.
 */
const APPLICATION_ARGS = z.object({ application_number: z.string().describe('US application number, e.g. 17/200,011') });
const DOCKET_REVIEW_ARGS = z.object({ within_days: z.string().optional().describe('Horizon in days (default 30)') });
const INTERVIEW_ARGS = z.object({ application_number: z.string().describe('US application number') });

/**
 * Prompts for the jobs practitioners ask an assistant for most. Each names the tools to call in
 * order, so a model follows the product's own workflow instead of improvising one.
 */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'respond_to_office_action',
    {
      title: 'Respond to an office action',
      description: 'Walk through answering a newly mailed office action: triage, plan, draft.',
      argsSchema: APPLICATION_ARGS,
    },
    ({ application_number }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Help me respond to the latest office action in US application ${application_number}.`,
              '1. Call triage_office_action (or, if the action is already recorded and analysed, get_deadlines and list_analyses) and tell me the deadlines first: the date without extension fees and the last possible date.',
              '2. Summarise every ground of rejection and objection claim by claim, quoting the examiner where it matters.',
              "3. Call start_response, then walk me through each claim's strategy; use set_claim_text for amendments and add_argument for arguments I give you.",
              '4. Call check_response_completeness and preview_response; tell me what is still missing.',
              '5. Only when I confirm, call quote_cost and then submit_response; poll get_draft_status and give me the download link.',
            ].join('\n'),
          },
        },
      ],
    }),
  );

  server.registerPrompt(
    'docket_review',
    {
      title: 'Docket review',
      description: 'What is due, what is unanswered, and what to do next across the docket.',
      argsSchema: DOCKET_REVIEW_ARGS,
    },
    ({ within_days }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Call docket_briefing with within_days=${Number(within_days) || 30}. List what is due soonest first with both the no-fee date and the last possible date, flag anything inside two weeks, and propose the next step for each matter.`,
          },
        },
      ],
    }),
  );

  server.registerPrompt(
    'interview_preparation',
    {
      title: 'Examiner interview preparation',
      description: 'Prepare an examiner interview: examiner statistics, agenda, and the PTOL-413A request.',
      argsSchema: INTERVIEW_ARGS,
    },
    ({ application_number }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Prepare an examiner interview for US application ${application_number}.`,
              'Tools not among yours (get_examiner_profile, prepare_interview_request) run through call_tool.',
              '1. lookup_application for the examiner, then get_examiner_profile: report the allowance rate and the interview figures with their sample sizes.',
              '2. From the latest analysis (list_analyses, get_analysis), propose an agenda: the claims, the grounds to discuss and proposed amendments.',
              '3. Offer prepare_interview_request (5.00) once I approve the agenda.',
            ].join('\n'),
          },
        },
      ],
    }),
  );
}
