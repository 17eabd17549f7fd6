/** Helpers for the response-plan tests: an account with several API keys, corpus analyses, calls. */
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createKey, randomIp, signUp, type TestApp } from '../support/app.ts';

/** A real office action from the development corpus (copied into the project's fixtures). */
export function corpusText(name: string): string {
  return readFileSync(new URL(`../../src/domain/office-action/fixtures/${name}.txt`, import.meta.url), 'utf8');
}

export interface Account {
  accountId: string;
  cookie: string;
  keys: string[];
  /** Calls rotate over the account's keys (each key has its own burst budget). */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  analyze(fixture: string, applicationNumber?: string): Promise<{ analysis_id: string; claim_analyses: { claim_number: number; recommendation: string }[] }>;
}

export async function newAccount(t: TestApp, keyCount = 4): Promise<Account> {
  const s = await signUp(t.app);
  const keys = await Promise.all(Array.from({ length: keyCount }, (_, i) => createKey(t.app, s.cookie, `k${i}`)));
  let turn = 0;
  const call: Account['call'] = (method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-api-key': keys[turn++ % keys.length], ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: randomIp(),
    });
  return {
    accountId: s.accountId,
    cookie: s.cookie,
    keys,
    call,
    async analyze(fixture, applicationNumber) {
      const res = await call('POST', '/api/analyses', {
        office_action_text: corpusText(fixture),
        include_examiner_intel: false,
        ...(applicationNumber ? { application_number: applicationNumber } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
  };
}

/** Starts (or returns) the account's plan for an analysis. */
export async function startPlan(a: Account, analysisId: string): Promise<Record<string, any>> {
  const res = await a.call('POST', '/api/response-plans', { analysis_id: analysisId });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json();
}

/** The error object, checked for its shape. */
export function errorOf(res: LightMyRequestResponse, status: number, code: string): Record<string, any> {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ error: true, error_code: code });
  expect(typeof body.message).toBe('string');
  expect(typeof body.agent_suggestion).toBe('string');
  return body;
}
