import { readFileSync } from 'node:fs';
import type { Db } from '../../db/connect.ts';
import { randomBase62, newId } from '../../auth/secrets.ts';
import { SYSTEM_ACTOR } from '../../commands/actor.ts';
import { accountCreator } from '../../commands/account-creator.ts';
import { apiKeyCreator } from '../../commands/api-key-creator.ts';
import { creditGranter } from '../../commands/credit-granter.ts';
import { credits } from '../../domain/money.ts';
import { addDays } from '../../domain/deadlines/calendar.ts';
import { DEMO_APPLICATIONS, DEMO_EMAIL, DEMO_EXTRA_CREDITS } from './demo-docket.ts';

export interface DemoCredentials {
  email: string;
  password: string;
  apiKey: string;
}

const SEEDED_KEY = 'demo_seeded_at';

/** The day `days` before `today` (demo actions are mailed relative to the seeding day). */
function daysBefore(today: string, days: number): string {
  return addDays(today, -days);
}

/**
 * Seeds the demo account and docket once per installation. Returns the credentials to print
 * on this first start, or null when the installation was seeded before (they are never shown again).
 */
export async function seedDemoData(db: Db, today: string): Promise<DemoCredentials | null> {
  const seeded = await db.selectFrom('prosa_meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (seeded) return null;

  const password = `demo-${randomBase62(12)}`;
  const account = await accountCreator(db, SYSTEM_ACTOR, { email: DEMO_EMAIL, password, displayName: 'Demo Practitioner (demo data)' });
  const actor = { ...SYSTEM_ACTOR, accountId: account.id };
  await creditGranter(db, actor, { accountId: account.id, amountMicro: credits(DEMO_EXTRA_CREDITS), kind: 'grant', description: 'Demo credits' });
  const { key } = await apiKeyCreator(db, actor, { accountId: account.id, memberId: account.id, name: 'Demo key' });

  await db.transaction().execute(async (trx) => {
    for (const a of DEMO_APPLICATIONS) {
      const applicationId = newId();
      const { action, history, client_matter, filing_date_days_ago, ...columns } = a;
      await trx
        .insertInto('applications')
        .values({
          ...columns,
          id: applicationId,
          owner_account_id: null,
          filing_date: daysBefore(today, filing_date_days_ago),
          status_date: action ? daysBefore(today, action.mailed_days_ago) : null,
          source: 'demo',
        })
        .execute();
      if (action) {
        await trx
          .insertInto('correspondence')
          .values({
            id: newId(),
            application_id: applicationId,
            document_code: action.document_code,
            description: action.description,
            mailing_date: daysBefore(today, action.mailed_days_ago),
            direction: 'OUTGOING',
            document_identifier: `DEMO-${a.application_number}-${action.document_code}`,
            period_months: action.period_months ?? null,
            full_text: action.text_file ? demoText(action.text_file) : null,
            source: 'demo',
          })
          .execute();
      }
      for (const [code, description, daysAgo] of history) {
        await trx
          .insertInto('prosecution_events')
          .values({ application_id: applicationId, event_code: code, description, event_date: daysBefore(today, daysAgo) })
          .execute();
      }
      await trx
        .insertInto('docket_entries')
        .values({ id: newId(), account_id: account.id, application_id: applicationId, client_matter, notes: 'Demo data' })
        .execute();
    }
    await trx.insertInto('prosa_meta').values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute();
  });
  return { email: DEMO_EMAIL, password, apiKey: key };
}

/** A public-record office action's text from the corpus (src/domain/office-action/fixtures). */
function demoText(file: string): string {
  return readFileSync(new URL(`../../domain/office-action/fixtures/${file}`, import.meta.url), 'utf8');
}
