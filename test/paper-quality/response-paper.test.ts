/**
 * Issue 19, the Response to Office Action as the attorney read it (paper proof findings A9, A11,
 * A12, B4-B6, B9, C2, C8-C15), through HTTP: REST #4 drafts and response plans submitted, the
 * DOCX read back.
 * - 15/091,542 (test/fixtures/file-01) with its claims, Laroia and a specification held: the
 *   attorney's plan (claim 2's limitation into claims 1, 7 and 14, claim 5 re-pointed at claim 4,
 *   arguments on every ground) prints no bracketed boilerplate after the arguments or for what the
 *   markup holds, states each amendment once, suggests support found in the held specification
 *   as a suggestion only, and flags dependencies on canceled claims as the claims stand after the
 *   amendment; a new explanation is promised "not necessitated by amendment" only when no base
 *   claim is amended; a late reply petitions for the months it needs, and one past the statutory
 *   period says the application is abandoned and how to revive it.
 * - Corpus 09: the 112(f) answer states no specification disclosure it has not cited; a claim
 *   disclaimed over double patenting is carried by the practitioner's 112(b) argument; the
 *   preview's count of places is the paper's, highlighted place for highlighted place.
 * - Corpus 15: the restriction reply states the claims as the requirement sets them out.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx } from '../documents/support/open-docx.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { CLAIMS, LAROIA, fileAccount, fixture, type FileAccount } from '../file/support.ts';
import { newAccount, type Account } from '../response-plan/support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED },
  });
  await seedDemoData(t.database.db, '2026-11-21');
}, 60_000);
afterAll(() => t?.close());

const one = (s: string) => s.replace(/\s+/g, ' ');

/** Places the DOCX highlights as places to fill (the paper proof's reading: yellow, not italic like the notes). */
async function highlightedPlaces(docx: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(docx);
  let n = 0;
  for (const p of Object.keys(zip.files).filter((x) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(x))) {
    const xml = await zip.file(p)!.async('string');
    for (const r of xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>|<w:r [^>]*>([\s\S]*?)<\/w:r>/g)) {
      const body = r[1] ?? r[2] ?? '';
      if (/<w:highlight w:val="yellow"\/>/.test(body) && !/<w:i\/>|<w:i w:val="(?:true|1)"\/>/.test(body)) n++;
    }
  }
  return n;
}

/** The remarks on one ground: from its heading to the next roman-numbered section. */
function section(text: string, heading: RegExp): string {
  const m = heading.exec(text);
  if (!m) return '';
  const rest = text.slice(m.index + m[0].length);
  const next = /\b[IVX]+\. (?:Rejection|Objection|Allowable|Conclusion|Request|Election|Status|Entry)/.exec(rest);
  return rest.slice(0, next ? next.index : undefined);
}

const claimText = (n: number) => new RegExp(`^${n}\\. (.*)$`, 'm').exec(CLAIMS)![1].trim();
const ADDED =
  '; and wherein the first bandwidth region and the second bandwidth region are non-overlapping subdivisions of the 5GHz bandwidth region encompassing one or more center frequencies and separated by a cutoff region';
const amended = (n: number) => `${claimText(n).replace(/\.$/, '')}${ADDED}.`;
const ADDED_WORDS =
  'and wherein the first bandwidth region and the second bandwidth region are non-overlapping subdivisions of the 5GHz bandwidth region encompassing one or more center frequencies and separated by a cutoff region';

/** A specification of 15/091,542 as the file holds one: numbered paragraphs, one with the words claim 2 adds. */
const SPECIFICATION = [
  'MULTI RADIO WIRELESS LAN NETWORKS',
  '[0001] The present disclosure relates to wireless local area networks operating in several radio bands.',
  `[0031] In some embodiments, the first bandwidth region and the second bandwidth region are non-overlapping subdivisions of the 5GHz bandwidth region encompassing one or more center frequencies and separated by a cutoff region, so that each radio of the WLAN device uses its own subchannel.`,
  '[0032] A bandpass filter (BPF) may be applied to a dataset to reject signals in the cutoff region.',
].join('\n\n');

interface FileParty {
  a: FileAccount;
  key: string;
}

