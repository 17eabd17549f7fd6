import { z } from 'zod';
import { defineTool, READ_ONLY, WRITE, WRITE_IDEMPOTENT } from '../tool.ts';
import { seg } from '../backend-client.ts';
import { addDocumentJsonBody, addedDocumentSchema, documentDetailSchema, documentListSchema } from '../../presenters/file-documents.ts';
import { claimChartSchema, type ClaimChartWire } from '../../presenters/claim-chart.ts';
import { claimVersionsSchema } from '../../presenters/claim-versions.ts';
import { supportSearchBody, supportSearchSchema } from '../../presenters/support-search.ts';

/**
 * The application file and the art (issue 18): documents a docket application holds (claims,
 * specification, earlier responses, the references the examiner cites), the claim chart of an
 * analysis against them, and the support search for an amendment. All free; every shape is the
 * /api route's own schema.
 */

const docketEntryId = z.string().min(1).max(100).describe('The docket entry id (list_docket, lookup_application docket_entry_id)');
const analysisId = z.string().min(1).max(100).describe('The analysis id (analyze_office_action, triage_office_action)');

type DocumentList = z.infer<typeof documentListSchema>;

const listFileDocuments = defineTool({
  name: 'list_file_documents',
  title: "Documents in an application's file",
  description:
    'The documents Prosa holds for a docket application: claim listings, specification, the application as filed, earlier responses (responses Prosa drafted are "draft" until marked filed) and cited references, with counts of paragraphs and claims. Free. Add missing ones with add_file_document; read one with read_file_document.',
  group: 'file',
  price: 'free',
  input: z.object({ docket_entry_id: docketEntryId }),
  output: documentListSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const list = await ctx.api.get<DocumentList>(`/api/docket/${seg(args.docket_entry_id)}/documents`);
    const words = list.documents.map((d) => `${d.kind}${d.publication_number ? ` ${d.publication_number}` : ''}${d.status === 'draft' ? ' (draft)' : ''}`);
    return {
      data: list,
      summary: list.documents.length
        ? `${list.application_number}: ${list.documents.length} document(s): ${words.join('; ')}.`
        : `${list.application_number}: the file holds no documents yet. Add the claims and the cited references with add_file_document for a claim chart.`,
    };
  },
});

const addFileDocument = defineTool({
  name: 'add_file_document',
  title: "Add a document to an application's file",
  description:
    "Adds a document as text, or as a file in base64 (PDF, DOCX, TXT or USPTO XML, up to 10 MB, with filename). kind: claims (becomes the docket's current claims), specification, application (as filed), response (an earlier reply), reference (one the analysed action cites: give publication_number as the action writes it, or reference_name for non-patent literature; others are refused with the list of cited references). " +
    'The same file twice is one document. Free. Next: get_claim_chart.',
  group: 'file',
  price: 'free',
  input: addDocumentJsonBody.extend({ docket_entry_id: docketEntryId }),
  output: addedDocumentSchema,
  annotations: WRITE_IDEMPOTENT,
  async run({ docket_entry_id, ...body }, ctx) {
    const doc = await ctx.api.post<z.infer<typeof addedDocumentSchema>>(`/api/docket/${seg(docket_entry_id)}/documents`, body);
    const what = `${doc.kind}${doc.publication_number ? ` ${doc.publication_number}` : ''}`;
    const counts = `${doc.paragraphs} paragraph(s), ${doc.claims} claim(s)`;
    return {
      data: doc,
      summary: doc.duplicate
        ? `Already in the file: ${what} (${doc.document_id}).`
        : `Added ${what} (${doc.document_id}): ${counts}${doc.claims_made_current ? "; its claims are now the docket's current claims" : ''}.${doc.warnings.length ? ` ${doc.warnings.join(' ')}` : ''}`,
    };
  },
});

const readInput = z.object({
  docket_entry_id: docketEntryId,
  document_id: z.string().min(1).max(100),
  paragraphs: z
    .array(z.number().int().min(0).max(99_999))
    .max(50)
    .optional()
    .describe('Only these paragraph numbers (e.g. [65] for ¶ [0065]); default: all (long documents are cut at 60 paragraphs)'),
});

const readFileDocument = defineTool({
  name: 'read_file_document',
  title: 'Read a document of the file',
  description:
    "One document of an application's file as Prosa read it: numbered paragraphs (verbatim), claims and figures. Pass paragraphs to read only the ones cited (e.g. [65] for ¶ [0065]). Free.",
  group: 'file',
  price: 'free',
  input: readInput,
  output: documentDetailSchema.extend({ paragraphs_omitted: z.number().int() }),
  annotations: READ_ONLY,
  async run(args, ctx) {
    const doc = await ctx.api.get<z.infer<typeof documentDetailSchema>>(`/api/docket/${seg(args.docket_entry_id)}/documents/${seg(args.document_id)}`);
    const wanted = args.paragraphs ? new Set(args.paragraphs) : null;
    const picked = wanted ? doc.paragraph_list.filter((p) => p.number !== null && wanted.has(p.number)) : doc.paragraph_list.slice(0, 60);
    const data = { ...doc, paragraph_list: picked, paragraphs_omitted: doc.paragraph_list.length - picked.length };
    const missing = wanted ? [...wanted].filter((n) => !picked.some((p) => p.number === n)) : [];
    return {
      data,
      summary: `${doc.kind}${doc.publication_number ? ` ${doc.publication_number}` : ''}: ${picked.length} paragraph(s) shown of ${doc.paragraph_list.length}.${missing.length ? ` Not in the document: ${missing.map((n) => `[${String(n).padStart(4, '0')}]`).join(', ')}.` : ''}`,
    };
  },
});

