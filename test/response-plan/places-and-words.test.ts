import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { STRATEGY_CODES } from '../../src/domain/response-plan/strategies.ts';
import { newAccount, startPlan, type Account } from './support.ts';

/**
 * Issue 19 ("also seen by a practitioner trying the web app", and item 7):
 * - the preview's count of places to fill is the paper's own: the number the DOCX prints on its
 *   first page ("N highlighted, bracketed places need the practitioner's text"), on real plans
 *   (corpus 04, and corpus 09's 31 claims), as they start and as the practitioner fills them;
 * - every text of the completeness report meant for a person (`plain`, `unanswered_plain`,
 *   `problems_plain`, `warnings_plain`) is free of strategy codes, ground ids, field names and API
 *   paths, while the API's codes and messages stay as they were;
 * - an objection to claims other than "dependent on a rejected base claim" is not answered by a
 *   claim kept as it is with no reply (37 CFR 1.111(b): only objections held in abeyance may wait).
 * Corpus actions analysed for application 17/200,011, whose demo record supplies the caption.
 */
let t: TestApp;
let a: Account;

/** A plan of its own (a plan is per analysis, and a submitted one carries its choices into the next). */
async function freshPlan(fixture: '04' | '09'): Promise<Record<string, any>> {
  return startPlan(a, (await a.analyze(fixture, '17200011')).analysis_id);
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED },
  });
  await seedDemoData(t.database.db, '2026-11-21');
  a = await newAccount(t, 5);
  await grant(t.database.db, a.accountId, 500);
});
afterAll(async () => {
  await t?.close();
});

/** The count the paper prints on its first page (0 when it prints none). */
function placesInPaper(text: string): number {
  const m = /(\d+) highlighted, bracketed (?:place needs|places need) the practitioner's text before filing/.exec(text);
  return m ? Number(m[1]) : 0;
}

async function preview(
  planId: string,
): Promise<{ placeholders_total: number; placeholders_source: string; sections: { heading: string; placeholders: number }[] }> {
  const res = await a.call('GET', `/api/response-plans/${planId}/preview`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Submits the plan as it is and returns the DOCX's text. */
async function submittedPaper(planId: string): Promise<string> {
  const res = await a.call('POST', `/api/response-plans/${planId}/submit`, { accept_incomplete: true });
  expect(res.statusCode, res.body).toBe(202);
  const { body } = await pollUntilDone(t.app, `/api/exports/${res.json().job_id}`, { 'x-api-key': a.keys[0] }, t.database.db, 60_000);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  const doc = await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() });
  expect(doc.statusCode).toBe(200);
  return docxText(doc);
}

const put = async (planId: string, url: string, body: object) => {
  const res = await a.call('PUT', `/api/response-plans/${planId}${url}`, body);
  expect(res.statusCode, res.body).toBe(200);
};

describe('the preview counts the places the paper will leave, as the paper counts them', () => {
  test('corpus 09, 31 claims, as the plan starts: the preview says what page 1 of the DOCX says', async () => {
    const plan = await freshPlan('09');
    const p = await preview(plan.plan_id);
    expect(p.placeholders_source).toBe('paper');
    expect(p.placeholders_total).toBe(p.sections.reduce((s, x) => s + x.placeholders, 0));
    const paper = await submittedPaper(plan.plan_id);
    expect(placesInPaper(paper)).toBeGreaterThan(0);
    expect(p.placeholders_total).toBe(placesInPaper(paper));
    // After submission the plan still previews the same paper.
    expect((await preview(plan.plan_id)).placeholders_total).toBe(placesInPaper(paper));
  });

  test("corpus 04, partly filled in (an argument, an amended claim, claims kept as they are): still the paper's count", async () => {
    const plan = await freshPlan('04');
    await put(plan.plan_id, '/claims/1/text', {
      original_text: 'A cylinder liner casted in a block, comprising: a liner body; and an outer surface having a bore adjacent part.',
      text: 'A cylinder liner casted in a block, comprising: a cylindrical liner body; and an outer peripheral surface having a bore adjacent part positioned on an inner side of the liner body.',
    });
    await put(plan.plan_id, '/grounds/r1-103/argument', {
      text: 'Neither Rebmann nor Wang positions the bore adjacent part on an inner side of the liner body (MPEP 2143.03).',
    });
    for (const n of [3, 4]) await put(plan.plan_id, `/claims/${n}/strategy`, { strategy: 'no_action' });
    const p = await preview(plan.plan_id);
    expect(p.placeholders_source).toBe('paper');
    const paper = await submittedPaper(plan.plan_id);
    expect(p.placeholders_total).toBe(placesInPaper(paper));
    expect(p.placeholders_total).toBe(p.sections.reduce((s, x) => s + x.placeholders, 0));
  });
});

