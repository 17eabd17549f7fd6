// Shared by the firm tests: a listening backend (OAuth needs real HTTP) whose mail is written as
// .eml files to a temporary data directory, and helpers that follow an invitation as a person would.
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startOAuthTestServer, type OAuthTestServer } from '../support/oauth.ts';
import { injectAsClient, randomIp, sessionCookie } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';

export interface FirmServer extends OAuthTestServer {
  mailDir: string;
  call(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function startFirmServer(): Promise<FirmServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'prosa-firms-'));
  const s = await startOAuthTestServer({ PROSA_DATA_DIR: dataDir });
  // The demo applications (17200011...) to docket; the demo account itself plays no part.
  await seedDemoData(s.database.db, new Date().toISOString().slice(0, 10));
  return { ...s, mailDir: join(dataDir, 'mail'), call: (opts) => injectAsClient(s.app, { remoteAddress: randomIp(), ...opts }) };
}

/** The raw text of the newest .eml sent to this address (quoted-printable soft breaks joined). */
export function lastMailTo(mailDir: string, email: string): string {
  const files = existsSync(mailDir)
    ? readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
  for (const f of files.reverse()) {
    const raw = readFileSync(join(mailDir, f), 'utf8');
    if (raw.includes(`To: ${email}`)) return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  }
  throw new Error(`no mail to ${email} in ${mailDir}`);
}

/** The invitation link's token in the newest mail to this address. */
export function invitationToken(mailDir: string, email: string): string {
  const m = /\/join\?token=([A-Za-z0-9_-]+)/.exec(lastMailTo(mailDir, email));
  if (!m) throw new Error('no /join link in the mail');
  return m[1];
}

export const PASSWORD = 'correct horse battery';

export async function signUpPerson(s: FirmServer, email: string, invitationToken?: string): Promise<{ cookie: string; body: Record<string, any> }> {
  const res = await s.call({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: PASSWORD, ...(invitationToken ? { invitation_token: invitationToken } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), body: res.json() };
}

/** The owner invites `email` with `role`; the invited person signs up through the mailed link. */
export async function inviteAndJoin(s: FirmServer, ownerCookie: string, email: string, role: string): Promise<{ cookie: string; memberId: string }> {
  const inv = await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: ownerCookie }, payload: { email, role } });
  if (inv.statusCode !== 201) throw new Error(`invite failed: ${inv.statusCode} ${inv.body}`);
  const joined = await signUpPerson(s, email, invitationToken(s.mailDir, email));
  return { cookie: joined.cookie, memberId: joined.body.member.id };
}

export const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@firm.example`;