/** Passages cut for the assistant's context (the web app shows them whole). */
const PASSAGE_CHARS = 700;
const cut = (s: string) => (s.length > PASSAGE_CHARS ? `${s.slice(0, s.lastIndexOf(' ', PASSAGE_CHARS))} …` : s);

function boundChart(chart: ClaimChartWire, claims: readonly number[] | undefined, flaggedOnly: boolean): ClaimChartWire {
  const keep = claims?.length ? new Set(claims) : null;
  const citation = <C extends ClaimChartWire['claims'][number]['other_citations'][number]>(c: C): C => ({
    ...c,
    resolved: c.resolved && { ...c.resolved, text: cut(c.resolved.text) },
    passages: c.passages.slice(0, 2).map((p) => ({ ...p, text: cut(p.text) })),
  });
  return {
    ...chart,
    claims: chart.claims
      .filter((c) => !keep || keep.has(c.claim_number))
      .map((c) => ({
        ...c,
        limitations: c.limitations.filter((l) => !flaggedOnly || l.flags.length > 0).map((l) => ({ ...l, citations: l.citations.map(citation) })),
        other_citations: c.other_citations.map(citation),
      })),
  };
}

function chartSummary(chart: ClaimChartWire): string {
  const s = chart.summary;
  const lead = `${chart.application_number}: ${s.claims} rejected claim(s), ${s.limitations} limitation(s), ${s.limitations_flagged} flagged; ${s.pinpoints_resolved} of ${s.pinpoints_found} pinpoint(s) resolved to the reference text.`;
  // Each term the cited reference never uses, with the claims whose limitations recite it.
  const absent = new Map<string, Set<number>>();
  for (const c of chart.claims)
    for (const l of c.limitations)
      for (const f of l.flags) for (const t of f.absent_from_reference ?? []) absent.set(t, (absent.get(t) ?? new Set()).add(c.claim_number));
  const terms = [...absent]
    .slice(0, 8)
    .map(([t, claims]) => `${t} (claim${claims.size > 1 ? 's' : ''} ${[...claims].slice(0, 6).join(', ')}${claims.size > 6 ? ' …' : ''})`);
  return [lead, terms.length ? `Terms of the claims that the cited reference never uses: ${terms.join('; ')}.` : '', ...chart.notes].filter(Boolean).join(' ');
}

const getClaimChart = defineTool({
  name: 'get_claim_chart',
  title: 'Claim chart of an office action',
  description:
    "For each rejected claim: its limitations (from the claims the docket holds), the examiner's words for each, the cited passages resolved to the reference text held in the file, and flags: no_pinpoint, terms_not_in_cited_passage (terms the passage lacks; absent_from_reference lists those the reference never uses), examiner_admission, unresolved_pinpoint. notes say what to add to the file. " +
    'Quote only passages it returns. Narrow with claims and flagged_only. Free.',
  group: 'file',
  price: 'free',
  input: z.object({
    analysis_id: analysisId,
    claims: z.array(z.number().int().min(1).max(9999)).max(50).optional().describe('Only these claims'),
    flagged_only: z.boolean().default(false).describe('Only limitations with a flag'),
  }),
  output: claimChartSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const chart = await ctx.api.get<ClaimChartWire>(`/api/analyses/${seg(args.analysis_id)}/claim-chart`);
    return { data: boundChart(chart, args.claims, args.flagged_only), summary: chartSummary(chart) };
  },
});

const searchClaimSupport = defineTool({
  name: 'search_claim_support',
  title: 'Specification support and art check for an amendment',
  description:
    'Before amending a claim: the specification paragraphs that contain the added words (cite "see, e.g., ¶ [0032]" only from `citation`, which names paragraphs containing every term) and the cited references\' paragraphs that already mention them (a novelty pre-check). Literal word matching, for the practitioner to confirm. Free.',
  group: 'file',
  price: 'free',
  input: supportSearchBody.extend({ docket_entry_id: docketEntryId }),
  output: supportSearchSchema,
  annotations: READ_ONLY,
  async run({ docket_entry_id, ...body }, ctx) {
    const r = await ctx.api.post<z.infer<typeof supportSearchSchema>>(`/api/docket/${seg(docket_entry_id)}/support-search`, body);
    const art = r.art.flatMap((a) => a.hits.slice(0, 1).map((h) => `${a.reference} ${h.cite} mentions ${h.matched.join(', ')}`));
    return {
      data: r,
      summary: [
        r.citation ? `Support: ${r.citation}.` : 'No single specification paragraph contains every added term.',
        art.length ? `Art: ${art.join('; ')}.` : '',
        ...r.notes,
      ]
        .filter(Boolean)
        .join(' '),
    };
  },
});

const markResponseFiled = defineTool({
  name: 'mark_response_filed',
  title: 'Mark a drafted response filed',
  description:
    "After the practitioner files a response Prosa drafted: its claims become the docket's claims of record (until then the docket keeps the claims as they were). Take document_id from list_file_documents (kind response, status draft). Free.",
  group: 'file',
  price: 'free',
  input: z.object({ docket_entry_id: docketEntryId, document_id: z.string().min(1).max(100) }),
  output: claimVersionsSchema,
  annotations: WRITE,
  async run(args, ctx) {
    const v = await ctx.api.post<z.infer<typeof claimVersionsSchema>>(`/api/docket/${seg(args.docket_entry_id)}/documents/${seg(args.document_id)}/filed`, {});
    return {
      data: v,
      summary: `Marked filed: the docket's claims of record for ${v.application_number} are now the ${v.current?.claims.length ?? 0} claim(s) of that response.`,
    };
  },
});

export const FILE_TOOLS = [listFileDocuments, addFileDocument, readFileDocument, getClaimChart, searchClaimSupport, markResponseFiled];
