/**
 * Who files a paper, resolved at submission and stored with the job (so every attempt builds the
 * same paper): the signer (the request's practitioner over the acting member's own profile, field
 * by field; migration 033: each person signs with theirs, and one with no profile leaves the
 * signer's name and registration number to fill, never another member's),
 * the deposit account fees are charged to, and the attorney docket number the caption prints (the
 * request's, else the firm's matter number on the docket entry; with neither, the caption keeps the
 * USPTO record's number, src/commands/draft-requests/inputs/caption.ts).
 */
import type { Db } from '../../db/connect.ts';
import { signerOf, type Practitioner } from '../../domain/practitioner.ts';
import { paperIdentityAndEntitySources, paperIdentitySources, type PaperIdentitySources } from '../../queries/paper-identity.ts';
import type { EntitySize } from '../../domain/deadlines/fees.ts';

export interface PaperIdentityGiven {
  practitioner?: Practitioner;
  deposit_account?: string;
  attorney_docket_number?: string;
}

export interface PaperIdentity {
  practitioner?: Practitioner;
  deposit_account?: string;
  attorney_docket_number?: string;
}

/** `memberId`: the member submitting the paper (actingMemberId, src/commands/actor.ts). */
export async function paperIdentity(db: Db, accountId: string, memberId: string, applicationId: string, given: PaperIdentityGiven): Promise<PaperIdentity> {
  return identityOf(await paperIdentitySources(db, accountId, memberId, applicationId), given);
}

/** The identity and the application's entity status (the request's `entity_size` wins), read in one statement. */
export async function paperIdentityAndEntity(
  db: Db,
  accountId: string,
  memberId: string,
  applicationId: string,
  given: PaperIdentityGiven,
  requested?: EntitySize | null,
): Promise<{ identity: PaperIdentity; entity: EntitySize }> {
  const sources = await paperIdentityAndEntitySources(db, accountId, memberId, applicationId, requested);
  return { identity: identityOf(sources, given), entity: sources.entity.entity_size };
}

function identityOf({ profile, clientMatter }: PaperIdentitySources, given: PaperIdentityGiven): PaperIdentity {
  const practitioner = signerOf(given.practitioner, profile);
  const deposit = given.deposit_account?.trim() || practitioner?.deposit_account;
  const docketNumber = given.attorney_docket_number?.trim() || clientMatter;
  return {
    ...(practitioner ? { practitioner } : {}),
    ...(deposit ? { deposit_account: deposit } : {}),
    ...(docketNumber ? { attorney_docket_number: docketNumber } : {}),
  };
}

/** The identity of a paper that charges no fee: its signer and docket number, no deposit account. */
export function signedBy(identity: PaperIdentity): Omit<PaperIdentity, 'deposit_account'> {
  const { deposit_account: _none, ...rest } = identity;
  return rest;
}