async function fileParty(documents: object[]): Promise<FileParty> {
  const a = await fileAccount(t.app);
  await grant(t.database.db, a.accountId, 300);
  const key = await createKey(t.app, a.cookie);
  for (const payload of documents) {
    const r = await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, payload });
    expect(r.statusCode, r.body).toBe(201);
  }
  return { a, key };
}

async function download(url: string, key: string): Promise<Buffer> {
  const { body: job } = await pollUntilDone(t.app, url, { 'x-api-key': key }, t.database.db, 60_000);
  expect(job.status, JSON.stringify(job)).toBe('complete');
  return (await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() })).rawPayload;
}

/** REST #4 on 15/091,542. */
async function draftRoa(p: FileParty, body: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': p.key },
    payload: { application_number: '15/091,542', analysis_id: p.a.analysisId, accept_incomplete: true, ...body },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(202);
  return one((await openDocx(await download(res.json().poll_url, p.key))).text);
}

type Call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => Promise<{ statusCode: number; body: string; json(): any }>;

/** A plan with the attorney's choices: strategies, amended texts, arguments by ground basis (or kind). */
async function attorneyPlan(
  call: Call,
  analysisId: string,
  p: { strategies: Record<number, string>; texts?: Record<number, string>; arguments?: Record<string, string | string[]>; election?: object },
): Promise<string> {
  const plan = (await call('POST', '/api/response-plans', { analysis_id: analysisId })).json();
  const id = plan.plan_id as string;
  const ok = async (r: Promise<{ statusCode: number; body: string }>) => expect((await r).statusCode, (await r).body).toBe(200);
  for (const [n, s] of Object.entries(p.strategies)) await ok(call('PUT', `/api/response-plans/${id}/claims/${n}/strategy`, { strategy: s }));
  for (const [n, text] of Object.entries(p.texts ?? {})) await ok(call('PUT', `/api/response-plans/${id}/claims/${n}/text`, { text }));
  for (const [key, texts] of Object.entries(p.arguments ?? {})) {
    const ids = (plan.grounds as { ground_id: string; basis: string | null; kind: string }[])
      .filter((g) => g.basis === key || g.kind === key)
      .map((g) => g.ground_id);
    expect(ids.length, `${key} in ${JSON.stringify(plan.grounds.map((g: { ground_id: string }) => g.ground_id))}`).toBeGreaterThan(0);
    for (const [i, g] of ids.entries())
      await ok(call('PUT', `/api/response-plans/${id}/grounds/${g}/argument`, { text: Array.isArray(texts) ? texts[Math.min(i, texts.length - 1)] : texts }));
  }
  if (p.election) await ok(call('PUT', `/api/response-plans/${id}/election`, p.election));
  return id;
}

async function submitPlan(call: Call, planId: string, key: string, dates: object = {}): Promise<Buffer> {
  const res = await call('POST', `/api/response-plans/${planId}/submit`, { accept_incomplete: true, ...dates });
  expect(res.statusCode, res.body).toBe(202);
  return download(`/api/exports/${res.json().job_id}`, key);
}

