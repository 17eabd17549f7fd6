/**
 * A response drafted with the application file held and a language model configured (issue 18
 * item 7), through REST #4, with the model played by the local stand-ins for OpenAI Chat
 * Completions and Anthropic Messages. The model explains the charted limitation the paper would
 * otherwise leave to the practitioner; only its verified sentence enters the paper, page 1 counts
 * what was dropped, and a model that fails or is too slow leaves the paper whole, with the
 * bracketed place and a note.
 *
 * The claims are those of 15/091,542 as examined except that claim 1 lacks its last clause (the
 * WLAN / 5GHz limitation): as filed, claim 1's strongest limitation is settled by Laroia never
 * using "WLAN" or "5GHz", and the paper asks for no explanation. Without it, claim 1's charted
 * limitation ("reassigning ... based on the assessment of the load", Laroia ¶¶ [0031], [0034])
 * lacks only ordinary words, and the paper asks the practitioner (or the model) to explain.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, type TestApp } from '../support/app.ts';
import { grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx, type OpenedDocx } from '../documents/support/open-docx.ts';
import {
  ANTHROPIC_KEY,
  OPENAI_KEY,
  anthropicMessage,
  openAiCompletion,
  startFakeAnthropic,
  startFakeOpenAi,
  type FakeProvider,
  type RecordedRequest,
  type Step,
} from '../llm/fake-providers.ts';
import { CLAIMS, fileAccount, LAROIA } from './support.ts';

const WLAN_CLAUSE =
  ', wherein the first bandwidth region and the second bandwidth region are receivable by a WLAN device operating in approximately the 5GHz bandwidth region.';
const CLAIM_1_WITHOUT_WLAN = CLAIMS.replace(WLAN_CLAUSE, '.');

const LIMITATION = 'reassigning at least a portion of the first communication subchannel based on the assessment of the load';
const GOOD = {
  text: 'Laroia ¶ [0031] describes that “frequency control module 318 selectively controls generator 320” so that a subcarrier frequency stays within the passband of a fixed filter, which is not a reassignment of a subchannel based on an assessment of load.',
  quotations: [{ text: 'frequency control module 318 selectively controls generator 320', source: '¶ [0031]' }],
  pinpoints: ['¶ [0031]'],
};
const MISQUOTED = {
  text: 'Laroia instead teaches that “the frequency control module reassigns subcarriers according to the traffic load”.',
  quotations: [{ text: 'the frequency control module reassigns subcarriers according to the traffic load', source: '¶ [0031]' }],
  pinpoints: [],
};
const NOT_GIVEN = { text: 'Laroia ¶ [0099] confirms that its filters are fixed in advance.', quotations: [], pinpoints: ['¶ [0099]'] };

type Mode = 'answer' | 'error' | 'slow';

const bodyText = (r: RecordedRequest) => JSON.stringify(r.body);
const isChartRequest = (r: RecordedRequest) => bodyText(r).includes('BEGIN LIMITATION DATA');

/** The id the prompt gives the limitation, read from its data block as a model would. */
function limitationId(r: RecordedRequest): string {
  const user = (r.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;
  const block = /=====BEGIN LIMITATION DATA (\S+)=====\n([\s\S]*?)\n=====END LIMITATION DATA \1=====/.exec(user)![2];
  return (JSON.parse(block) as Array<{ limitation: string; claim_limitation: string }>).find((l) => l.claim_limitation === LIMITATION)!.limitation;
}

const REPLY = (r: RecordedRequest) => JSON.stringify({ arguments: [{ limitation: limitationId(r), sentences: [GOOD, MISQUOTED, NOT_GIVEN] }] });

const PROVIDERS = {
  openai: {
    key: OPENAI_KEY,
    model: 'gpt-4o-mini',
    start: startFakeOpenAi,
    answer: (text: string): Step => ({ body: openAiCompletion(text) }),
    error: {
      status: 500,
      body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } },
    } as Step,
    failure: 'error' as Mode,
    reported: /could not be reached \(HTTP 500\)/,
  },
  anthropic: {
    key: ANTHROPIC_KEY,
    model: 'claude-sonnet-4-5',
    start: startFakeAnthropic,
    answer: (text: string): Step => ({ body: anthropicMessage([text]) }),
    error: { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } as Step,
    failure: 'slow' as Mode,
    reported: /could not be reached \(no answer in time\)/,
  },
};

const places = (doc: OpenedDocx) => Number(/(\d+) highlighted, bracketed places? needs?/.exec(doc.text)?.[1] ?? 0);
const flat = (doc: OpenedDocx) => doc.text.replace(/\s+/g, ' ');