const CODES = STRATEGY_CODES.filter((c) => c.includes('_'));
const API_TEXT = [/\b[roxi]\d+-[a-z0-9]+\b/, /\bPUT\b/, /\/api\//, /\.\.\.\//, /original_text/, /"text"/, /\bfield\b/, /_/];

function expectForPeople(texts: readonly string[], where: string) {
  for (const text of texts) {
    for (const code of CODES) expect(text, `${where}: ${text}`).not.toContain(code);
    for (const re of API_TEXT) expect(text, `${where}: ${text}`).not.toMatch(re);
  }
}

describe('the completeness report in words for people, the codes kept for the API', () => {
  test('corpus 09 and 04: every plain text is free of codes, ids and API paths; message and code unchanged', async () => {
    for (const fixture of ['09', '04'] as const) {
      const plan = await freshPlan(fixture);
      const r = (await a.call('GET', `/api/response-plans/${plan.plan_id}/completeness`)).json();
      expect(r.missing.length).toBeGreaterThan(0);
      for (const m of r.missing) {
        expect(typeof m.plain).toBe('string');
        expect(m.code).toMatch(/^[a-z_]+$/);
      }
      expectForPeople(
        r.missing.map((m: { plain: string }) => m.plain),
        'missing',
      );
      expectForPeople(
        r.grounds.filter((g: { answered: boolean }) => !g.answered).map((g: { unanswered_plain: string }) => g.unanswered_plain),
        'grounds',
      );
      expectForPeople(
        r.claims.flatMap((c: { problems_plain: string[] }) => c.problems_plain),
        'claims',
      );
      expectForPeople(r.warnings_plain, 'warnings');
      // The API's own words are kept beside them (assistants act on them).
      expect(r.missing.find((m: { code: string }) => m.code === 'amended_text_missing').message).toMatch(/PUT \.\.\.\/claims\/\d+\/text with "text"/);
      const whole = (await a.call('GET', `/api/response-plans/${plan.plan_id}`)).json();
      expect(whole.completeness.missing).toEqual(r.missing);
      expectForPeople(
        whole.claims.flatMap((c: { problems_plain: string[] }) => c.problems_plain),
        'plan claims',
      );
      expectForPeople(
        whole.grounds.map((g: { unanswered_plain: string | null }) => g.unanswered_plain ?? ''),
        'plan grounds',
      );
    }
  });

  test('a strategy named in words: "Claim 1 is to be amended to narrow it", the rejection named by its title', async () => {
    const plan = await freshPlan('04');
    const r = (await a.call('GET', `/api/response-plans/${plan.plan_id}/completeness`)).json();
    const plains = r.missing.map((m: { plain: string }) => m.plain);
    expect(plains).toContain('Claim 1 is to be amended to narrow it, but its amended text is not written yet.');
    expect(plains).toContain('Claim 2 is to be argued, but there is no argument yet on the rejection of claims 1-2 under 35 U.S.C. 103.');
    expect(plains).toContain(
      'The rejection of claims 1-2 under 35 U.S.C. 103 is not answered: claim 1: amend to narrow, but the amended text or the claim as it stands is missing; claim 2: argue the rejection, but there is no argument on this ground yet.',
    );
  });
});

describe('an objection is answered only by what answers it', () => {
  test('corpus 09: claims 5-8 objected to for their dependency from claim 4 are not answered by arguing the rejections; a reply answers them', async () => {
    const plan = await freshPlan('09');
    const o2 = plan.grounds.find((g: { objection_type: string }) => g.objection_type === 'dependency');
    expect(o2).toMatchObject({ kind: 'claim_objection', claims: [5, 6, 7, 8], argument: null });
    expect(plan.claims.filter((c: { claim_number: number }) => [5, 6, 7, 8].includes(c.claim_number)).map((c: { strategy: string }) => c.strategy)).toEqual([
      'argue_distinction',
      'argue_distinction',
      'argue_distinction',
      'argue_distinction',
    ]);
    expect(o2.answered).toBe(false);
    expect(o2.unanswered_plain).toBe(
      'Claims 5-8: neither amended nor cancelled (the strategy is “Argue the rejection”), and the objection has no reply yet: write one, or amend or cancel the claim',
    );
    await put(plan.plan_id, `/grounds/${o2.ground_id}/argument`, {
      text: 'Claims 5-8 are objected to only for depending from claim 4, whose informality is corrected above.',
    });
    const after = (await a.call('GET', `/api/response-plans/${plan.plan_id}`)).json();
    expect(after.grounds.find((g: { ground_id: string }) => g.ground_id === o2.ground_id)).toMatchObject({
      answered: true,
      answered_by: [{ claims: [5, 6, 7, 8], how: 'replied' }],
      unanswered_plain: null,
    });
  });

  test('corpus 04: claims objected to as dependent on a rejected base claim and kept as they are: answered by asking for abeyance, no text needed', async () => {
    const plan = await freshPlan('04');
    for (const n of [3, 4, 5, 6]) await put(plan.plan_id, `/claims/${n}/strategy`, { strategy: 'no_action' });
    const after = (await a.call('GET', `/api/response-plans/${plan.plan_id}`)).json();
    expect(after.grounds.find((g: { ground_id: string }) => g.ground_id === 'o1-claims')).toMatchObject({
      answered: true,
      argument: null,
      answered_by: [{ claims: [3, 4, 5, 6], how: 'abeyance' }],
    });
  });
});
