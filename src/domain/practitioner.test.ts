import { describe, expect, it } from 'vitest';
import { practitionerOf, signerOf } from './practitioner.ts';

const profile = {
  name: 'Jane Roe',
  registration_number: '71,234',
  firm: 'Roe IP LLP',
  telephone: '(415) 555-0100',
  deposit_account: '50-1234',
  customer_number: '20995',
};

describe('who signs a paper: the request over the profile, field by field', () => {
  it('without a signer in the request, the profile signs', () => {
    expect(signerOf(undefined, profile)).toEqual(profile);
    expect(signerOf({}, null)).toBeUndefined();
  });

  it("the request's own fields win one by one; blank ones do not erase the profile's", () => {
    expect(signerOf({ telephone: '(212) 555-0199', firm: ' ' }, profile)).toEqual({ ...profile, telephone: '(212) 555-0199' });
  });

  it("another signer named takes neither the profile's name nor its registration number", () => {
    expect(signerOf({ name: 'John Doe' }, profile)).toEqual({
      name: 'John Doe',
      firm: 'Roe IP LLP',
      telephone: '(415) 555-0100',
      deposit_account: '50-1234',
      customer_number: '20995',
    });
    expect(signerOf({ name: 'John Doe', registration_number: '65432' }, profile)).toMatchObject({
      name: 'John Doe',
      registration_number: '65432',
      firm: 'Roe IP LLP',
    });
  });

  it('a stored profile is read back as its non-blank string fields only', () => {
    expect(practitionerOf({ name: ' Jane Roe ', firm: '', extra: 'x', telephone: 5 })).toEqual({ name: 'Jane Roe' });
    expect(practitionerOf(null)).toBeNull();
  });
});
