// Migration 032 (issue 22): every existing account becomes a firm of one, nothing lost. An
// account, its session, API key and password from before firms keep working afterwards.
import { afterAll, expect, test } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { generateApiKey, randomToken, sha256Hex } from '../../src/auth/secrets.ts';
import { principalFromApiKey, principalFromSession } from '../../src/auth/principal.ts';
import { sessionCreator } from '../../src/commands/session-creator.ts';
import { createEmptyDatabase } from '../support/db.ts';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

test('an account from before firms becomes a firm of one: its owner member, session, key and password keep working', async () => {
  const database = await createEmptyDatabase();
  closers.push(() => database.close());
  const { db } = database;
  await migrateUpTo(db, '031-ocr-text-source');
  const id = '7d7f0c6e-0000-4000-8000-000000000001';
  await db
    .insertInto('accounts')
    .values({
      id,
      email: 'Old.Timer@Firm.example',
      email_normalized: 'old.timer@firm.example',
      password_hash: await hashPassword('an old passphrase'),
      display_name: 'Old Timer',
    } as never)
    .execute();
  await db.insertInto('credit_balances').values({ account_id: id, balance_micro: '0' }).execute();
  const session = randomToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: sha256Hex(session), account_id: id, expires_at: new Date(Date.now() + 86_400_000) } as never)
    .execute();
  const key = generateApiKey();
  await db
    .insertInto('api_keys')
    .values({
      id: '7d7f0c6e-0000-4000-8000-000000000002',
      account_id: id,
      name: 'old key',
      display_prefix: key.slice(0, 12),
      key_hash: sha256Hex(key),
    } as never)
    .execute();

  await migrateToLatest(db);

  const member = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(member).toMatchObject({
    account_id: id,
    email: 'Old.Timer@Firm.example',
    email_normalized: 'old.timer@firm.example',
    display_name: 'Old Timer',
    role: 'owner',
    removed_at: null,
  });
  expect(await principalFromSession(db, session)).toMatchObject({ accountId: id, memberId: id, role: 'owner', via: 'session' });
  expect(await principalFromApiKey(db, key)).toMatchObject({ accountId: id, memberId: id, role: 'owner', via: 'api_key' });
  const signedIn = await sessionCreator(db, { accountId: null, via: 'anonymous' }, { email: 'OLD.TIMER@firm.example', password: 'an old passphrase' });
  expect(signedIn).toMatchObject({ accountId: id, memberId: id });
});

// Migration 033: the firm-wide profile (accounts.practitioner, migration 023) becomes the founding
// owner's own; a member's own profile is never overwritten, and no other member inherits it.
test("an account's practitioner profile becomes its founding owner's own, and only theirs", async () => {
  const database = await createEmptyDatabase();
  closers.push(() => database.close());
  const { db } = database;
  await migrateUpTo(db, '032-firm-members');
  const P = { name: 'Pat Founder', registration_number: '61,234', deposit_account: '50-1234' };
  const Q = { name: 'Quinn Own', registration_number: '62,345' };
  const [x, y, z] = ['7d7f0c6e-0000-4000-8000-000000000011', '7d7f0c6e-0000-4000-8000-000000000012', '7d7f0c6e-0000-4000-8000-000000000013'];
  for (const id of [x, y]) {
    await db
      .insertInto('accounts')
      .values({ id, email: `${id}@firm.example`, email_normalized: `${id}@firm.example`, practitioner: JSON.stringify(P) } as never)
      .execute();
    await db.insertInto('credit_balances').values({ account_id: id, balance_micro: '0' }).execute();
  }
  await db
    .insertInto('members')
    .values([
      { id: x, account_id: x, email: `${x}@firm.example`, email_normalized: `${x}@firm.example`, role: 'owner' },
      { id: y, account_id: y, email: `${y}@firm.example`, email_normalized: `${y}@firm.example`, role: 'owner', practitioner: JSON.stringify(Q) },
      { id: z, account_id: x, email: `${z}@firm.example`, email_normalized: `${z}@firm.example`, role: 'practitioner' },
    ])
    .execute();
  const session = randomToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: sha256Hex(session), account_id: x, member_id: x, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();

  await migrateToLatest(db);

  const profiles = Object.fromEntries((await db.selectFrom('members').select(['id', 'practitioner']).execute()).map((m) => [m.id, m.practitioner]));
  expect(profiles).toEqual({ [x]: P, [y]: Q, [z]: null });
  // What GET /api/auth/me shows is read with the credential: the founder's session carries P.
  expect(await principalFromSession(db, session)).toMatchObject({ memberId: x, member: { practitioner: P } });
});
