import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../../auth/principal.ts';
import { validationError } from '../../../errors.ts';
import { listAuditLog } from '../../../queries/audit-log.ts';
import { auditMemberId, auditPageSchema, presentAuditEntry, toolCallsRecordedSchema } from '../../../presenters/audit-log.ts';
import { auditMembers } from '../../../queries/members.ts';
import { normalizeApplicationNumber } from '../../../domain/application-number.ts';
import { addDays } from '../../../domain/deadlines/calendar.ts';
import { isoDate } from '../../../requests/draft-schemas.ts';
import { toolCallAuditor } from '../../../commands/tool-call-auditor.ts';
import { AUDIT_ACTORS, AUDIT_SOURCES, actorsOfSource } from '../../../domain/audit-source.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { routeNotFound } from '../../plugins/errors.ts';

/** The redacted argument summary may be at most this large (JSON, UTF-8). */
const MAX_ARGUMENTS_SUMMARY_BYTES = 4096;
/** Most tool calls one report may carry. */
const MAX_BATCH = 100;
const CODE = /^[a-z][a-z0-9_]{0,63}$/;

const toolCallBody = z
  .object({
    tool: z.string().regex(CODE, 'must be a tool name (lower-case letters, digits, underscores)'),
    arguments_summary: z
      .record(z.string().max(64), z.unknown())
      .describe('Redacted arguments: long strings cut to 200 characters, office-action text replaced by its length'),
    outcome: z.string().regex(CODE, 'must be "ok" or an error_code'),
    duration_ms: z.number().int().min(0).max(86_400_000),
    request_id: z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be a request id (letters, digits, . _ : -)'),
  })
  .strict();

/** GET /api/audit (the account's audit log) and POST /api/audit/tool-calls (the MCP server's report of each tool call). */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  r.get(
    '/audit',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['account'],
        summary: "The account's audit log, newest first",
        description:
          'Every write and every assistant tool call, with how it authenticated: source web (session), api_key, assistant (OAuth bearer, via the MCP server), cli or system (operators). Filter by source or actor, by action prefix (docket., mcp.tool_call), by date range (from, to: UTC days, inclusive), by application (any written form of its number) and by the member who acted (member_id from GET /api/firm/members; the founding owner, whose member id is the account id, also owns rows written before firms; a member id of another firm finds nothing). Filters combine (AND). Keyset pagination: pass next_cursor as `before`. The log is append-only.',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          before: z
            .string()
            .regex(/^\d{1,18}$/, 'must be an audit entry id (next_cursor)')
            .optional(),
          source: z.enum(AUDIT_SOURCES).optional(),
          action: z
            .string()
            .regex(/^[a-z0-9_.]{1,64}$/, 'must be an action or its prefix, e.g. docket. or mcp.tool_call')
            .optional(),
          actor: z
            .enum(AUDIT_ACTORS, { error: `must be one of ${AUDIT_ACTORS.join(', ')} (how the person or program authenticated)` })
            .optional()
            .describe('How the person acted: session (web app), api_key, bearer (assistant via MCP), cli, system, anonymous (sign-up, sign-in)'),
          from: isoDate.optional().describe('First day (UTC) of entries to list, YYYY-MM-DD'),
          to: isoDate.optional().describe('Last day (UTC) of entries to list, YYYY-MM-DD (inclusive)'),
          member_id: z
            .string()
            .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a member id (GET /api/firm/members)')
            .optional()
            .describe('The member who acted (GET /api/firm/members lists ids); rows of no member, e.g. operators and the system, are left out'),
          application: z
            .string()
            .trim()
            .min(1)
            .max(40)
            .optional()
            .describe(
              'An application number in any written form (17/200,011, 17200011, US 17/200,011): entries about it (its docket entry, analyses, drafts, papers, credits spent on it)',
            ),
        }),
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const q = request.query;
      let applicationNumber: string | undefined;
      if (q.application !== undefined) {
        applicationNumber = normalizeApplicationNumber(q.application) ?? undefined;
        if (!applicationNumber) throw validationError('application', 'must be a US application number (8 digits, written e.g. 17/200,011 or 17200011)');
      }
      if (q.from && q.to && q.from > q.to) throw validationError('to', `must not be before from (${q.from})`);
      const page = await listAuditLog(db, accountIdOf(request), {
        limit: q.limit,
        before: q.before ? BigInt(q.before) : undefined,
        actors: q.actor ? [q.actor] : q.source ? actorsOfSource(q.source) : undefined,
        actionPrefix: q.action,
        from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
        until: q.to ? new Date(`${addDays(q.to, 1)}T00:00:00Z`) : undefined,
        applicationNumber,
        // The query is scoped to the account: another firm's member id simply matches no row.
        memberId: q.member_id,
      });
      const members = await auditMembers(
        db,
        page.entries.map(auditMemberId).filter((id): id is string => id !== null),
      );
      return { entries: page.entries.map((e) => presentAuditEntry(e, members)), next_cursor: page.nextCursor };
    },
  );

  r.post(
    '/audit/tool-calls',
    {
      config: { auth: 'account', permission: 'read', rateLimit: 'off' },
      bodyLimit: MAX_BATCH * (MAX_ARGUMENTS_SUMMARY_BYTES + 1024),
      preValidation: async (request) => {
        if (request.principal?.via !== 'bearer') throw routeNotFound(request.method, request.url);
      },
      schema: {
        tags: ['account'],
        summary: 'Record MCP tool calls in the audit log (MCP server only)',
        description: `Bearer tokens only (the MCP server after token exchange); any other credential gets 404. One call, or \`{calls: [...]}\` with up to ${MAX_BATCH} calls of the same account (the MCP server batches its reports), each written as an audit row with action mcp.tool_call, the OAuth client id and name, the redacted arguments, outcome and duration, in one transaction. 201 {id} for one call, {ids} for a batch.`,
        body: z.union([toolCallBody, z.object({ calls: z.array(toolCallBody).min(1).max(MAX_BATCH) }).strict()]),
        response: { 201: toolCallsRecordedSchema },
      },
    },
    async (request, reply) => {
      const p = request.principal as Principal;
      const calls = 'calls' in request.body ? request.body.calls : [request.body];
      for (const [i, b] of calls.entries()) {
        if (Buffer.byteLength(JSON.stringify(b.arguments_summary), 'utf8') > MAX_ARGUMENTS_SUMMARY_BYTES) {
          throw validationError(
            `body${'calls' in request.body ? `.calls[${i}]` : ''}.arguments_summary`,
            `must be at most ${MAX_ARGUMENTS_SUMMARY_BYTES} bytes as JSON (redact long values)`,
          );
        }
      }
      const ids = await toolCallAuditor(
        db,
        p.accountId,
        calls.map((b) => ({
          accountId: p.accountId,
          clientId: p.oauthClientId ?? null,
          clientName: p.oauthClientName ?? null,
          grantId: p.grantId ?? null,
          tool: b.tool,
          argumentsSummary: b.arguments_summary,
          outcome: b.outcome,
          durationMs: b.duration_ms,
          requestId: b.request_id,
        })),
      );
      return reply.status(201).send('calls' in request.body ? { ids } : { id: ids[0] });
    },
  );
}
