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
import { auditPageSchema } from '../../src/presenters/audit-log.ts';
import { quoteSchema } from '../../src/presenters/quote.ts';
import { accountSchema, balanceSchema, creditsPageSchema } from '../../src/presenters/account.ts';
import { storedAnalysisRecordSchema } from '../../src/presenters/analysis.ts';
import { pricingSchema } from '../../src/presenters/pricing.ts';
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
  quote_cost: quoteSchema,
  get_audit_log: auditPageSchema,
};

/**
 * Tools that relay part of a route's answer: they keep the listed fields, each the route's own
 * field schema (get_pricing's purchase offers are optional: left out where purchases may not be offered).
 */
const PART_OF_ROUTE = {
  get_usage: { schema: creditsPageSchema, fields: ['balance', 'entries', 'next_cursor', 'status'], optional: [] },
  get_pricing: { schema: pricingSchema, fields: ['exports', 'token_rates_per_million'], optional: ['custom_amounts', 'packages'] },
} as const;

describe('MCP output schemas are the presenters’ schemas', () => {
  test.each(Object.entries(SAME_AS_ROUTE))('%s declares its route’s response schema', (name, schema) => {
    const tool = TOOLS.find((t) => t.name === name);
    expect(tool, name).toBeDefined();
    expect(tool?.output).toBe(schema);
  });
});

describe('MCP tools that relay part of a route keep its field schemas', () => {
  test.each(Object.entries(PART_OF_ROUTE))('%s', (name, { schema, fields, optional }) => {
    const output = TOOLS.find((t) => t.name === name)?.output as unknown as { shape: Record<string, { unwrap?: () => unknown }> };
    expect(Object.keys(output.shape).sort()).toEqual([...fields, ...optional].sort());
    const routeShape = schema.shape as Record<string, unknown>;
    for (const field of fields) expect(output.shape[field], `${name}.${field}`).toBe(routeShape[field]);
    for (const field of optional) expect(output.shape[field].unwrap?.(), `${name}.${field}`).toBe(routeShape[field]);
  });
});

/**
 * Tools that compose several answers into one: each field they take from a route is that route's
 * own field schema, so the composition cannot drift from what the route says the field is.
 */
const record = storedAnalysisRecordSchema.shape;
const FIELDS_FROM_ROUTES: Record<string, Record<string, unknown>> = {
  whoami: {
    account_id: accountSchema.shape.id,
    email: accountSchema.shape.email,
    display_name: accountSchema.shape.display_name,
    entity_size: accountSchema.shape.entity_size,
    model_multiplier: accountSchema.shape.model_multiplier,
    practitioner: accountSchema.shape.practitioner,
    balance: balanceSchema.shape.balance,
    status: balanceSchema.shape.status,
  },
  check_credits: {
    balance: creditsPageSchema.shape.balance,
    status: creditsPageSchema.shape.status,
    model_multiplier: creditsPageSchema.shape.model_multiplier,
  },
  analyze_office_action: {
    analysis_id: record.analysis_id,
    application_number: record.application_number,
    rejection_type: record.rejection_type,
    glass_box: record.glass_box,
    warnings: record.warnings.unwrap(),
  },
  get_analysis: { analysis_id: record.analysis_id, glass_box: record.glass_box },
  get_extension_options: { application_number: accountDeadlinesSchema.shape.application_number, entity: accountDeadlinesSchema.shape.entity },
};

describe('MCP tools that compose several answers take each field from its route', () => {
  test.each(Object.entries(FIELDS_FROM_ROUTES))('%s', (name, fields) => {
    const output = TOOLS.find((t) => t.name === name)?.output as unknown as { shape: Record<string, unknown> };
    expect(output, name).toBeDefined();
    for (const [field, schema] of Object.entries(fields)) expect(output.shape[field], `${name}.${field}`).toBe(schema);
  });
});
