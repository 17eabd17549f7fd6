/**
 * With a language model configured, the explanations a response would leave to the practitioner
 * for its charted limitations are drafted by the model (issue 18 item 7): the remarks are built
 * once to find those places (documents/build-response.ts `chartPromptSites`), the model is asked
 * once for all of them with only each limitation's held texts, and the sentences that survive
 * verification (analysis/llm/chart-argument-check.ts) are attached to the chart for the builder
 * to place. The model never fails the draft: an error, a timeout or an unusable reply leaves the
 * bracketed places, and page 1 says what happened. Nothing is billed for it (docs/decisions/documents.md,
 * "Arguments drafted by a language model").
 */
import { draftChartArguments, LlmProviderError, type ChartArgumentSite, type ChartArgumentsResult, type LlmProvider } from '../../../analysis/llm/index.ts';
import { chartPromptSites } from '../../../documents/build-response.ts';
import type { ChartPromptSite } from '../../../documents/remarks/grounds/chart-sites.ts';
import type { DraftDropCode, PaperChartClaim, PaperDrafting, PaperFile, ResponseDraftInput } from '../../../documents/types.ts';

/**
 * The whole drafting step, retries included, ends within this time: a job expires after 300 s
 * (jobs/queue.ts), and a provider retrying 5xx with long Retry-After waits could otherwise outlast it.
 */
const DRAFTING_BUDGET_MS = 120_000;

const keyOf = (s: ChartPromptSite) => `${s.claim_number}:${s.limitation}:${s.family}:${s.reference}`;

export async function withDraftedArguments(input: ResponseDraftInput, provider: LlmProvider): Promise<ResponseDraftInput> {
  const file = input.file;
  if (!file) return input;
  const places = new Map(
    chartPromptSites(input)
      .filter((s) => s.limitation >= 0)
      .map((s) => [keyOf(s), s]),
  );
  const sites = [...places.entries()].flatMap(([key, s]): ChartArgumentSite[] => {
    const l = file.charts.find((c) => c.claim_number === s.claim_number)?.limitations[s.limitation];
    if (!l) return [];
    return [
      {
        key,
        limitation: l.text,
        assertion: l.assertion,
        passages: s.passages,
        examiner_pinpoints: s.pinpoints,
        missing_terms: l.missing_terms,
        absent_terms: l.absent_terms,
        family: s.family,
        reference: s.reference,
      },
    ];
  });
  if (sites.length === 0) return input;

  let result: ChartArgumentsResult;
  try {
    result = await draftChartArguments(provider, sites, { signal: AbortSignal.timeout(DRAFTING_BUDGET_MS) });
  } catch (err) {
    if (!(err instanceof LlmProviderError)) throw err;
    return withFile(input, { ...file, drafting: { model: provider.model, outcome: 'unavailable', detail: describe(err), proposed: 0, dropped: {} } });
  }
  if (!result.replyWellFormed) return withFile(input, { ...file, drafting: { model: result.model, outcome: 'unusable', proposed: 0, dropped: {} } });

  const charts: PaperChartClaim[] = structuredClone(file.charts);
  for (const d of result.drafted) {
    const s = places.get(d.key);
    const l = s && charts.find((c) => c.claim_number === s.claim_number)?.limitations[s.limitation];
    if (!s || !l) continue;
    l.drafted = [...(l.drafted ?? []), { family: s.family, reference: s.reference, sentences: d.sentences, model: result.model }];
  }
  const dropped: PaperDrafting['dropped'] = {};
  for (const x of result.dropped) dropped[x.code satisfies DraftDropCode] = (dropped[x.code] ?? 0) + 1;
  return withFile(input, { ...file, charts, drafting: { model: result.model, outcome: 'drafted', proposed: result.proposed, dropped } });
}

function withFile(input: ResponseDraftInput, file: PaperFile): ResponseDraftInput {
  return { ...input, file };
}

/** A few words for page 1; the provider's own message stays out of the paper. */
function describe(err: LlmProviderError): string {
  switch (err.kind) {
    case 'timeout':
    case 'aborted':
      return 'no answer in time';
    case 'http':
      return `HTTP ${err.status}`;
    case 'network':
      return 'no connection';
    case 'bad_response':
      return "its answer was not in the provider's format";
  }
}
