import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';

/**
 * Issue 11 (Proof): forms of real office actions the development corpus lacks, through REST #3.
 * The unit tests (src/domain/office-action/unseen-forms.test.ts) cover the variations; this one
 * checks what a caller receives: the inferred status, its evidence and the known weakness.
 * Written in the style of a public-record action after a restriction (no corpus text).
 */
const ACTION = `DETAILED ACTION
Election/Restrictions
Applicant's election without traverse of Group I (claims 1-10) in the reply filed on 02/14/2024 is acknowledged.
Claims 1-20 are pending in the application. Claims 1-10 are examined herein.

Claim Rejections - 35 USC § 103
Claims 1-10 are rejected over Smith (US 9,876,543 B2) in view of Jones (US 2019/0123456 A1).
Regarding claim 1, Smith discloses a fastener comprising a head, and Jones teaches a threaded shank.

Claim Rejections - 35 USC § 112
Claim 3 is rejected as being indefinite for failing to particularly point out and distinctly claim the subject matter which the inventor regards as the invention.
`;

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
  key = await createKey(t.app, (await signUp(t.app)).cookie);
});
afterAll(async () => {
  await t?.close();
});

describe('REST #3 on an action after an election, with bases only in the headings', () => {
  test('unexamined claims are withdrawn (inferred, with the election as evidence); bases come from the headings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/prosa/analyze',
      headers: { 'x-api-key': key },
      payload: { application_number: '17/200,011', office_action_text: ACTION, include_examiner_intel: false },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    const byNumber = new Map(a.claim_analyses.map((c: { claim_number: number }) => [c.claim_number, c]));
    expect([...byNumber.keys()]).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(byNumber.get(1)).toMatchObject({ status: 'rejected', basis: '103' });
    expect(byNumber.get(3)).toMatchObject({ status: 'rejected' });
    expect((byNumber.get(3) as { basis: string }).basis.split('; ').sort()).toEqual(['103', '112(b)']);
    expect((byNumber.get(1) as { prior_art: string[] }).prior_art).toEqual(['Smith (US 9,876,543 B2)', 'Jones (US 2019/0123456 A1)']);
    for (let n = 11; n <= 20; n++) {
      const c = byNumber.get(n) as { status: string; evidence: { finding: string; text: string }[] };
      expect(c.status, `claim ${n}`).toBe('withdrawn');
      expect(c.evidence.some((e) => e.finding === 'inferred:withdrawn_by_election' && /election without traverse of Group I/.test(e.text))).toBe(true);
    }
    expect(a.glass_box.known_weaknesses.join('\n')).toMatch(/claims 11-20 are pending but not examined after the election: treated as withdrawn .*inferred/);
  });
});
