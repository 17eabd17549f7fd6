// A responsible practitioner per docket entry (issue 22: "reminders from the docket issue go to
// them by default"): set and cleared through PATCH /api/docket/{id}, only a live owner or
// practitioner of the same firm (else one 422 that never tells another firm's member from an
// unknown id), unassigned when the member leaves or loses `sign`; and the notification pass mails
// each member the entries they follow (responsible: theirs; unassigned: the owners'; scope firm: all).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inviteAndJoin, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';
import { mailingDateForThursdayPass, recordPaperEvent, seedDocketedAction } from '../support/notify-seed.ts';
import { runNotifyPass } from '../../src/commands/notifications/notify-pass.ts';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer.ts';

let s: FirmServer;
let owner: { cookie: string; accountId: string; email: string };
let practitioner: { cookie: string; memberId: string; email: string };
let paralegal: { cookie: string; memberId: string; email: string };
let viewer: { cookie: string; memberId: string };
let outsider: { cookie: string; accountId: string };

async function join(role: string) {
  const email = unique(role);
  return { ...(await inviteAndJoin(s, owner.cookie, email, role)), email };
}

beforeAll(async () => {
  s = await startFirmServer();
  const ownerEmail = unique('owner');
  const o = await signUpPerson(s, ownerEmail);
  owner = { cookie: o.cookie, accountId: o.body.account.id, email: ownerEmail };
  practitioner = await join('practitioner');
  paralegal = await join('paralegal');
  viewer = await join('viewer');
  const x = await signUpPerson(s, unique('outsider'));
  outsider = { cookie: x.cookie, accountId: x.body.account.id };
});
afterAll(async () => s?.close());

/** A docket entry of the owner's firm for a fresh application (seeded as the watch would record it). */
async function entry(number: string, mailingDate = '2026-01-05') {
  return seedDocketedAction(s.database.db, owner.accountId, { applicationNumber: number, mailingDate, clientMatter: `M-${number}` });
}
let nextNumber = 17_610_000 + Math.floor(Math.random() * 10_000) * 10;
const freshNumber = () => String(++nextNumber);

const patch = (cookie: string, id: string, payload: object) => s.call({ method: 'PATCH', url: `/api/docket/${id}`, headers: { cookie }, payload });
const getEntry = async (id: string) => (await s.call({ method: 'GET', url: `/api/docket/${id}`, headers: { cookie: owner.cookie } })).json();

