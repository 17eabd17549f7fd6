import { z } from 'zod';
import { defineTool, DESTRUCTIVE, READ_ONLY, WRITE, WRITE_IDEMPOTENT } from '../tool.ts';
import { InvalidToolArgument, seg, type BackendClient } from '../backend-client.ts';
import { privateApplication } from '../../requests/private-application.ts';
import { recordOfficeActionBody } from '../../requests/office-action-body.ts';
import { claimsBody } from '../../requests/claims-body.ts';
import { applicationNumber } from './shared.ts';
import { docketEntrySchema, docketListSchema } from '../../presenters/docket-entry.ts';
import { accountApplicationSchema, type AccountApplicationWire } from '../../presenters/account-application.ts';
import { historyPageSchema, type HistoryPageWire } from '../../presenters/prosecution-history.ts';
import { paperPageSchema, paperWithTextSchema } from '../../presenters/correspondence.ts';
import { recordedOfficeActionSchema, type RecordedOfficeActionWire } from '../../presenters/recorded-office-action.ts';
import { applicationClaimsSchema, type ApplicationClaimsWire } from '../../presenters/application-claims.ts';

const entitySize = z.enum(['large', 'small', 'micro']).nullable().optional().describe("Its fees follow it; null: the USPTO record's");

/**
 * Docket tools: the account's applications, their records, prosecution history and papers, and
 * recording a just-mailed office action. All free; the backend enforces that an account sees its
 * own docket, its own unpublished applications and its own recorded papers only.
 */

const responsible = z
  .email()
  .max(254)
  .nullable()
  .optional()
  .describe("E-mail of the firm's owner or practitioner responsible for the matter (its reminders go to them); null: not assigned");

/**
 * An assistant names the responsible practitioner by e-mail (what a person says: "make Priya
 * responsible"); the API takes the member id, found among the firm's live members. Not found:
 * refused by name, as the API would refuse an unknown id.
 */
async function responsibleMemberId(api: BackendClient, email: string | null | undefined): Promise<{ responsible_member_id?: string | null }> {
  if (email === undefined) return {};
  if (email === null) return { responsible_member_id: null };
  const { members } = await api.get<{ members: { id: string; email: string }[] }>('/api/firm/members');
  const found = members.find((m) => m.email.toLowerCase() === email.trim().toLowerCase());
  if (!found) throw new InvalidToolArgument('responsible', 'is not the e-mail of a member of the firm (Settings > Members in the web app lists them)');
  return { responsible_member_id: found.id };
}

const docketEntryId = z.string().min(1).max(100).describe('The docket entry id (list_docket, lookup_application docket_entry_id)');
const limit = z.number().int().min(1).max(200).default(50);
const before = z.string().min(1).max(100).optional().describe('next_cursor from a previous page');

const docketEntry = docketEntrySchema;
type DocketEntry = z.infer<typeof docketEntry>;

function deadlineLine(a: { application_number: string; response_deadline: string | null; critical_deadline_date: string | null }): string {
  return a.response_deadline
    ? `reply due ${a.response_deadline} without extension fees, ${a.critical_deadline_date} at the latest`
    : 'no office action awaiting a reply';
}

const listDocket = defineTool({
  name: 'list_docket',
  title: 'List the docket',
  description:
    "Every application on the account's docket (public ones and unpublished ones tracked privately) with its client matter, notes and current deadlines. Free. Use it to find a docket_entry_id or an application number; for what is due soon, list_upcoming_deadlines sorts by urgency.",
  group: 'docket',
  price: 'free',
  input: z.object({}),
  output: docketListSchema.pick({ entries: true }).extend({ count: z.number().int() }),
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const { entries } = await ctx.api.get<{ entries: DocketEntry[] }>('/api/docket');
    const due = entries.filter((e) => e.application.response_deadline !== null).length;
    return {
      data: { entries, count: entries.length },
      summary: `${entries.length} application(s) on the docket; ${due} with an office action awaiting a reply.`,
    };
  },
});

