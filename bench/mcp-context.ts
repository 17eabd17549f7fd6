// bench/mcp-context: what Prosa's MCP server puts into an assistant's context (issue 20, real
// assistants item 5), counted with the o200k_base tokenizer (src/analysis/llm/token-count.ts):
//
// 1. tools/list: the default listing, the full one (?tools=all) and both with output schemas,
//    as the whole tool entries the server sends (name, title, description, input schema,
//    annotations) and as the narrower name + description + input schema.
// 2. The response workflow, 14 calls through the official SDK client, as a practitioner's
//    assistant runs it (the respond_to_office_action prompt, with the analysis reads):
//    triage_office_action, get_analysis, explain_rejection, get_claim_chart, start_response,
//    set_claim_strategy, set_claim_text, add_argument, check_response_completeness,
//    preview_response, quote_cost, submit_response, get_draft_status, get_download_link.
//    Per host, by what the host hands its model: the text content only (Claude's connectors),
//    structuredContent only (Claude Code, Cursor), or both (ChatGPT); for the both-host, also with
//    the connector URL's ?results=structured (the summary alone beside structuredContent).
//
//   ./node_modules/.bin/node bench/mcp-context.ts
// One process: the backend with the MCP server mounted, an embedded database with the demo
// docket, a draft worker, the test-only auto-approve sign-in. Token counts do not depend on the
// machine; the run takes about half a minute.
import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { countTokens } from '../src/analysis/llm/token-count.ts';
import { addDays } from '../src/domain/deadlines/calendar.ts';
import { todayUtc } from '../src/clock.ts';
import { autoApprovedToken, CHECKS_ACCOUNT, startChecksServer } from '../test/external/serve-for-checks.ts';
import { grant } from '../test/support/drafts.ts';

const server = await startChecksServer({ demo: true, worker: true });
const token = await autoApprovedToken(server.url);
const account = await server.database.db.selectFrom('accounts').select('id').where('email', '=', CHECKS_ACCOUNT).executeTakeFirstOrThrow();
await grant(server.database.db, account.id, 200);

