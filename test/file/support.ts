/**
 * Application 15/091,542 (test/fixtures/file-01): its action, claims and Laroia's full text, and
 * an account with the application on its docket and the action analysed.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { injectAsClient, randomIp, signUp } from '../support/app.ts';

export const fixture = (name: string) => readFileSync(new URL(`../fixtures/file-01/${name}`, import.meta.url), 'utf8');
export const ACTION = fixture('office-action.txt');
export const CLAIMS = fixture('claims-as-examined.txt');
export const LAROIA = fixture('reference-US20050025220.txt');

export interface FileAccount {
  cookie: string;
  accountId: string;
  entryId: string;
  analysisId: string;
  call(opts: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

/** Signs up, dockets 15/091,542 as a private application, and analyses its action. */
export async function fileAccount(app: FastifyInstance): Promise<FileAccount> {
  const { cookie, accountId } = await signUp(app);
  const call = (opts: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }) =>
    injectAsClient(app, { remoteAddress: randomIp(), ...opts, headers: { cookie, ...(opts.headers ?? {}) } } as InjectOptions);
  const entry = await call({
    method: 'POST',
    url: '/api/docket',
    payload: {
      application_number: '15/091,542',
      application: {
        invention_title: 'MULTI RADIO WIRELESS LAN NETWORKS',
        filing_date: '2016-04-05',
        examiner_name: 'NGUYEN, PHUONGCHAU BA',
        art_unit: '2464',
      },
    },
  });
  if (entry.statusCode !== 201) throw new Error(`docket: ${entry.statusCode} ${entry.body}`);
  const analysis = await call({
    method: 'POST',
    url: '/api/analyses',
    payload: { application_number: '15091542', office_action_text: ACTION, include_examiner_intel: false },
  });
  if (analysis.statusCode !== 201) throw new Error(`analysis: ${analysis.statusCode} ${analysis.body}`);
  return { cookie, accountId, entryId: entry.json().id, analysisId: analysis.json().analysis_id, call };
}

/** A multipart/form-data body with one file and text fields. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer | string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----prosa${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
