/**
 * The chart-argument expert (issue 18 item 7) against the local OpenAI stand-in: what it sends
 * (each limitation's held texts only, within bounds), how it reads the reply (defensively: bad
 * JSON or wrong shapes draft nothing and are reported), and that only verified sentences come back.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { draftChartArguments, type ChartArgumentSite } from '../../src/analysis/llm/chart-arguments.ts';
import { buildChartArgumentPrompt } from '../../src/analysis/llm/chart-argument-prompt.ts';
import { parseChartArgumentReply } from '../../src/analysis/llm/chart-argument-reply.ts';
import { createOpenAiProvider } from '../../src/analysis/llm/openai-provider.ts';
import { LAROIA } from '../file/support.ts';
import { OPENAI_KEY, openAiCompletion, recordingSleep, startFakeOpenAi, type FakeProvider, type RecordedRequest } from './fake-providers.ts';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const paragraph = (n: string) => new RegExp(`^\\[${n}\\] (.*)$`, 'm').exec(LAROIA)![1];

const SITE: ChartArgumentSite = {
  key: '1:5:102:Laroia',
  limitation: 'reassigning at least a portion of the first communication subchannel based on the assessment of the load',
  assertion:
    'reassigning at least a portion of the first communication subchannel based on the assessment of the load {¶0031 wherein frequency control module 318 selectively controls generator 320}',
  passages: [
    { label: '[0031]', text: paragraph('0031') },
    { label: '[0034]', text: paragraph('0034') },
  ],
  examiner_pinpoints: ['¶0031', '¶0034'],
  missing_terms: ['reassigning', 'subchannel', 'assessment', 'load', 'communication'],
  absent_terms: ['reassigning', 'subchannel', 'assessment', 'load'],
  family: '102',
  reference: 'Laroia',
};

const GOOD = {
  text: "Laroia ¶ [0031] describes that “frequency control module 318 selectively controls generator 320” so that a subcarrier stays within a fixed filter's passband, which is not a reassignment based on an assessment of load.",
  quotations: [{ text: 'frequency control module 318 selectively controls generator 320', source: '¶ [0031]' }],
  pinpoints: ['¶ [0031]'],
};
const MISQUOTED = {
  text: 'Laroia teaches that “the frequency control module reassigns subcarriers according to load”.',
  quotations: [{ text: 'the frequency control module reassigns subcarriers according to load', source: '¶ [0031]' }],
  pinpoints: [],
};
const INVENTED_PINPOINT = { text: 'Laroia ¶ [0099] confirms that its filters are fixed.', quotations: [], pinpoints: ['¶ [0099]'] };

async function provider(content: string) {
  fake = await startFakeOpenAi([{ body: openAiCompletion(content, { prompt_tokens: 2100, completion_tokens: 180 }) }]);
  return createOpenAiProvider({ baseUrl: fake.url, apiKey: OPENAI_KEY, model: 'gpt-4o-mini', timeoutMs: 5000 }, { sleep: recordingSleep().sleep });
}

const userPrompt = (r: RecordedRequest) => (r.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;

describe('draftChartArguments', () => {
  test('keeps the verified sentence, drops a misquotation and an invented pinpoint, and reports each with its reason', async () => {
    const p = await provider(JSON.stringify({ arguments: [{ limitation: 'L1', sentences: [GOOD, MISQUOTED, INVENTED_PINPOINT] }] }));
    const r = await draftChartArguments(p, [SITE]);
    expect(r.drafted).toEqual([{ key: SITE.key, sentences: [GOOD.text] }]);
    expect(r.dropped).toEqual([
      { limitation: SITE.limitation, sentence: MISQUOTED.text, code: 'quotation', reason: expect.stringContaining('is not in ¶ [0031]') },
      { limitation: SITE.limitation, sentence: INVENTED_PINPOINT.text, code: 'pinpoint', reason: 'cites ¶ [0099], which is not a passage given' },
    ]);
    expect(r).toMatchObject({
      asked: 1,
      proposed: 3,
      replyWellFormed: true,
      usage: { input_tokens: 2100, output_tokens: 180 },
      model: 'gpt-4o-mini-2024-07-18',
    });
  });

  test("sends the limitation, the examiner's words and the passages cited, in a tagged data block, and nothing else of the reference", async () => {
    const p = await provider('{"arguments":[]}');
    await draftChartArguments(p, [SITE]);
    const [req] = fake!.requests;
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    const user = userPrompt(req);
    expect(user).toMatch(/=====BEGIN LIMITATION DATA FILE-[0-9a-f]{12}=====/);
    expect(user).toContain(SITE.limitation);
    expect(user).toContain('"label": "¶ [0031]"');
    expect(user).toContain('"terms_absent_from_reference"');
    // Laroia's other paragraphs (here its abstract-like opening and [0032]) are not sent.
    expect(user).not.toContain(paragraph('0032').slice(0, 60));
    expect(user).not.toContain(paragraph('0001').slice(0, 60));
  });

  test('asks about at most 12 limitations and fits the data block to its budget by leaving limitations out', () => {
    const small = { ...SITE, passages: [{ label: '[0031]', text: paragraph('0031').slice(0, 300) }] };
    expect(buildChartArgumentPrompt(Array.from({ length: 20 }, (_, i) => ({ ...small, key: `k${i}` }))).asked.map((a) => a.id)).toHaveLength(12);
    // Twenty limitations with both passages whole do not fit in 40,000 characters: the first ones that do are asked about, each complete.
    const whole = buildChartArgumentPrompt(Array.from({ length: 20 }, (_, i) => ({ ...SITE, key: `k${i}` })));
    expect(whole.asked.length).toBeGreaterThan(0);
    expect(whole.asked.length).toBeLessThan(12);
    expect(whole.asked.map((a) => a.site.key)).toEqual(Array.from({ length: whole.asked.length }, (_, i) => `k${i}`));
    expect(whole.user.length).toBeLessThan(45_000);
    // A long passage is shown shortened, at a word boundary; the verification still reads the held text.
    const short = buildChartArgumentPrompt([SITE], { maxLimitations: 12, maxPassages: 1, maxPassageChars: 200, maxAssertionChars: 100, maxDataChars: 40_000 });
    expect(short.user).toContain('[shortened]');
    expect(short.user).not.toContain('"label": "¶ [0034]"');
    expect(short.asked[0].passages.map((x) => x.label)).toEqual(['[0031]']);
  });

  test('a reply that is not the JSON asked for drafts nothing', async () => {
    const p = await provider('I am sorry, I cannot help with that.');
    const r = await draftChartArguments(p, [SITE]);
    expect(r).toMatchObject({ drafted: [], dropped: [], replyWellFormed: false });
  });

  test('an answer for a limitation not asked about, or a second one, is dropped', async () => {
    const p = await provider(
      JSON.stringify({
        arguments: [
          { limitation: 'L1', sentences: [GOOD] },
          { limitation: 'L1', sentences: [GOOD] },
          { limitation: 'L7', sentences: [GOOD] },
        ],
      }),
    );
    const r = await draftChartArguments(p, [SITE]);
    expect(r.drafted).toEqual([{ key: SITE.key, sentences: [GOOD.text] }]);
    expect(r.dropped.map((d) => [d.code, d.reason])).toEqual([
      ['not_asked', 'a second argument for the same limitation'],
      ['not_asked', 'limitation L7 was not asked about'],
    ]);
  });

  test('no limitation, no request', async () => {
    const p = await provider('{"arguments":[]}');
    const r = await draftChartArguments(p, []);
    expect(r).toMatchObject({ drafted: [], asked: 0, usage: { input_tokens: 0, output_tokens: 0 } });
    expect(fake!.requests).toHaveLength(0);
  });
});

describe('parseChartArgumentReply', () => {
  test('bad JSON, truncated JSON or another shape is not well formed', () => {
    for (const reply of ['not json', '{"arguments":[{"limitation":"L1","sentences":[{"text":"cut', '{"outlines":[]}', '[]', '{"arguments":{}}']) {
      expect(parseChartArgumentReply(reply), reply).toEqual({ wellFormed: false, items: [] });
    }
  });

  test('JSON in a code fence or after prose is read', () => {
    const body = JSON.stringify({ arguments: [{ limitation: 'L1', sentences: ['A sentence.'] }] });
    for (const reply of [`\`\`\`json\n${body}\n\`\`\``, `Here it is: ${body}`]) {
      expect(parseChartArgumentReply(reply).items).toEqual([
        { ok: true, limitation: 'L1', sentences: [{ ok: true, sentence: { text: 'A sentence.', quotations: [], pinpoints: [] } }] },
      ]);
    }
  });

  test('wrong shapes cost only themselves, each reported', () => {
    const r = parseChartArgumentReply(
      JSON.stringify({
        arguments: [
          {
            limitation: 'L1',
            sentences: [
              { text: 'Kept.', quotations: ['bare quote', { text: 'q', source: ' ¶ [0031] ' }], pinpoints: ['¶ [0031]'] },
              { text: 42 },
              { quotations: [] },
              { text: '   ' },
            ],
          },
          { limitation: 'L2', sentences: [] },
          { sentences: [{ text: 'No limitation named.' }] },
          'just a string',
        ],
      }),
    );
    expect(r.wellFormed).toBe(true);
    expect(r.items[0]).toEqual({
      ok: true,
      limitation: 'L1',
      sentences: [
        {
          ok: true,
          sentence: {
            text: 'Kept.',
            quotations: [
              { text: 'bare quote', source: null },
              { text: 'q', source: '¶ [0031]' },
            ],
            pinpoints: ['¶ [0031]'],
          },
        },
        { ok: false, text: null, reason: expect.stringMatching(/^invalid sentence/) },
        { ok: false, text: null, reason: expect.stringMatching(/^invalid sentence/) },
        { ok: false, text: '   ', reason: expect.stringMatching(/^invalid sentence/) },
      ],
    });
    expect(r.items.slice(1)).toEqual([
      { ok: false, limitation: 'L2', reason: 'invalid argument (sentences)' },
      { ok: false, limitation: null, reason: 'invalid argument (limitation)' },
      { ok: false, limitation: null, reason: 'invalid argument (shape)' },
    ]);
  });
});
