import { describe, expect, it } from 'vitest';
import {
  claimElements,
  dependentLimitations,
  incorporateLimitations,
  isMultipleDependent,
  parentClaimOf,
  repointDependency,
  rewriteInIndependentForm,
  stripClaimNumber,
} from '../../src/domain/claims/claim-text.ts';

const c1 = '1. A device comprising: a sensor configured to detect light; and a processor coupled to the sensor.';
const c4 = '4. The device of claim 1, wherein the sensor is optical.';
const c5 = '5. The device according to claim 4, further comprising a lens.';

describe('claim text', () => {
  it('strips the claim number', () => {
    expect(stripClaimNumber(c1)).toBe('A device comprising: a sensor configured to detect light; and a processor coupled to the sensor.');
    expect(stripClaimNumber('12) A method.')).toBe('A method.');
  });

  it('reads the parent claim from the preamble', () => {
    expect(parentClaimOf(c1)).toBeNull();
    expect(parentClaimOf(c4)).toBe(1);
    expect(parentClaimOf(c5)).toBe(4);
    expect(parentClaimOf('The method as recited in claim 12 wherein x.')).toBe(12);
  });

  it('takes the limitations a dependent claim adds', () => {
    expect(dependentLimitations(c4)).toBe('wherein the sensor is optical');
    expect(dependentLimitations(c5)).toBe('further comprising a lens');
    expect(dependentLimitations('The method of claim 3 wherein x is y.')).toBe('wherein x is y');
  });

  it('does not take apart a multiple dependent claim', () => {
    const multiple = 'The device of any one of claims 1 or 2, wherein x.';
    expect(isMultipleDependent(multiple)).toBe(true);
    expect(dependentLimitations(multiple)).toBeNull();
    expect(isMultipleDependent(c4)).toBe(false);
  });

  it('incorporates a dependent claim into its base claim', () => {
    expect(incorporateLimitations(c1, [c4])).toBe(
      'A device comprising: a sensor configured to detect light; and a processor coupled to the sensor, wherein the sensor is optical.',
    );
    expect(incorporateLimitations(c1, ['A claim with no reference.'])).toBeNull();
  });

  it('rewrites a dependent claim in independent form with its base and intervening claims', () => {
    expect(rewriteInIndependentForm(c1, [c4, c5])).toBe(
      'A device comprising: a sensor configured to detect light; and a processor coupled to the sensor, wherein the sensor is optical, further comprising a lens.',
    );
    expect(rewriteInIndependentForm(c4, [c5])).toBeNull();
  });

  it('points a claim at a new parent', () => {
    expect(repointDependency(c5, 4, 1)).toBe('The device according to claim 1, further comprising a lens.');
    expect(repointDependency('The device of claim 14, wherein x.', 1, 2)).toBeNull();
  });

  it('splits a claim body into elements', () => {
    expect(claimElements(c1)).toEqual(['a sensor configured to detect light', 'a processor coupled to the sensor']);
    expect(claimElements(c4)).toEqual(['the sensor is optical']);
  });
});
