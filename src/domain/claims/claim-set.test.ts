import { describe, expect, it } from 'vitest';
import { checkClaimSet, claimsFromEntries, ClaimSetError, parseClaimListing } from './claim-set.ts';

const fails = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ClaimSetError) return e.message;
    throw e;
  }
  throw new Error('expected a ClaimSetError');
};

describe('parseClaimListing', () => {
  it('reads a 37 CFR 1.121(c) listing: identifiers, ranges of cancelled claims, wrapped lines', () => {
    const { claims, warnings } = parseClaimListing(
      [
        'Listing of Claims:',
        '1. (Previously Presented) A widget comprising:',
        '   a frame; and',
        '   a lever.',
        '2-3. (Canceled)',
        '4. (Original) The widget of claim 1, wherein the lever is steel.',
        '5. (Withdrawn) A method of making a widget.',
        '6. (Currently Amended) The widget of claim 1, wherein the frame comprises:',
        '1) a base; 2) a post.',
        '7. The widget of claim 6, further comprising a spring.',
      ].join('\n'),
    );
    expect(claims).toEqual([
      { number: 1, status: 'pending', text: 'A widget comprising: a frame; and a lever.', previously_presented: true },
      { number: 2, status: 'cancelled', text: null, previously_presented: false },
      { number: 3, status: 'cancelled', text: null, previously_presented: false },
      { number: 4, status: 'pending', text: 'The widget of claim 1, wherein the lever is steel.', previously_presented: false },
      { number: 5, status: 'withdrawn', text: 'A method of making a widget.', previously_presented: false },
      { number: 6, status: 'pending', text: 'The widget of claim 1, wherein the frame comprises: 1) a base; 2) a post.', previously_presented: true },
      { number: 7, status: 'pending', text: 'The widget of claim 6, further comprising a spring.', previously_presented: false },
    ]);
    expect(warnings).toEqual([expect.stringMatching(/^Claim 6 was marked .*Currently Amended.*clean version/)]);
    checkClaimSet(claims);
  });

  it('refuses a listing with no numbered claim, text under a cancelled claim, and (Not Entered)', () => {
    expect(fails(() => parseClaimListing('A widget comprising a lever.'))).toMatch(/^text: no numbered claim found/);
    expect(fails(() => parseClaimListing('1. (Canceled) A widget.'))).toMatch(/^text \(claim 1\): a claim marked \(Canceled\) must have no text/);
    expect(fails(() => parseClaimListing('1. (Not Entered) A widget.'))).toMatch(/Not Entered/);
    expect(fails(() => parseClaimListing('1-3. (Original) A widget.'))).toMatch(/only cancelled claims may be listed as a range/);
  });
});

describe('checkClaimSet', () => {
  const set = (...e: Parameters<typeof claimsFromEntries>[0]) => claimsFromEntries(e);
  it('names the claim at fault', () => {
    expect(fails(() => checkClaimSet(set({ number: 1, text: 'A widget.' }, { number: 1, text: 'A gadget.' })))).toBe(
      'claims (claim 1): claim 1 appears more than once',
    );
    expect(fails(() => checkClaimSet(set({ number: 1, text: '' })))).toMatch(/claim 1 is pending but has no text/);
    expect(fails(() => checkClaimSet(set({ number: 1, text: 'A widget [[red]] blue.' })))).toMatch(/deletion markup/);
    expect(fails(() => checkClaimSet(set({ number: 1, text: 'The widget of claim 2, red.' }, { number: 2, text: 'A widget.' })))).toMatch(
      /claim 1 depends from claim 2: a dependent claim must refer back to a preceding claim/,
    );
    expect(fails(() => checkClaimSet(set({ number: 2, text: 'The widget of claim 1, red.' })))).toMatch(/depends from claim 1, which is not in the listing/);
    expect(fails(() => checkClaimSet(set({ number: 1, status: 'cancelled' }, { number: 2, text: 'The widget of claim 1, red.' })))).toMatch(
      /depends from claim 1, which is cancelled/,
    );
    expect(fails(() => checkClaimSet([]))).toMatch(/at least one claim/);
  });
  it('drops a leading number from a claim given one by one', () => {
    expect(set({ number: 1, text: '1. A widget.' })[0].text).toBe('A widget.');
  });
});
