import { describe, expect, test } from 'vitest';
import { TOOLS } from '../../src/mcp/tools/index.ts';
import { accountApplicationSchema, accountDeadlinesSchema } from '../../src/presenters/account-application.ts';
import { accountExaminerProfileSchema, artUnitAnswerSchema, examinerSearchSchema } from '../../src/presenters/examiner-profile.ts';
import { historyPageSchema } from '../../src/presenters/prosecution-history.ts';
import { paperPageSchema } from '../../src/presenters/correspondence.ts';
import { recordedOfficeActionSchema } from '../../src/presenters/recorded-office-action.ts';
import { applicationClaimsSchema } from '../../src/presenters/application-claims.ts';
import { draftJobPageSchema, draftJobWireSchema } from '../../src/presenters/draft-job.ts';
import { docketDeadlinesSchema } from '../../src/presenters/docket-deadlines.ts';
import { exportSubmissionSchema } from '../../src/presenters/export-submission.ts';
import {
  argumentEditSchema,
  electionEditSchema,
  planCompletenessSchema,
  planPreviewSchema,
  planSubmissionSchema,
  responsePlanSchema,
} from '../../src/presenters/response-plan.ts';

/**
 * One wire contract (issue 23): a tool that returns an /api route's answer as it is declares the
 * route's own response schema, so a change to the presenter's schema changes the tool's too.
 */
const SAME_AS_ROUTE = {
  get_examiner_profile: accountExaminerProfileSchema,
  search_examiners: examinerSearchSchema,
  get_art_unit_profile: artUnitAnswerSchema,
  lookup_application: accountApplicationSchema,
  get_application_history: historyPageSchema,
  list_correspondence: paperPageSchema,
  record_office_action: recordedOfficeActionSchema,
  get_claims: applicationClaimsSchema,
  set_claims: applicationClaimsSchema,
  list_exports: draftJobPageSchema,
  get_export: draftJobWireSchema,
  get_draft_status: draftJobWireSchema,
  prepare_ids: exportSubmissionSchema,
  get_deadlines: accountDeadlinesSchema,
  list_upcoming_deadlines: docketDeadlinesSchema,
  start_response: responsePlanSchema,
  get_response_plan: responsePlanSchema,
  add_argument: argumentEditSchema,
  set_election: electionEditSchema,
  check_response_completeness: planCompletenessSchema,
  preview_response: planPreviewSchema,
  submit_response: planSubmissionSchema,
};

describe('MCP output schemas are the presenters’ schemas', () => {
  test.each(Object.entries(SAME_AS_ROUTE))('%s declares its route’s response schema', (name, schema) => {
    const tool = TOOLS.find((t) => t.name === name);
    expect(tool, name).toBeDefined();
    expect(tool?.output).toBe(schema);
  });
});
