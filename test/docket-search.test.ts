import { expect, test } from 'vitest';
import { docketEntryMatches, docketSearch } from '../src/domain/docket-search.ts';

const entry = {
  applicationNumber: '17200011',
  title: 'Widget Sprocket',
  clientMatter: 'ACME-042',
  responsibleName: 'Dana Reyes',
  responsibleEmail: 'dana@firm.example',
  status: 'Non Final Action Mailed',
  examiner: 'NGUYEN, PHUONGCHAU BA',
};

test('a blank query matches everything', () => {
  expect(docketSearch(undefined)).toBeNull();
  expect(docketSearch('   ')).toBeNull();
  expect(docketEntryMatches(entry, docketSearch(''))).toBe(true);
});

test('an application number matches in every written form, whole or begun', () => {
  for (const q of ['17/200,011', '17200011', '17,200,011', '17-200011', 'US17/200,011', 'US 17/200,011', '17/200', '１７２０００１１']) {
    expect(docketSearch(q)?.numberDigits, q).not.toBeNull();
    expect(docketEntryMatches(entry, docketSearch(q)), q).toBe(true);
  }
  expect(docketEntryMatches(entry, docketSearch('17/300,011'))).toBe(false);
});

test('text matches inside the title, client matter and responsible person, whatever the case', () => {
  expect(docketSearch('Sprocket')).toEqual({ numberDigits: null, text: 'sprocket' });
  for (const q of ['sprocket', 'acme-04', 'REYES', 'dana@firm']) expect(docketEntryMatches(entry, docketSearch(q)), q).toBe(true);
  expect(docketEntryMatches(entry, docketSearch('gearbox'))).toBe(false);
  expect(docketEntryMatches({ ...entry, title: null, clientMatter: null, responsibleName: null, responsibleEmail: null }, docketSearch('acme'))).toBe(false);
});

test('text matches inside the status and the examiner too (the columns the docket shows)', () => {
  for (const q of ['non final', 'nguyen']) expect(docketEntryMatches(entry, docketSearch(q)), q).toBe(true);
  expect(docketEntryMatches({ ...entry, examiner: null }, docketSearch('nguyen'))).toBe(false);
});