describe('PATCH /api/docket/{id} responsible_member_id', () => {
  test('sets a practitioner (shown by the entry, filtered by the list, audited) and clears with null', async () => {
    const a = await entry(freshNumber());
    const b = await entry(freshNumber());
    const set = await patch(owner.cookie, a.entryId, { responsible_member_id: practitioner.memberId });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().responsible).toEqual({ member_id: practitioner.memberId, name: null, email: practitioner.email });
    expect((await getEntry(b.entryId)).responsible).toBeNull();

    const list = (url: string, cookie = owner.cookie) =>
      s.call({ method: 'GET', url, headers: { cookie } }).then((r) => r.json().entries.map((e: { id: string }) => e.id));
    expect(await list('/api/docket?responsible=me', practitioner.cookie)).toEqual([a.entryId]);
    expect(await list(`/api/docket?responsible=${practitioner.memberId}`)).toEqual([a.entryId]);
    const none = await list('/api/docket?responsible=none');
    expect(none).toContain(b.entryId);
    expect(none).not.toContain(a.entryId);
    expect(await list('/api/docket?responsible=me')).not.toContain(a.entryId);

    const audit = (await s.call({ method: 'GET', url: '/api/audit?action=docket.entry_updated', headers: { cookie: owner.cookie } })).json();
    expect(audit.entries[0]).toMatchObject({
      target_id: a.entryId,
      details: { fields: ['responsible_member_id'], responsible_member_id: { from: null, to: practitioner.memberId } },
    });

    // A paralegal may change the docket, so may assign; a viewer may not (403, role guard).
    const byParalegal = await patch(paralegal.cookie, b.entryId, { responsible_member_id: owner.accountId });
    expect(byParalegal.statusCode, byParalegal.body).toBe(200);
    expect(byParalegal.json().responsible).toMatchObject({ member_id: owner.accountId, email: owner.email });
    expect((await patch(viewer.cookie, b.entryId, { responsible_member_id: null })).statusCode).toBe(403);

    const cleared = await patch(owner.cookie, a.entryId, { responsible_member_id: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().responsible).toBeNull();
  });

  test("a paralegal, a viewer, a removed member, another firm's member or an unknown id is one 422; nothing changes", async () => {
    const a = await entry(freshNumber());
    const leaver = await join('practitioner');
    expect((await s.call({ method: 'DELETE', url: `/api/firm/members/${leaver.memberId}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    const bodies: unknown[] = [];
    for (const id of [paralegal.memberId, viewer.memberId, leaver.memberId, outsider.accountId, 'no-such-member']) {
      const res = await patch(owner.cookie, a.entryId, { responsible_member_id: id });
      expect(res.statusCode, id).toBe(422);
      expect(res.json()).toMatchObject({ error: true, error_code: 'validation_error', message: expect.stringContaining('responsible_member_id') });
      expect(res.json().message).toMatch(/owner or practitioner/);
      bodies.push(res.json());
    }
    // Another firm's member reads exactly like an id nobody has.
    expect(bodies[3]).toEqual(bodies[4]);
    expect((await getEntry(a.entryId)).responsible).toBeNull();
    expect((await patch(owner.cookie, a.entryId, { responsible_member_id: '' })).statusCode).toBe(400);
  });

  test('POST /api/docket takes it too', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: owner.cookie },
      payload: { application_number: '17200011', responsible_member_id: practitioner.memberId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().responsible).toMatchObject({ member_id: practitioner.memberId });
    const refused = await s.call({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: owner.cookie },
      payload: { application_number: '17200012', responsible_member_id: viewer.memberId },
    });
    expect(refused.statusCode).toBe(422);
    const list = (await s.call({ method: 'GET', url: '/api/docket', headers: { cookie: owner.cookie } })).json().entries;
    expect(list.map((e: { application: { application_number: string } }) => e.application.application_number)).not.toContain('17200012');
  });

  test('removing a member, or demoting them to paralegal, leaves their entries unassigned in the same change (audited)', async () => {
    const removed = await join('practitioner');
    const demoted = await join('practitioner');
    const a = await entry(freshNumber());
    const b = await entry(freshNumber());
    expect((await patch(owner.cookie, a.entryId, { responsible_member_id: removed.memberId })).statusCode).toBe(200);
    expect((await patch(owner.cookie, b.entryId, { responsible_member_id: demoted.memberId })).statusCode).toBe(200);

    expect((await s.call({ method: 'DELETE', url: `/api/firm/members/${removed.memberId}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect((await getEntry(a.entryId)).responsible).toBeNull();
    const removal = (await s.call({ method: 'GET', url: '/api/audit?action=firm.member_removed', headers: { cookie: owner.cookie } })).json();
    expect(removal.entries[0].details).toMatchObject({ email: removed.email, unassigned_entries: 1 });

    // To owner: still may sign, keeps the entry; to paralegal: unassigned.
    expect(
      (await s.call({ method: 'PATCH', url: `/api/firm/members/${demoted.memberId}`, headers: { cookie: owner.cookie }, payload: { role: 'owner' } }))
        .statusCode,
    ).toBe(200);
    expect((await getEntry(b.entryId)).responsible).toMatchObject({ member_id: demoted.memberId });
    expect(
      (await s.call({ method: 'PATCH', url: `/api/firm/members/${demoted.memberId}`, headers: { cookie: owner.cookie }, payload: { role: 'paralegal' } }))
        .statusCode,
    ).toBe(200);
    expect((await getEntry(b.entryId)).responsible).toBeNull();
    const change = (await s.call({ method: 'GET', url: '/api/audit?action=firm.member_role_changed', headers: { cookie: owner.cookie } })).json();
    expect(change.entries[0].details).toMatchObject({ from: 'owner', to: 'paralegal', unassigned_entries: 1 });
  });
});

function capture(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    destination: 'memory',
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

describe('mail by responsible practitioner', () => {
  test("P gets only A's mail, the owner gets unassigned B's, a paralegal with scope firm gets both; each once; webhook events once per firm deadline", async () => {
    // A firm of its own, so no other test's entries are in its mail.
    const ownerEmail = unique('mail-owner');
    const o = await signUpPerson(s, ownerEmail);
    const firm = o.body.account.id as string;
    const inviteAs = async (role: string) => {
      const email = unique(`mail-${role}`);
      return { ...(await inviteAndJoin(s, o.cookie, email, role)), email };
    };
    const p = await inviteAs('practitioner');
    const q = await inviteAs('paralegal');
    const { mailingDate, passDate } = mailingDateForThursdayPass(7, '2026-09-01');
    const [numA, numB] = [freshNumber(), freshNumber()];
    const a = await seedDocketedAction(s.database.db, firm, { applicationNumber: numA, mailingDate });
    const b = await seedDocketedAction(s.database.db, firm, { applicationNumber: numB, mailingDate });
    expect((await patch(o.cookie, a.entryId, { responsible_member_id: p.memberId })).statusCode).toBe(200);
    await recordPaperEvent(s.database.db, firm, a, numA);
    await recordPaperEvent(s.database.db, firm, b, numB);
    const slash = (n: string) => `${n.slice(0, 2)}/${n.slice(2, 5)},${n.slice(5)}`;
    const pass = async () => {
      const mailer = capture();
      await runNotifyPass(s.database.db, { passDate, now: new Date(), baseUrl: 'http://prosa.test', mailer });
      const to = (email: string) =>
        mailer.sent
          .filter((m) => m.to === email)
          .map(
            (m) =>
              `${m.subject.startsWith('Reminder') ? 'reminder' : m.subject.startsWith('New paper') ? 'alert' : m.subject} ${m.subject.includes(slash(numA)) ? 'A' : m.subject.includes(slash(numB)) ? 'B' : '?'}`,
          )
          .sort();
      return { mailer, to };
    };
    const events = () =>
      s.database.db.selectFrom('docket_events').select('subject_id').where('account_id', '=', firm).where('kind', '=', 'deadline.approaching').execute();

    const first = await pass();
    expect(first.to(p.email)).toEqual(['alert A', 'reminder A']);
    expect(first.to(ownerEmail)).toEqual(['alert B', 'reminder B']);
    expect(first.to(q.email)).toEqual([]);
    expect(await events()).toHaveLength(2); // one per deadline (A's and B's 7-day offset), not per member

    const again = await pass();
    expect([...again.to(p.email), ...again.to(ownerEmail), ...again.to(q.email)]).toEqual([]);

    // The paralegal asks for the whole firm's docket: both entries, once.
    const put = await s.call({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: q.cookie },
      payload: {
        reminders: true,
        categories: { response: true, issue_fee: true, maintenance: true, briefs: true, priority: true },
        offsets: [30, 14, 7, 1, 0],
        digest: 'weekly',
        new_paper_alerts: true,
        scope: 'firm',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ scope: 'firm', email: q.email, customized: true });
    const firmWide = await pass();
    expect(firmWide.to(q.email)).toEqual(['alert A', 'alert B', 'reminder A', 'reminder B']);
    expect([...firmWide.to(p.email), ...firmWide.to(ownerEmail)]).toEqual([]);
    expect((await pass()).to(q.email)).toEqual([]);
    expect(await events()).toHaveLength(2);

    // The practitioner's unsubscribe link turns off their own reminders (a member's token, not the account's).
    const mail = first.mailer.sent.find((m) => m.to === p.email && m.subject.startsWith('Reminder'))!;
    const url = /<http:\/\/prosa\.test(\/unsubscribe\?token=[A-Za-z0-9_-]+)>/.exec(mail.headers!['List-Unsubscribe'])![1];
    const oneClick = await s.call({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const prefs = (cookie: string) => s.call({ method: 'GET', url: '/api/notifications/preferences', headers: { cookie } }).then((r) => r.json());
    expect(await prefs(p.cookie)).toMatchObject({ reminders: false, email: p.email, scope: 'mine' });
    expect(await prefs(o.cookie)).toMatchObject({ reminders: true, email: ownerEmail });
  });
});
