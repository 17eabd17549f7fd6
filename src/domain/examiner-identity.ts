// Which stored examiner-name variants are one person, and which of them a query names.
// Pure: no I/O. Decision recorded in docs/examiner-profile.md ("Name matching").
//
// Names collide and change, and sources write them differently: ODP gives full middle names
// ("DOVE, TRACY MAE"), older PatEx rows initials ("DOVE, TRACY M") plus a stable examiner_id;
// ODP has no examiner id (uspto-data.md §1.4, §2). So:
//  1. Variants with a full middle name anchor persons, one per middle name (split further when
//     they carry two different examiner ids).
//  2. Variants with an initial or no middle name join the one person they are compatible with
//     (middle name and examiner id); when none or several fit they stand alone, never guessed.
//  3. A query selects the persons compatible with its middle name, preferring exact full
//     matches, and never letting a variant without a middle name hide a more specific match.
import { isFullMiddle, middleKey, middlesCompatible, type NameParts } from './examiner-name.ts';

export interface NameVariant {
  /** Opaque key of the variant's statistics rows. */
  key: string;
  last: string;
  first: string;
  middle: string[];
  examinerId: string | null;
  /** The name as the USPTO wrote it, for display. */
  displayName: string;
  /** Applications behind the variant (chooses the display name of a person). */
  cases: number;
}

export interface ExaminerPerson {
  variants: NameVariant[];
  /** The most specific middle name among the variants. */
  middle: string[];
  examinerIds: string[];
  /** The display name of the most specific, most used variant. */
  displayName: string;
}

interface Draft {
  variants: NameVariant[];
  middle: string[];
  ids: Set<string>;
}

function idsFit(draft: Draft, id: string | null): boolean {
  return id === null || draft.ids.size === 0 || draft.ids.has(id);
}

/** Group variants into persons (all variants share last and first name). */
export function groupPersons(variants: readonly NameVariant[]): ExaminerPerson[] {
  const drafts: Draft[] = [];
  // 1. Full middle names anchor persons; one examiner id each unless ids disagree.
  const full = groupBy(
    variants.filter((v) => isFullMiddle(v.middle)),
    (v) => middleKey(v.middle).replace(/ /g, ''),
  );
  for (const group of full.values()) {
    const ids = new Set(group.map((v) => v.examinerId).filter((x): x is string => x !== null));
    if (ids.size <= 1) {
      drafts.push({ variants: [...group], middle: mostSpecific(group), ids });
    } else {
      for (const id of ids) {
        const own = group.filter((v) => v.examinerId === id);
        drafts.push({ variants: own, middle: mostSpecific(own), ids: new Set([id]) });
      }
      const orphans = group.filter((v) => v.examinerId === null);
      if (orphans.length > 0) drafts.push({ variants: orphans, middle: mostSpecific(orphans), ids: new Set() });
    }
  }
  // 2. Initials first, then missing middle names, so those can join a person an initial formed.
  const partial = [
    ...groupBy(
      variants.filter((v) => !isFullMiddle(v.middle)),
      (v) => `${middleKey(v.middle)}|${v.examinerId ?? ''}`,
    ).values(),
  ];
  partial.sort((a, b) => b[0].middle.length - a[0].middle.length);
  for (const group of partial) {
    const { middle, examinerId } = group[0];
    const fits = drafts.filter((d) => middlesCompatible(d.middle, middle) && idsFit(d, examinerId));
    if (fits.length === 1) {
      fits[0].variants.push(...group);
      if (examinerId !== null) fits[0].ids.add(examinerId);
      if (fits[0].middle.length === 0) fits[0].middle = [...middle];
    } else {
      drafts.push({ variants: [...group], middle: [...middle], ids: new Set(examinerId === null ? [] : [examinerId]) });
    }
  }
  return drafts.map(toPerson);
}

/** The persons a query names (0: unknown, 1: found, more: ambiguous). */
export function matchPersons(persons: readonly ExaminerPerson[], query: NameParts): ExaminerPerson[] {
  const compatible = persons.filter((p) => middlesCompatible(p.middle, query.middle));
  if (query.middle.length === 0) return compatible;
  if (isFullMiddle(query.middle)) {
    const exact = compatible.filter((p) => p.middle.join('') === query.middle.join(''));
    if (exact.length > 0) return exact;
  }
  const specific = compatible.filter((p) => p.middle.length > 0);
  return specific.length > 0 ? specific : compatible;
}

function toPerson(d: Draft): ExaminerPerson {
  const best = [...d.variants].sort(
    (a, b) => b.middle.join('').length - a.middle.join('').length || b.cases - a.cases || a.displayName.localeCompare(b.displayName),
  )[0];
  return { variants: d.variants, middle: d.middle, examinerIds: [...d.ids].sort(), displayName: best.displayName };
}

function mostSpecific(group: readonly NameVariant[]): string[] {
  return [...group].sort((a, b) => b.middle.join('').length - a.middle.join('').length)[0].middle;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
