import { middleKey, type NameParts } from '../../domain/examiner-name.ts';

/**
 * Key of one examiner-name variant's statistics: the name's parts (case, spacing and punctuation
 * already folded) and the PatEx examiner_id when there is one. Variants are merged into persons
 * at query time (domain/examiner-identity.ts), never at write time, so a matching rule can change
 * without recomputing anything.
 */
export function examinerKey(name: NameParts, examinerId: string | null): string {
  return `${name.last}|${name.first}|${middleKey(name.middle)}|${examinerId ?? ''}`;
}
