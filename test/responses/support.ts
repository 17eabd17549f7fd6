/**
 * The path a REST #4 draft takes, without HTTP: a corpus action analysed, presented as the stored
 * analysis record, turned into the builder's input by the same function the worker uses, and built.
 */
import { analyzeOfficeAction } from '../../src/domain/office-action/index.ts';
import { loadCorpus } from '../../src/domain/office-action/fixtures/corpus.ts';
import { presentAnalysis } from '../../src/presenters/analysis.ts';
import type { StoredAnalysis } from '../../src/commands/draft-requests/inputs/analysis.ts';
import { responseInputOf } from '../../src/commands/draft-requests/inputs/response-input.ts';
import type { OaResponseRequest } from '../../src/commands/draft-requests/request-types.ts';
import { draftResponse } from '../../src/documents/build-response.ts';
import { outlineResponse } from '../../src/documents/response-outline.ts';
import type { ApplicationCaption, ResponseDraftInput } from '../../src/documents/types.ts';
import { openDocx, type OpenedDocx } from '../documents/support/open-docx.ts';

export const caption: ApplicationCaption = {
  application_number: '16123456',
  filing_date: '2019-05-01',
  first_named_inventor: 'Ada LOVELACE',
  title: 'TEST APPLICATION',
  examiner_name: 'REBMANN, JOHN T',
  art_unit: '2472',
};

export function corpusText(id: string): string {
  const item = loadCorpus().find((i) => i.id === id);
  if (!item) throw new Error(`no corpus item ${id}`);
  return item.text;
}

/** The stored analysis record of a text, as REST #3 stores it. */
export function recordOf(text: string): StoredAnalysis {
  const analysis = analyzeOfficeAction(text);
  const record = presentAnalysis(
    { analysis, elapsedSeconds: 0, text },
    {
      analysisId: 'ana_test',
      applicationNumber: '16123456',
      requestedType: 'CTNF',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      examinerIntel: { requested: false, examiner_name: null, stats: null },
      billing: { input_tokens: 0, output_tokens: 0, token_source: 'tokenizer', cost: '0.00' },
    },
  );
  return JSON.parse(JSON.stringify(record)) as StoredAnalysis;
}

export function inputFor(record: StoredAnalysis, over: Partial<OaResponseRequest> = {}): ResponseDraftInput {
  const request: OaResponseRequest = {
    application_number: '16123456',
    analysis_id: 'ana_test',
    strategy_selections: {},
    response_date: '2026-02-01',
    office_action_date: '2026-01-05',
    ...over,
  };
  return responseInputOf(record, request, caption);
}

export async function draft(input: ResponseDraftInput): Promise<{ doc: OpenedDocx; placeholders: number; outline: ReturnType<typeof outlineResponse> }> {
  const { document, report } = await draftResponse(input);
  return { doc: await openDocx(document), placeholders: report.placeholders, outline: report.outline };
}

export { outlineResponse };
