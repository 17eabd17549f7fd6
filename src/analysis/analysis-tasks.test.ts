/**
 * The record is serialized once (the bound's size check is that serialization): the JSON text the
 * analysis stores and answers must be exactly the record's, whether or not the bound cut anything,
 * and a caller in the same thread gets the record itself with it.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { buildRecordHere } from './analysis-tasks.ts';
import { recordRequest } from './record-request-fixture.ts';
import { inProcessEngine } from './analysis-engine.ts';
import { unpackJsonText } from '../db/packed-json.ts';

const fixture = (name: string) => readFileSync(new URL(`../domain/office-action/fixtures/${name}.txt`, import.meta.url), 'utf8');
const request = (handle: string, text: string) => recordRequest(handle, text, null);

test.each(['01', '04', '09'])('action %s: the stored and answered JSON is the record, byte for byte, with nothing cut', (name) => {
  const { result, record } = buildRecordHere(request(`h-${name}`, fixture(name)));
  expect(record.truncated).toEqual({});
  expect(result.recordJson).toBe(JSON.stringify(record));
  expect(unpackJsonText(result.recordPacked)).toBe(result.recordJson);
});

test('a record the bound cut: its JSON is the record as cut, with what was left out and the weakness that says so', () => {
  // Forty copies of one action: every claim's lists run over their caps, so identical items merge.
  const text = Array.from({ length: 40 }, () => fixture('04')).join('\n');
  const { result, record } = buildRecordHere(request('h-cut', text));
  expect(Object.keys(record.truncated).length).toBeGreaterThan(0);
  expect(record.glass_box.known_weaknesses.some((w) => w.startsWith('output bounded:'))).toBe(true);
  expect(result.recordJson).toBe(JSON.stringify(record));
});

test('the in-process engine hands over the record it built, the same as its JSON', async () => {
  const out = await inProcessEngine.buildRecord(request('h-engine', fixture('04')));
  expect(out.record).toBeDefined();
  expect(out.record).toEqual(JSON.parse(out.recordJson));
});