async function connect(query: string): Promise<Client> {
  const client = new Client({ name: 'bench-mcp-context', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp${query}`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

const tokens = (v: unknown) => countTokens(typeof v === 'string' ? v : JSON.stringify(v));
const fmt = (n: number) => n.toLocaleString('en-US');

// 1. tools/list
console.log('tools/list (tokens, o200k_base)');
console.log(['listing'.padEnd(34), 'tools'.padStart(6), 'entries'.padStart(9), 'name+desc+input'.padStart(16), '+ output schemas'.padStart(17)].join(' '));
for (const [label, query] of [
  ['default', ''],
  ['?tools=all', '?tools=all'],
] as const) {
  const listed = (await (await connect(query)).listTools()).tools;
  const withOutput = (await (await connect(`${query}${query ? '&' : '?'}output_schemas=1`)).listTools()).tools;
  // Entries as listed, without output schemas (a server before issue 20 always sent them).
  const plain = listed.map(({ outputSchema: _o, ...t }) => t);
  const narrow = listed.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
  const sentByDefault = listed.some((t) => t.outputSchema) ? ' (sent)' : '';
  console.log(
    [
      label.padEnd(34),
      String(listed.length).padStart(6),
      fmt(tokens(plain)).padStart(9),
      fmt(tokens(narrow)).padStart(16),
      `${fmt(tokens(withOutput))}${sentByDefault}`.padStart(17),
    ].join(' '),
  );
}

// 2. The response workflow.
const OA = readFileSync(new URL('../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const ORIGINAL_1 = 'A cylinder liner casted in a block, comprising: a liner body; and an outer surface having a bore adjacent part.';
const AMENDED_1 = 'A cylinder liner casted in a block, comprising: a cylindrical liner body; and an outer surface having a bore adjacent part.';
const ARGUMENT = 'Wang is cited only for the block; neither reference places the bore adjacent part on the inner side, which claim 2 requires through claim 1.';

interface Result {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}
interface Row {
  tool: string;
  content: number;
  structured: number;
}

async function workflow(client: Client, number: string): Promise<Row[]> {
  const rows: Row[] = [];
  const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, any>> => {
    const r = (await client.callTool({ name, arguments: args })) as Result;
    if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.structuredContent ?? r.content)}`);
    rows.push({
      tool: name,
      content: r.content.reduce((n, c) => n + (c.text ? tokens(c.text) : 0), 0),
      structured: r.structuredContent ? tokens(r.structuredContent) : 0,
    });
    return r.structuredContent as Record<string, any>;
  };
  const triage = await call('triage_office_action', {
    application_number: number,
    kind: 'CTNF',
    mailing_date: addDays(todayUtc(), -10),
    office_action_text: OA,
  });
  const analysisId = triage.analysis.analysis_id as string;
  const analysis = await call('get_analysis', { analysis_id: analysisId });
  const groundId = (analysis.grounds as { ground_id: string }[])[0].ground_id;
  await call('explain_rejection', { analysis_id: analysisId, ground_id: groundId });
  await call('get_claim_chart', { analysis_id: analysisId });
  const plan = await call('start_response', { analysis_id: analysisId });
  await call('set_claim_strategy', { plan_id: plan.plan_id, claim_number: 3, strategy: 'no_action' });
  await call('set_claim_text', { plan_id: plan.plan_id, claim_number: 1, original_text: ORIGINAL_1, text: AMENDED_1 });
  await call('add_argument', { plan_id: plan.plan_id, ground_id: groundId, text: ARGUMENT });
  await call('check_response_completeness', { plan_id: plan.plan_id });
  await call('preview_response', { plan_id: plan.plan_id });
  await call('quote_cost', { draft: true });
  const job = await call('submit_response', { plan_id: plan.plan_id, accept_incomplete: true });
  // Wait for the draft outside the count: an assistant polls, and only the last poll is compared.
  for (let i = 0; i < 600; i++) {
    const row = await server.database.db.selectFrom('draft_jobs').select('status').where('id', '=', job.job_id).executeTakeFirstOrThrow();
    if (row.status === 'complete' || row.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await call('get_draft_status', { job_id: job.job_id });
  await call('get_download_link', { job_id: job.job_id });
  return rows;
}

// The same workflow twice on one application (the second triage finds the paper already
// recorded and makes a new analysis and plan): by default, then with ?results=structured. A
// server without the parameter (before issue 20) answers the second run as the first.
const byDefault = await workflow(await connect(''), '17/200,011');
const structured = await workflow(await connect('?results=structured'), '17/200,011');

const sum = (rows: Row[], f: (r: Row) => number) => rows.reduce((n, r) => n + f(r), 0);
console.log('');
console.log(`response workflow, ${byDefault.length} calls (tokens into the model's context, by host)`);
console.log(
  [
    'tool'.padEnd(30),
    'text'.padStart(7),
    'structured'.padStart(11),
    'both'.padStart(7),
    ...(structured ? ['both, ?results=structured'.padStart(26)] : []),
  ].join(' '),
);
byDefault.forEach((r, i) => {
  const s = structured?.[i];
  console.log(
    [
      r.tool.padEnd(30),
      fmt(r.content).padStart(7),
      fmt(r.structured).padStart(11),
      fmt(r.content + r.structured).padStart(7),
      ...(s ? [fmt(s.content + s.structured).padStart(26)] : []),
    ].join(' '),
  );
});
console.log(
  [
    'total'.padEnd(30),
    fmt(sum(byDefault, (r) => r.content)).padStart(7),
    fmt(sum(byDefault, (r) => r.structured)).padStart(11),
    fmt(sum(byDefault, (r) => r.content + r.structured)).padStart(7),
    ...(structured ? [fmt(sum(structured, (r) => r.content + r.structured)).padStart(26)] : []),
  ].join(' '),
);
console.log(
  'text: hosts that give the model `content` (Claude connectors); structured: hosts that give it structuredContent (Claude Code, Cursor); both: ChatGPT.',
);
await server.close();
process.exit(0);
