import { describe, expect, it } from 'vitest';
import { splitLimitations } from './limitations.ts';

describe('claim limitations', () => {
  it('splits an independent claim into its preamble and elements, a wherein clause on its own', () => {
    const claim =
      '1. A method comprising: associating a first subchannel with a first region; transmitting a dataset in the first region; and reassigning a portion of the first subchannel based on a load, wherein the first region is receivable by a WLAN device.';
    const split = splitLimitations(claim);
    expect(split.parent).toBeNull();
    expect(split.limitations.map((l) => [l.index, l.part, l.text])).toEqual([
      [0, 'preamble', 'A method comprising'],
      [1, 'element', 'associating a first subchannel with a first region'],
      [2, 'element', 'transmitting a dataset in the first region'],
      [3, 'element', 'reassigning a portion of the first subchannel based on a load'],
      [4, 'element', 'wherein the first region is receivable by a WLAN device'],
    ]);
    for (const l of split.limitations) expect(split.text.slice(l.start, l.end)).toBe(l.text);
  });

  it('reads a dependent claim as its parent and the limitations it adds', () => {
    const split = splitLimitations('5. The method of claim 2, wherein the BPF is configured to reject, at least in part, a band above 5400MHz.');
    expect(split.parent).toBe(2);
    expect(split.limitations.map((l) => l.text)).toEqual(['wherein the BPF is configured to reject, at least in part, a band above 5400MHz']);
  });

  it('splits a body written without semicolons before each new element', () => {
    const split = splitLimitations('A device comprising a housing having a bore, a sensor mounted in the housing, and a processor coupled to the sensor.');
    expect(split.limitations.map((l) => l.text)).toEqual([
      'A device comprising',
      'a housing having a bore',
      'a sensor mounted in the housing',
      'a processor coupled to the sensor',
    ]);
  });

  it('never splits inside parentheses', () => {
    const split = splitLimitations('A system comprising: a filter (a bandpass filter; BPF) coupled to an amplifier; and a mixer.');
    expect(split.limitations.map((l) => l.text)).toEqual(['A system comprising', 'a filter (a bandpass filter; BPF) coupled to an amplifier', 'a mixer']);
  });
});
