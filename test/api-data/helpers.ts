// Shared by the account-API tests (test/api-data): requests that wait out the per-account rate
// limit (these files are not about rate limits), and test data written straight to the database.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/connect.ts';
import { injectAsClient, randomIp } from '../support/app.ts';

/** app.inject, sent again after Retry-After when the per-account limit (20 a second) refuses it. */
export function call(app: FastifyInstance, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return injectAsClient(app, { remoteAddress: randomIp(), ...opts });
}

/** Today (UTC) and a day `n` days before it, as the server computes them. */
export const today = () => new Date().toISOString().slice(0, 10);
export const daysAgo = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

export interface PublicAppSpec {
  number: string;
  title?: string;
  status?: 'pending' | 'allowed' | 'patented' | 'abandoned';
  filingDate?: string | null;
  examiner?: string | null;
  artUnit?: string | null;
  entityStatus?: string | null;
  patentNumber?: string | null;
}

/** A public (USPTO) application record; returns its id. */
export async function insertPublicApplication(db: Db, spec: PublicAppSpec): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('applications')
    .values({
      id,
      application_number: spec.number,
      owner_account_id: null,
      invention_title: spec.title ?? `Public application ${spec.number}`,
      status: spec.status ?? 'pending',
      filing_date: spec.filingDate === undefined ? '2023-01-10' : spec.filingDate,
      examiner_name: spec.examiner ?? 'HARTWELL, MARGARET ANNE',
      art_unit: spec.artUnit ?? '1727',
      entity_status: spec.entityStatus ?? 'small',
      patent_number: spec.patentNumber ?? null,
      source: 'odp',
    })
    .execute();
  return id;
}

/** A public paper of an application's file wrapper; returns its id. */
export async function insertPublicPaper(
  db: Db,
  applicationId: string,
  code: string,
  mailingDate: string,
  extra: { description?: string; fullText?: string | null; periodMonths?: number | null; direction?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('correspondence')
    .values({
      id,
      application_id: applicationId,
      document_code: code,
      description: extra.description ?? code,
      mailing_date: mailingDate,
      direction: extra.direction ?? 'OUTGOING',
      document_identifier: `DOC-${id.slice(0, 8)}`,
      period_months: extra.periodMonths ?? null,
      full_text: extra.fullText ?? null,
      source: 'odp',
    })
    .execute();
  return id;
}

export async function insertEvent(db: Db, applicationId: string, code: string, date: string, description: string | null = null): Promise<void> {
  await db.insertInto('prosecution_events').values({ application_id: applicationId, event_code: code, description, event_date: date }).execute();
}
