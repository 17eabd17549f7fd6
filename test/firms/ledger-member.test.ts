/**
 * Every ledger line names the member who acted (issue 22, "What to build" 1): a paralegal's
 * analysis is charged on the firm's one balance and its line names her, in GET /api/credits as
 * the owner reads it; lines no member made (the sign-up grant) name nobody rather than a guess.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ACTION } from '../file/support.ts';
import { inviteAndJoin, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';

let s: FirmServer;
beforeAll(async () => {
  s = await startFirmServer();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

interface Line {
  kind: string;
  amount: string;
  application_number: string | null;
  member: { id: string; name: string | null; email: string } | null;
}

test("a paralegal's analysis charge names her on the firm's ledger; the sign-up grant names nobody", async () => {
  const owner = await signUpPerson(s, unique('owner'));
  const paraEmail = unique('para');
  const para = await inviteAndJoin(s, owner.cookie, paraEmail, 'paralegal');
  const analyzed = await s.call({
    method: 'POST',
    url: '/api/analyses',
    headers: { cookie: para.cookie },
    payload: { application_number: '17200011', office_action_text: ACTION, include_examiner_intel: false },
  });
  expect(analyzed.statusCode, analyzed.body).toBeLessThan(300);

  const credits = await s.call({ method: 'GET', url: '/api/credits', headers: { cookie: owner.cookie } });
  expect(credits.statusCode).toBe(200);
  const lines: Line[] = credits.json().entries;
  const usage = lines.filter((l) => l.amount.startsWith('-'));
  expect(usage.length).toBeGreaterThan(0);
  for (const l of usage) expect(l.member).toMatchObject({ id: para.memberId, email: paraEmail });
  const grant = lines.find((l) => !l.amount.startsWith('-'))!;
  expect(grant.member).toBeNull();
});