const lookupApplication = defineTool({
  name: 'lookup_application',
  title: 'Look up an application',
  description:
    "An application's record as this account sees it: title, status, examiner, art unit, filing date, patent number, the office action awaiting a reply and its deadlines (counting actions the account recorded itself), and docket_entry_id when it is on the docket. Works for public applications and for the account's own unpublished ones. Free. Next: get_deadlines for the extension schedule and fees, get_application_history, list_correspondence, or add_to_docket.",
  group: 'docket',
  price: 'free',
  input: z.object({ application_number: applicationNumber }),
  output: accountApplicationSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const app = await ctx.api.get<AccountApplicationWire>(`/api/applications/${seg(args.application_number)}`);
    const docket = app.docket_entry_id ? 'on the docket' : 'not on the docket';
    return { data: app, summary: `${app.application_number} "${app.invention_title}" (${app.status}, ${docket}): ${deadlineLine(app)}.` };
  },
});

const addToDocket = defineTool({
  name: 'add_to_docket',
  title: 'Add an application to the docket',
  description:
    "Puts an application on the account's docket so its deadlines show in list_upcoming_deadlines and the calendar feed. A public application needs only its number. An unpublished one (no public record) needs `application` with at least invention_title: it is tracked privately, visible to this account alone. Free. 409 already_on_docket if it is there. Next: record_office_action when a new action has just arrived.",
  group: 'docket',
  price: 'free',
  input: z.object({
    application_number: applicationNumber,
    client_matter: z.string().max(200).optional().describe("The firm's matter number: the Attorney Docket No. of its papers"),
    notes: z.string().max(10_000).optional(),
    entity_size: entitySize,
    responsible,
    application: privateApplication.optional().describe("Only for an unpublished application: the account's own data"),
  }),
  output: docketEntry,
  annotations: WRITE,
  async run({ responsible: email, ...args }, ctx) {
    const entry = await ctx.api.post<DocketEntry>('/api/docket', { ...args, ...(await responsibleMemberId(ctx.api, email)) });
    return {
      data: entry,
      summary: `Added ${entry.application.application_number} to the docket (entry ${entry.id}${entry.private ? ', tracked privately' : ''}): ${deadlineLine(entry.application)}.`,
    };
  },
});

const updateDocketEntry = defineTool({
  name: 'update_docket_entry',
  title: 'Update a docket entry',
  description:
    "Changes a docket entry's matter number (the papers' Attorney Docket No.), notes, entity status or responsible practitioner (null clears), and for an unpublished application the account's own data (title, filing date, examiner, art unit...). Fields left out are unchanged. Free. Public records come from the USPTO and cannot be edited.",
  group: 'docket',
  price: 'free',
  input: z.object({
    docket_entry_id: docketEntryId,
    client_matter: z.string().max(200).nullable().optional(),
    notes: z.string().max(10_000).nullable().optional(),
    entity_size: entitySize,
    responsible,
    application: privateApplication.partial().optional().describe('Only for an unpublished application'),
  }),
  output: docketEntry,
  annotations: WRITE_IDEMPOTENT,
  async run({ docket_entry_id, responsible: email, ...changes }, ctx) {
    const entry = await ctx.api.patch<DocketEntry>(`/api/docket/${seg(docket_entry_id)}`, { ...changes, ...(await responsibleMemberId(ctx.api, email)) });
    return {
      data: entry,
      summary: `Updated docket entry ${entry.id} (${entry.application.application_number}); its fees are for a ${entry.entity_size} entity (${entry.entity_size_source}).`,
    };
  },
});

const removeFromDocket = defineTool({
  name: 'remove_from_docket',
  title: 'Remove an application from the docket',
  description:
    "Takes an application off the account's docket: its deadlines leave list_upcoming_deadlines and the calendar feed. Free. Confirm with the user first; adding it back later is possible (an unpublished application's private data must then be given again).",
  group: 'docket',
  price: 'free',
  input: z.object({ docket_entry_id: docketEntryId }),
  output: z.object({ removed: z.boolean(), docket_entry_id: z.string() }),
  annotations: DESTRUCTIVE,
  async run(args, ctx) {
    await ctx.api.delete(`/api/docket/${seg(args.docket_entry_id)}`);
    return { data: { removed: true, docket_entry_id: args.docket_entry_id }, summary: `Removed docket entry ${args.docket_entry_id}.` };
  },
});

