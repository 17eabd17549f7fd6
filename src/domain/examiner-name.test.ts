import { describe, expect, it } from 'vitest';
import { composeExaminerName, middlesCompatible, nameReadings, parseExaminerName } from './examiner-name.ts';

describe('parseExaminerName', () => {
  it('reads LAST, FIRST MIDDLE as the USPTO writes it', () => {
    expect(parseExaminerName('DOVE, TRACY MAE')).toEqual({ last: 'DOVE', first: 'TRACY', middle: ['MAE'] });
    expect(parseExaminerName('SABOURI, MAZDA')).toEqual({ last: 'SABOURI', first: 'MAZDA', middle: [] });
    expect(parseExaminerName('MATTHEWS, CHRISTINE HOPKINS')).toEqual({ last: 'MATTHEWS', first: 'CHRISTINE', middle: ['HOPKINS'] });
  });

  it('ignores case, spacing and punctuation', () => {
    const want = { last: 'OBRIEN', first: 'TRACY', middle: ['M'] };
    for (const raw of ["o'brien, tracy m.", "  O'BRIEN ,TRACY   M ", 'OBRIEN, Tracy M', 'O BRIEN, TRACY M']) expect(parseExaminerName(raw)).toEqual(want);
    expect(parseExaminerName('van der berg, jean-paul a')).toEqual({ last: 'VANDERBERG', first: 'JEANPAUL', middle: ['A'] });
    expect(parseExaminerName('DOVE,+TRACY+MAE')).toEqual({ last: 'DOVE', first: 'TRACY', middle: ['MAE'] });
    expect(parseExaminerName('Müller, José')).toEqual({ last: 'MULLER', first: 'JOSE', middle: [] });
  });

  it('has nothing to read in an empty name', () => {
    expect(parseExaminerName('')).toBeNull();
    expect(parseExaminerName(', TRACY')).toBeNull();
    expect(parseExaminerName(null)).toBeNull();
  });
});

describe('nameReadings', () => {
  it('fixes the reading when a comma is given', () => {
    expect(nameReadings('DOVE, TRACY M')).toEqual([{ last: 'DOVE', first: 'TRACY', middle: ['M'] }]);
  });
  it('tries every split of a comma-less name', () => {
    expect(nameReadings('dove tracy mae')).toEqual([
      { last: 'DOVE', first: 'TRACY', middle: ['MAE'] },
      { last: 'DOVETRACY', first: 'MAE', middle: [] },
    ]);
    expect(nameReadings('van dyke mary')).toContainEqual({ last: 'VANDYKE', first: 'MARY', middle: [] });
    expect(nameReadings('dove')).toEqual([{ last: 'DOVE', first: '', middle: [] }]);
  });
});

describe('middlesCompatible', () => {
  it.each([
    [['M'], ['MAE'], true],
    [['MAE'], ['MAE'], true],
    [[], ['MAE'], true],
    [['M'], ['MARY', 'ANN'], true],
    [['M', 'A'], ['MARY', 'ANN'], true],
    [['MARY', 'ANN'], ['MARYANN'], true],
    [['MAE'], ['MARIE'], false],
    [['J'], ['MAE'], false],
    [['M', 'B'], ['MARY', 'ANN'], false],
  ])('%j ~ %j is %s', (a, b, want) => {
    expect(middlesCompatible(a, b)).toBe(want);
    expect(middlesCompatible(b, a)).toBe(want);
  });
});

describe('composeExaminerName', () => {
  it('builds LAST, FIRST MIDDLE from PatEx 2014–2017 columns', () => {
    expect(composeExaminerName('DOVE', 'TRACY', 'MAE')).toBe('DOVE, TRACY MAE');
    expect(composeExaminerName('SABOURI', 'MAZDA', null)).toBe('SABOURI, MAZDA');
    expect(composeExaminerName(null, 'TRACY', 'MAE')).toBeNull();
  });
});
