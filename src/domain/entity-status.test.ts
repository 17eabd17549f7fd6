import { describe, expect, it } from 'vitest';
import { decideEntity, entityOfRecord } from './entity-status.ts';

describe('entity status: the request, the docket entry, the application record, then the account', () => {
  it("reads the records' spellings (ours, the Open Data Portal's category) and nothing else", () => {
    expect(['small', 'SMALL', 'Small'].map(entityOfRecord)).toEqual(['small', 'small', 'small']);
    expect(['micro', 'Micro', 'MICRO'].map(entityOfRecord)).toEqual(['micro', 'micro', 'micro']);
    expect(['large', 'Regular Undiscounted', 'UNDISCOUNTED'].map(entityOfRecord)).toEqual(['large', 'large', 'large']);
    expect([null, undefined, '', 'unknown'].map(entityOfRecord)).toEqual([null, null, null, null]);
  });

  it('takes the first source that says something', () => {
    const record = { entity_status: 'Regular Undiscounted', private: false };
    expect(decideEntity({ request: 'micro', docket: 'small', record, account: 'large' })).toEqual({ entity_size: 'micro', source: 'request' });
    expect(decideEntity({ docket: 'small', record, account: 'large' })).toEqual({ entity_size: 'small', source: 'docket' });
    expect(decideEntity({ docket: null, record, account: 'small' })).toEqual({ entity_size: 'large', source: 'uspto' });
    expect(decideEntity({ record: { entity_status: null, private: false }, account: 'small' })).toEqual({ entity_size: 'small', source: 'account' });
    expect(decideEntity({ account: undefined })).toEqual({ entity_size: 'large', source: 'account' });
  });

  it("an unpublished application's entity status is what the account entered on its docket", () => {
    expect(decideEntity({ record: { entity_status: 'micro', private: true }, account: 'large' })).toEqual({ entity_size: 'micro', source: 'docket' });
  });
});