const getApplicationHistory = defineTool({
  name: 'get_application_history',
  title: 'Prosecution history',
  description:
    "The application's prosecution events from the USPTO (rejections, replies, RCEs, interviews, allowance, abandonment...), newest first, each with Prosa's reading of the USPTO code (`meaning.kind`). Free. Page back with `before` = next_cursor. Use it to tell whether an action was answered, or to check IDS timing.",
  group: 'docket',
  price: 'free',
  input: z.object({ application_number: applicationNumber, limit, before }),
  output: historyPageSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const page = await ctx.api.get<HistoryPageWire>(`/api/applications/${seg(args.application_number)}/history`, { limit: args.limit, before: args.before });
    const latest = page.events[0];
    return {
      data: page,
      summary: `${page.events.length} event(s)${latest ? `; latest ${latest.date} ${latest.code} (${latest.meaning.summary})` : ''}${page.next_cursor ? '; more with before=next_cursor' : ''}.`,
    };
  },
});

const listCorrespondence = defineTool({
  name: 'list_correspondence',
  title: 'List the papers of an application',
  description:
    "The application's papers (office actions, replies, notices), newest first: document code, description, mailing date, direction, and has_text when the full text is stored. Includes the actions this account recorded (recorded_by_account). Free. Read one with get_correspondence.",
  group: 'docket',
  price: 'free',
  input: z.object({ application_number: applicationNumber, limit, before }),
  output: paperPageSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const page = await ctx.api.get<z.infer<typeof paperPageSchema>>(`/api/applications/${seg(args.application_number)}/correspondence`, {
      limit: args.limit,
      before: args.before,
    });
    const withText = page.correspondence.filter((p) => p.has_text).length;
    return {
      data: page,
      summary: `${page.correspondence.length} paper(s), ${withText} with stored text${page.next_cursor ? '; more with before=next_cursor' : ''}.`,
    };
  },
});

const DEFAULT_TEXT_CHARS = 20_000;

const getCorrespondence = defineTool({
  name: 'get_correspondence',
  title: 'Read one paper',
  description:
    'One paper (from list_correspondence, or the critical_deadline_correspondence_id of a lookup) with its text when stored. Long texts come in slices: `offset` and `max_characters` (default 20,000); next_offset is set while text remains. Free. To analyse an office action, pass its text to analyze_office_action.',
  group: 'docket',
  price: 'free',
  input: z.object({
    correspondence_id: z.string().min(1).max(100),
    offset: z.number().int().min(0).default(0).describe('Character offset into the text'),
    max_characters: z.number().int().min(1).max(200_000).default(DEFAULT_TEXT_CHARS),
  }),
  // The API's paper with its whole text, the text replaced by the requested slice.
  output: paperWithTextSchema.omit({ full_text: true }).extend({
    text: z.string().nullable().describe('The requested slice of the text; null when no text is stored'),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
  }),
  annotations: READ_ONLY,
  async run(args, ctx) {
    const { full_text, ...rest } = await ctx.api.get<z.infer<typeof paperWithTextSchema>>(`/api/correspondence/${seg(args.correspondence_id)}`);
    const end = args.offset + args.max_characters;
    const text = full_text === null ? null : full_text.slice(args.offset, end);
    const next = full_text !== null && end < full_text.length ? end : null;
    const data = { ...rest, text, text_characters: full_text?.length ?? 0, offset: args.offset, next_offset: next };
    const what = `${rest.document_code} mailed ${rest.mailing_date} in ${rest.application_number}`;
    const summary =
      full_text === null
        ? `${what}; no text is stored.`
        : `${what}: characters ${args.offset}-${Math.min(end, full_text.length)} of ${full_text.length}${next !== null ? `; call again with offset ${next} for more` : ''}.`;
    return { data, summary };
  },
});

