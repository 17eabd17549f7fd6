/**
 * Issue 19 item 9: "an abeyance request printed twice, for an objection that only exists because
 * of a claim being amended anyway". Corpus 09 objects to claims 4-8 for an informality in claim 4
 * and to claims 5-8 "based upon their dependency from claim 4"; the default reply amends claim 4.
 * Each request appears once, and none for an objection the same paper's amendment removes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { newAccount, type Account } from '../response-plan/support.ts';
import { draft, inputFor, recordOf } from '../responses/support.ts';

const ABEYANCE = /held in abeyance/g;
const count = (text: string, re: RegExp) => [...text.matchAll(re)].length;

describe('a constructed action: claim 3 in two informality objections, nothing amended', () => {
  const text = `DETAILED ACTION

Claim Objections
Claims 2 and 3 are objected to because of the following informalities: in claim 2, line 2, "teh" should be "the". Appropriate correction is required.

Claim 3 is objected to because of the following informalities: in claim 3, line 1, "a sensor" should be "the sensor". Appropriate correction is required.

Claim Rejections - 35 USC § 102
Claims 1-3 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 9,999,999 B2).
Regarding claim 1, Smith discloses a sensor (col. 3, lines 4-10).
`;
  test('one request covers both objections, naming each claim once', async () => {
    const record = recordOf(text);
    expect(record.grounds!.filter((g) => g.kind === 'claim_objection').map((g) => g.claims)).toEqual([[2, 3], [3]]);
    const { doc } = await draft(
      inputFor(record, { strategy_selections: { claim_1: 'argue_distinction', claim_2: 'argue_distinction', claim_3: 'argue_distinction' } }),
    );
    expect(count(doc.text, ABEYANCE)).toBe(1);
    expect(doc.text).toContain(
      'Applicant requests that the objections to claims 2 and 3, which concern matters of form not necessary to further consideration of the claims, be held in abeyance until allowable subject matter is indicated (37 C.F.R. § 1.111(b)).',
    );
    expect(count(doc.text, /Better: correct claims 2 and 3 now/g)).toBe(1);
  });
});

describe('corpus 09 through REST #4', () => {
  let t: TestApp;
  let a: Account;
  let analysisId: string;
  const APP = '16/777,009';

  beforeAll(async () => {
    t = await createTestApp({}, undefined, {
      worker: true,
      queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
      tiers: { account: LIFTED },
    });
    a = await newAccount(t, 4);
    const docket = await a.call('POST', '/api/docket', {
      application_number: APP,
      application: { invention_title: 'Cascade refrigeration system', filing_date: '2018-09-20', examiner_name: 'JONES, MELVIN', art_unit: '3763' },
    });
    expect(docket.statusCode, docket.body).toBe(201);
    analysisId = (await a.analyze('09', APP)).analysis_id;
    await grant(t.database.db, a.accountId, 200);
  });
  afterAll(() => t?.close());

  async function paper(selections: Record<string, string>): Promise<string> {
    const res = await a.call('POST', '/v1/prosa/draft-roa', {
      application_number: APP,
      analysis_id: analysisId,
      office_action_date: '2019-03-01',
      response_date: '2019-05-01',
      accept_incomplete: true,
      strategy_selections: selections,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
    expect(body.status, JSON.stringify(body)).toBe('complete');
    return (await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() }))).replace(/\s+/g, ' ');
  }

  test("claim 4 amended (the default): no abeyance; the dependents' objection is answered by claim 4's amendment, in the remarks and the checklist", async () => {
    const text = await paper({});
    expect(count(text, ABEYANCE)).toBe(0);
    expect(text).toContain(
      'The Office Action objects to claims 5-8 because of their dependency from claim 4, which is amended above to address its own objection; no separate amendment of claims 5-8 is made.',
    );
    expect(text).toContain('This objection rests on the dependency of claims 5-8 from claim 4, and is answered above by the amendment of claim 4.');
    expect(text).toContain('claims 5-8: follows amended claim 4');
    // The examiner's correction, without the sentence objecting to the dependents.
    expect(text).toContain(
      'Claim 4 has been amended as the Office Action suggests (the recitation of “of the sensed temperature” (Claim 4, line 21) is believed to be --of the sensed pressure--).',
    );
  });

  test('claim 4 argued instead: one abeyance request, for claims 4-8, once', async () => {
    const text = await paper({ claim_4: 'argue_distinction' });
    expect(count(text, ABEYANCE)).toBe(1);
    expect(text).toContain('Applicant requests that the objections to claims 4-8, which concern matters of form');
    // The note asks for the correction where the defect is: claim 4, which claims 5-8 follow.
    expect(text).toContain(
      'Better: correct claim 4 now (select amend_clarify and supply the claim text), since the Examiner will insist on the correction before allowance; the objection to claims 5-8 rests on their dependency from it.',
    );
  });
});