describe.each(Object.entries(PROVIDERS))("with PROSA_LLM_PROVIDER=%s and the claims of 15/091,542 without claim 1's WLAN clause", (_name, p) => {
  let t: TestApp;
  let fake: FakeProvider;
  let mode: Mode = 'answer';
  let key: string;
  let analysisId: string;

  beforeAll(async () => {
    fake = await p.start([
      (req) => {
        // The analysis asks for argument outlines (answered with none); the draft asks about the chart.
        if (!isChartRequest(req)) return p.answer('{"outlines":[]}');
        if (mode === 'error') return p.error;
        if (mode === 'slow') return { ...p.answer('{"arguments":[]}'), delayMs: 3000 };
        return p.answer(REPLY(req));
      },
    ]);
    t = await createTestApp(
      { PROSA_LLM_PROVIDER: _name, PROSA_LLM_API_KEY: p.key, PROSA_LLM_MODEL: p.model, PROSA_LLM_BASE_URL: fake.url, PROSA_LLM_TIMEOUT_MS: '1000' },
      undefined,
      { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } },
    );
    const a = await fileAccount(t.app);
    await grant(t.database.db, a.accountId, 200);
    key = await createKey(t.app, a.cookie);
    analysisId = a.analysisId;
    for (const payload of [
      { kind: 'claims', text: CLAIM_1_WITHOUT_WLAN },
      { kind: 'reference', publication_number: 'US 2005/0025220 A1', text: LAROIA },
    ]) {
      const r = await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, payload });
      expect(r.statusCode, r.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function draft(): Promise<OpenedDocx> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/draft-roa',
      headers: { 'x-api-key': key },
      payload: {
        application_number: '15/091,542',
        analysis_id: analysisId,
        office_action_date: '2016-06-01',
        response_date: '2026-11-27',
        strategy_selections: { claim_1: 'argue_distinction' },
      },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(202);
    const { body: job } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
    expect(job.status, JSON.stringify(job)).toBe('complete');
    const file = await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() });
    return openDocx(file.rawPayload);
  }

  test('the verified sentence explains the limitation; the misquotation of Laroia and the paragraph not given are left out, and page 1 counts them', async () => {
    mode = 'answer';
    const sent = fake.requests.length;
    const doc = await draft();
    const text = flat(doc);

    expect(text).toContain(`Claim 1 recites: “${LIMITATION}”`);
    expect(text).toContain(GOOD.text);
    expect(text).toMatch(
      /The preceding sentence was drafted by a language model \([^)]+\) from the claim chart\. Its quotations and pinpoints were checked against the held texts/,
    );
    expect(text).not.toContain('reassigns subcarriers according to the traffic load');
    expect(text).not.toContain('[0099]');
    expect(text).not.toContain('[Explain why Laroia does not disclose this limitation]');
    expect(text).toMatch(
      /1 sentence of the remarks was drafted by a language model \([^)]+\) from the claim chart and is marked by a drafting note; its quotations and pinpoints were checked against the held texts\. 2 proposed sentences were dropped: 1 quoted words not found verbatim in the claim, the Office Action or the passages given; 1 cited a passage that was not given to the model\./,
    );

    // One request for the paper, carrying the limitation's held texts, not the rest of Laroia.
    const chart = fake.requests.slice(sent).filter(isChartRequest);
    expect(chart).toHaveLength(1);
    const body = bodyText(chart[0]);
    expect(body).toContain(LIMITATION);
    expect(body).toContain('frequency control module 318 selectively controls generator 320');
    // Laroia's opening paragraph, and ¶ [0065] (quoted for claims 7 and 14, whose limitation its words settle), are not sent.
    for (const n of ['0001', '0065']) expect(body).not.toContain(new RegExp(`^\\[${n}\\] (.{60})`, 'm').exec(LAROIA)![1]);
  });

  test(`a model that ${p.failure === 'error' ? 'answers with an error' : 'does not answer in time'} leaves the paper whole, with the bracketed place, and page 1 says so`, async () => {
    mode = p.failure;
    const doc = await draft();
    const text = flat(doc);
    expect(text).toContain(`Claim 1 recites: “${LIMITATION}”`);
    expect(text).toContain('[Explain why Laroia does not disclose this limitation]');
    expect(text).not.toContain('drafted by a language model');
    expect(text).toMatch(p.reported);
    expect(text).toMatch(/the explanations are left to the practitioner at the bracketed places/);
    expect(places(doc)).toBeGreaterThan(0);
  });
});