const recordOfficeAction = defineTool({
  name: 'record_office_action',
  title: 'Record a just-mailed office action',
  description:
    'Attaches an office action the practitioner just received to a docket application, so its deadlines go live at once (also for unpublished applications): kind as the USPTO document code (CTNF non-final, CTFR final, CTRS restriction/election, CTEQ Ex parte Quayle, NOA allowance), the mailing date printed on it, and its text when available (stored privately; at most 1 MB). The paper is visible to this account only. Free. Answers with the new deadlines. The very same paper again (kind, date and text) answers the one already recorded; the same kind and date with another text is 409 office_action_already_recorded. Next: analyze_office_action with the same text, or triage_office_action for the whole routine.',
  group: 'docket',
  price: 'free',
  input: recordOfficeActionBody.extend({ docket_entry_id: docketEntryId }),
  output: recordedOfficeActionSchema,
  annotations: WRITE_IDEMPOTENT,
  async run({ docket_entry_id, ...body }, ctx) {
    const { status, body: res } = await ctx.api.call<RecordedOfficeActionWire>('POST', `/api/docket/${seg(docket_entry_id)}/office-actions`, { body });
    // 200 is the very same paper recorded before (a retry): said so, as nothing new was stored.
    const paper = `the ${res.correspondence.document_code} mailed ${res.correspondence.mailing_date} for ${res.application_number}`;
    const done = status === 200 ? `Already recorded ${paper} (nothing new stored)` : `Recorded ${paper}`;
    return { data: res, summary: `${done}: ${deadlineLine({ application_number: res.application_number, ...res.deadlines })}.` };
  },
});

const storedClaims = applicationClaimsSchema;
type StoredClaims = ApplicationClaimsWire;

function claimsSummary(c: StoredClaims): string {
  if (!c.source)
    return `No claims are stored for ${c.application_number}: a response drafted without claim text leaves a place for each claim's text. Paste them with set_claims.`;
  const from =
    c.source === 'response'
      ? `the response drafted in job ${c.source_job_id}, marked filed`
      : c.source === 'document'
        ? 'a document of the file'
        : 'pasted claims';
  return `${c.application_number}: ${c.counts.pending} pending, ${c.counts.withdrawn} withdrawn, ${c.counts.cancelled} cancelled claim(s), from ${from} (${c.updated_at}).${c.missing_text.length ? ` Text unknown for claim(s) ${c.missing_text.join(', ')}.` : ''}${c.warnings.length ? ` ${c.warnings.join(' ')}` : ''}`;
}

const getClaims = defineTool({
  name: 'get_claims',
  title: 'Current claims of a docket application',
  description:
    'The claims the docket holds for an application: pasted (set_claims), read from a document of the file (add_file_document), or as amended by a response Prosa drafted once marked filed (mark_response_filed). A response drafted without claim text starts its claim listing from them and marks its amendments against them (37 CFR 1.121(c)). Free.',
  group: 'docket',
  price: 'free',
  input: z.object({ docket_entry_id: docketEntryId }),
  output: storedClaims,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const c = await ctx.api.get<StoredClaims>(`/api/docket/${seg(args.docket_entry_id)}/claims`);
    return { data: c, summary: claimsSummary(c) };
  },
});

const setClaims = defineTool({
  name: 'set_claims',
  title: 'Paste the current claims of a docket application',
  description:
    'Replaces the claims the docket holds for an application with the claims as they now stand (clean text, no markup): either `text`, a pasted claim listing with each claim on its own line starting with its number (status identifiers such as (Original), (Previously Presented), (Withdrawn), (Canceled) are read; "5-7. (Canceled)" for ranges), or `claims` one by one. The next response drafted without claim text uses them. A listing that cannot be read is refused naming the claim (validation_error). Free.',
  group: 'docket',
  price: 'free',
  input: claimsBody.extend({ docket_entry_id: docketEntryId }),
  output: storedClaims,
  annotations: WRITE_IDEMPOTENT,
  async run({ docket_entry_id, ...body }, ctx) {
    const c = await ctx.api.put<StoredClaims>(`/api/docket/${seg(docket_entry_id)}/claims`, body);
    return { data: c, summary: `Stored. ${claimsSummary(c)}` };
  },
});

export const DOCKET_TOOLS = [
  listDocket,
  lookupApplication,
  addToDocket,
  updateDocketEntry,
  removeFromDocket,
  getApplicationHistory,
  listCorrespondence,
  getCorrespondence,
  recordOfficeAction,
  getClaims,
  setClaims,
];
