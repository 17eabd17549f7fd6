/**
 * Each member of a firm has their own per-minute budget in the web app (src/http/plugins/rate-limit.ts):
 * keyed by the account, a busy paralegal's page loads used up the practitioner's 120 a minute and
 * her submit answered 429 (seen in test/web/firm-workflow.test.ts). The account-wide ceiling still
 * counts the whole firm.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inviteAndJoin, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';

let s: FirmServer;
beforeAll(async () => {
  s = await startFirmServer();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const remaining = async (cookie: string) => {
  const res = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie }, remoteAddress: '10.9.9.9' });
  expect(res.statusCode).toBe(200);
  return { left: Number(res.headers['x-ratelimit-remaining']), limit: Number(res.headers['x-ratelimit-limit']) };
};

test("one member's requests do not spend another member's per-minute budget", async () => {
  const owner = await signUpPerson(s, unique('owner'));
  const paralegal = await inviteAndJoin(s, owner.cookie, unique('para'), 'paralegal');
  let ownerLeft = 0;
  for (let i = 0; i < 5; i++) ownerLeft = (await remaining(owner.cookie)).left;
  const para = await remaining(paralegal.cookie);
  expect(para.left).toBe(para.limit - 1);
  expect(ownerLeft).toBeLessThan(para.left);
});
