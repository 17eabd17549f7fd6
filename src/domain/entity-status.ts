/**
 * Which entity status a fee is for (issue 19: "an RCE printed $1,500 for a small-entity
 * application"). Entity status belongs to the application, not to the firm: the same attorney
 * prosecutes for a university (small), an individual (micro) and a corporation (large). So a fee
 * follows, in order, what the paper's request says, the entity status the firm recorded on the
 * docket entry, the application's record (the USPTO's, or for an unpublished application the
 * account's own), and only then the account's setting, a default for applications nobody has said
 * anything about.
 */
import type { EntitySize } from './deadlines/fees.ts';

/** Where the entity status came from: the request, the docket entry (or the account's private record), the USPTO record, the account's default. */
export type EntitySource = 'request' | 'docket' | 'uspto' | 'account';

export interface EntityDecision {
  entity_size: EntitySize;
  source: EntitySource;
}

/**
 * An entity status as records write it: ours (`small`), the Open Data Portal's category
 * (`SMALL`, `Small`, `Micro`, `Regular Undiscounted`), a PatEx-style `undiscounted`. Null when
 * it says nothing recognisable (then the next source decides). Micro first: a micro entity is
 * also small in the 1.27 sense.
 */
export function entityOfRecord(value: string | null | undefined): EntitySize | null {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return null;
  if (v.includes('micro')) return 'micro';
  if (v.includes('small')) return 'small';
  if (v === 'large' || v.includes('undiscounted') || v.includes('regular')) return 'large';
  return null;
}

export interface EntityCandidates {
  request?: EntitySize | null;
  /** The docket entry's entity_size. */
  docket?: string | null;
  /** applications.entity_status and whether the record is the account's own (unpublished) one. */
  record?: { entity_status: string | null; private: boolean } | null;
  /** accounts.entity_size. */
  account: string | null | undefined;
}

/** The one rule: request, docket entry, the application's record, the account. */
export function decideEntity(c: EntityCandidates): EntityDecision {
  if (c.request) return { entity_size: c.request, source: 'request' };
  const docket = entityOfRecord(c.docket);
  if (docket) return { entity_size: docket, source: 'docket' };
  const record = entityOfRecord(c.record?.entity_status);
  // The account typed a private record's entity status onto its docket: the docket is the source.
  if (record) return { entity_size: record, source: c.record?.private ? 'docket' : 'uspto' };
  return { entity_size: entityOfRecord(c.account) ?? 'large', source: 'account' };
}