const fileCall =
  (p: FileParty): Call =>
  (method, url, payload) =>
    p.a.call({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const TIMELY = { office_action_date: '2026-06-01', response_date: '2026-08-03' };

describe("15/091,542: the attorney's plan (the claims as allowed), with the file held", () => {
  let text: string;
  beforeAll(async () => {
    const p = await fileParty([
      { kind: 'claims', text: CLAIMS },
      { kind: 'reference', publication_number: 'US 2005/0025220 A1', text: LAROIA },
      { kind: 'specification', text: SPECIFICATION },
    ]);
    const planId = await attorneyPlan(fileCall(p), p.a.analysisId, {
      strategies: { 1: 'amend_narrow', 7: 'amend_narrow', 14: 'amend_narrow', 2: 'cancel', 8: 'cancel', 15: 'cancel', 5: 'amend_clarify' },
      texts: { 1: amended(1), 7: amended(7), 14: amended(14), 5: claimText(5).replace('of Claim 2', 'of Claim 4') },
      arguments: {
        '112(b)': 'Claim 5 now depends from claim 4, which introduces "a bandpass filter (BPF)", so "the BPF" in claim 5 has antecedent basis.',
        '101': 'Claims 1, 7 and 14 as amended require operations of a radio on a physical medium that cannot be performed in the mind.',
        '102':
          'Laroia does not describe subdivisions of the 5GHz band separated by a cutoff region; it does not disclose every limitation of claims 1, 7 and 14 as amended.',
        '103': 'Claim 13 depends from claim 7. Zhu does not supply what Laroia lacks.',
      },
    });
    text = one((await openDocx(await submitPlan(fileCall(p), planId, p.key, TIMELY))).text);
  }, 120_000);

  test("B4: no bracketed request follows the practitioner's arguments, and none asks for what the markup holds", () => {
    expect(text).toContain('Claims 1, 7 and 14 as amended require operations of a radio');
    for (const boilerplate of [
      '[quote the added limitation]',
      '[describe the amendment]',
      '[explain, addressing the passages the Office Action relies on]',
      '[explain the technical improvement the added elements provide]',
      '[e.g., clarifying the term, or providing antecedent basis',
    ]) {
      expect(text).not.toContain(boilerplate);
    }
    // What the markup shows, in words: the re-pointed dependency of claim 5.
    expect(text).toContain('Without acquiescing in the rejection, claim 5 has been amended to depend from claim 4 instead of claim 2.');
  });

  test('C: each amendment is stated once, the claims adding the same words together; later sections refer to it', () => {
    expect(text.split(`have been amended to recite “${ADDED_WORDS}”`)).toHaveLength(2);
    expect(text).toContain(`Without acquiescing in the rejection, claims 1, 7, and 14 have been amended to recite “${ADDED_WORDS}”.`);
    expect(text).toMatch(/Claims 1, 7, and 14 are amended as set out above in reply to the rejection under 35 U\.S\.C\. 101\./);
    expect(text).not.toMatch(/claim 1 has been amended to recite/);
    // The cancellation too is said once; the passages relied on name each reference once.
    expect(text.split('have been canceled without prejudice to or disclaimer')).toHaveLength(2);
    expect(text).toContain(
      'Claims 2, 8, and 15 have been canceled, as stated above in reply to the rejection under 35 U.S.C. 101; the rejection of claims 2, 8, and 15 is therefore moot.',
    );
    expect(text).toContain('Passages relied on: Laroia ¶0066, Figs.2-5, ¶0008,');
    expect(text).not.toContain('Laroia, ¶0066, Laroia');
  });

  test('A11, B9: support found in the held specification is a suggestion to confirm, never stated as the support', () => {
    expect(text).toContain(
      'Support for the amendments is found in the application as filed at, e.g., [suggested support: ¶ [0031] of the held specification contains the added words; confirm, or cite other paragraphs and figures]',
    );
    expect(text).not.toMatch(/as filed at, e\.g\., ¶/);
  });

  test('A9: claim 5, re-pointed from canceled claim 2 to claim 4, is not said to depend from a canceled claim', () => {
    expect(text).not.toMatch(/claim 5 depends from claim 2/i);
    expect(text).not.toContain('which this paper cancels: amend claim 5');
  });
});

describe('15/091,542: dependencies on canceled claims, read after the amendment (A9)', () => {
  test('re-pointed by the practitioner: not flagged; re-pointed by the paper: said so; pointed at a canceled claim by the amendment: flagged', async () => {
    const p = await fileParty([{ kind: 'claims', text: CLAIMS }]);
    // The plan of its own analysis (a plan is per analysis).
    const analysis = await p.a.call({
      method: 'POST',
      url: '/api/analyses',
      payload: { application_number: '15091542', office_action_text: fixture('office-action.txt'), include_examiner_intel: false },
    });
    expect(analysis.statusCode, analysis.body).toBe(201);
    const planId = await attorneyPlan(fileCall(p), analysis.json().analysis_id, {
      strategies: { 8: 'cancel', 10: 'cancel', 11: 'amend_clarify', 13: 'amend_clarify', 3: 'amend_clarify' },
      texts: {
        11: claimText(11).replace('of Claim 10', 'of Claim 7'),
        13: claimText(13).replace('of Claim 7', 'of Claim 8'),
        3: claimText(3).replace('signals received', 'the signals received'),
      },
    });
    const text = one((await openDocx(await submitPlan(fileCall(p), planId, p.key, TIMELY))).text);
    // Claim 11 depended from claim 10 (canceled); its amended text depends from claim 7.
    expect(text).not.toMatch(/claim 11 depends from claim 10/i);
    // Claim 12 depended from claim 10 too: the paper points it at claim 7 and says so, asking for nothing it has done.
    expect(text).toContain(
      'Claim 12 depended from claim 10, which this paper cancels; the listing amends claim 12 to depend from claim 7, the base claim of claim 10. Confirm that this is the amendment intended.',
    );
    // Claim 13 depended from claim 7; as amended it depends from claim 8, which this paper cancels.
    expect(text).toContain(
      'As this paper leaves it, claim 13 depends from claim 8, which this paper cancels: amend claim 13 to depend from a pending claim, or cancel it.',
    );
    // Claim 3's parent, claim 1, is not canceled (and claims 4 and 6 depend from claim 1 as well).
    expect(text).not.toMatch(/claim [346] depends from claim 1, which/i);
  }, 120_000);
});

describe('15/091,542 through REST #4: what the paper promises and when it is filed', () => {
  let p: FileParty;
  beforeAll(async () => {
    p = await fileParty([{ kind: 'claims', text: CLAIMS }]);
  }, 60_000);

  test('B5: "a new ground not necessitated by amendment" only when no claim the argued claims depend from is amended', async () => {
    const argued = await draftRoa(p, {
      ...TIMELY,
      strategy_selections: { claim_1: 'argue_distinction', claim_7: 'argue_distinction', claim_14: 'argue_distinction' },
    });
    expect(argued).toContain('No prima facie case of anticipation has therefore been stated for claims 5, 11, and 18.');
    expect(argued).toContain('not necessitated by amendment');
    // Claim 1 amended: claim 5 depends from it (through claim 2), so the next action may be final.
    const amending = await draftRoa(p, { ...TIMELY, strategy_selections: { claim_1: 'amend_narrow', claim_7: 'amend_narrow', claim_14: 'amend_narrow' } });
    expect(amending).toContain('No prima facie case of anticipation has therefore been stated for claims 5, 11, and 18.');
    expect(amending).not.toContain('not necessitated by amendment');
    expect(amending).not.toContain('could not properly be made final');
  }, 120_000);

  test('B6: within the period nothing; after it an explicit petition naming the months; past six months abandonment and revival', async () => {
    const timely = await draftRoa(p, { office_action_date: '2026-01-05', response_date: '2026-04-06' });
    expect(timely).not.toContain('Petition for Extension of Time');
    expect(timely).not.toContain('abandoned');

    const late = await draftRoa(p, { office_action_date: '2026-01-05', response_date: '2026-05-15' });
    expect(late).toContain(
      'Petition for Extension of Time. Applicant petitions for an extension of time of two (2) months under 37 C.F.R. § 1.136(a) for reply to the non-final Office Action mailed January 5, 2026, extending the period for reply from April 5, 2026 to June 5, 2026.',
    );
    expect(late).toContain('the fee for an extension of two (2) months under 37 C.F.R. § 1.17(a)(2)');
    expect(late).toContain('The period for reply is taken to be three (3) months from the mailing date');

    const abandoned = await draftRoa(p, { office_action_date: '2026-01-05', response_date: '2026-07-20' });
    expect(abandoned).toContain('the application became abandoned by operation of law');
    expect(abandoned).toContain('Applicant petitions to revive the application under 37 C.F.R. § 1.137(a)');
    expect(abandoned).toContain('NOT A TIMELY REPLY');
    expect(abandoned).not.toContain('Petition for Extension of Time');
    expect(abandoned).not.toContain('any fee for an extension of time');
  }, 180_000);
});

describe('corpus 09 and 15 (16/058,002 stand-in on the demo record 17/200,011)', () => {
  let a: Account;
  beforeAll(async () => {
    a = await newAccount(t, 5);
    await grant(t.database.db, a.accountId, 500);
  }, 60_000);
  const call: Call = (method, url, payload) => a.call(method, url, payload);

  async function roa(fixtureName: string, body: object = {}): Promise<string> {
    const analysisId = (await a.analyze(fixtureName, '17200011')).analysis_id;
    const res = await a.call('POST', '/v1/prosa/draft-roa', {
      application_number: '17200011',
      analysis_id: analysisId,
      accept_incomplete: true,
      ...TIMELY,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(202);
    return one((await openDocx(await download(res.json().poll_url, a.keys[0]))).text);
  }

  test('A11: the 112(f) answer does not say the specification discloses the structure; it leaves the citation to the practitioner', async () => {
    const text = await roa('09');
    expect(text).toContain(
      'it is definite if the specification discloses corresponding structure and clearly links it to the claimed function (MPEP 2181(II)). [cite the paragraphs and figures of the specification',
    );
    expect(text).not.toMatch(/The specification discloses (?:that|the) structure/);
  }, 120_000);

  test("B4: claim 2, disclaimed over double patenting, is carried by the practitioner's 112(b) argument (no generated traverse after it)", async () => {
    const argued = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [i + 1, 'argue_distinction']).filter(([n]) => n !== 2 && n !== 4));
    const analysisId = (await a.analyze('09', '17200011')).analysis_id;
    const planId = await attorneyPlan(call, analysisId, {
      strategies: { ...argued, 2: 'terminal_disclaimer', 4: 'amend_clarify' },
      arguments: {
        '112(b)':
          'The claims do not use the word "means"; "expansion device" names a class of structures well known in refrigeration. The rejection of claims 1-31 should be withdrawn.',
      },
    });
    const text = one((await openDocx(await submitPlan(call, planId, a.keys[0], TIMELY))).text);
    const s112 = section(text, /\b[IVX]+\. Rejection of Claims 1-31 under 35 U\.S\.C\. 112\(b\)/);
    expect(s112).toContain('names a class of structures well known in refrigeration');
    expect(s112).not.toContain('traverses the rejection as to claim 2');
    expect(s112).not.toContain('MPEP 2181(II)');
  }, 120_000);

  test('C2: the preview counts exactly the places the paper highlights (the checklist\'s "NOT ANSWERED" is a status, not a place)', async () => {
    const analysisId = (await a.analyze('09', '17200011')).analysis_id;
    const plan = (await a.call('POST', '/api/response-plans', { analysis_id: analysisId })).json();
    const preview = (await a.call('GET', `/api/response-plans/${plan.plan_id}/preview`)).json();
    const docx = await submitPlan(call, plan.plan_id, a.keys[0], TIMELY);
    const text = one((await openDocx(docx)).text);
    expect(text).toContain('NOT ANSWERED');
    const printed = Number(/(\d+) highlighted, bracketed places need/.exec(text)![1]);
    expect(preview.placeholders_total).toBe(printed);
    expect(await highlightedPlaces(docx)).toBe(printed);
  }, 120_000);

  test('A12: the restriction reply states the claims as the requirement sets them out, not which "were pending"', async () => {
    // An application of its own (the demo record awaits a reply to a non-final rejection).
    const docket = await a.call('POST', '/api/docket', {
      application_number: '16/777,001',
      application: { invention_title: 'LINER TESTING METHODS AND APPARATUS', filing_date: '2019-08-26', examiner_name: 'EXAMINER, PAT', art_unit: '1636' },
    });
    expect(docket.statusCode, docket.body).toBe(201);
    const analysisId = (await a.analyze('15', '16777001')).analysis_id;
    const planId = await attorneyPlan(call, analysisId, {
      strategies: {},
      election: { group: 'I', traverse: true },
      arguments: { restriction: 'Searching the process would encounter the apparatus for practicing it; there is no serious burden.' },
    });
    const text = one((await openDocx(await submitPlan(call, planId, a.keys[0], { office_action_date: '2026-06-01', response_date: '2026-07-01' }))).text);
    const status = section(text, /\bI\. Status of the Claims/);
    expect(status).toContain(
      'The Office Action requires restriction of claims 10-13 and 27-42 among Group I (claims 10-13 and 38-42) and Group II (claims 27-37).',
    );
    expect(status).not.toMatch(/were pending|are pending/);
    expect(text).toContain('Applicant elects Group I, claims 10-13 and 38-42, with traverse.');
    expect(text).toContain('Claims 27-37 are withdrawn from consideration as drawn to a non-elected invention');
  }, 120_000);
});
